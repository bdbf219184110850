import Testing
@testable import Log

@Test func works() {}
