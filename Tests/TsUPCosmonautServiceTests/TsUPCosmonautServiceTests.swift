import Testing

@testable import TsUPCosmonautService

@Test func placeholder() {}
