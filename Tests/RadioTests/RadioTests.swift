import Testing
@testable import Radio

@Test func placeholder() { #expect(Bool(true)) }
