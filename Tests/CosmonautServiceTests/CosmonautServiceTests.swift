import Testing
@testable import CosmonautService

@Test func placeholder() { #expect(Bool(true)) }
