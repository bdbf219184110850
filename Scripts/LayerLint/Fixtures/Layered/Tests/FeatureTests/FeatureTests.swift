import Testing
@testable import Feature
internal import Log

@Test func works() {}
