import Testing
@testable import ApiInterface

@Test func works() {}
