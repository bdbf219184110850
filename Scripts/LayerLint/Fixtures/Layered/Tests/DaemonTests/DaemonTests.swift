import Testing
@testable import Daemon

@Test func works() {}
