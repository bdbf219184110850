import Testing
@testable import Stray

@Test func works() {}
