import Testing
@testable import Tool

@Test func works() {}
