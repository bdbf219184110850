import Testing

@testable import CosmonautRuApp

@Test func placeholder() {}
