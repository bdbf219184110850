import Testing
@testable import Api

@Test func works() {}
