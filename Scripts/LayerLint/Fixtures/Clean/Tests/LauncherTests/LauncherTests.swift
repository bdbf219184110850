import Testing
@testable import Launcher

@Test func works() {}
