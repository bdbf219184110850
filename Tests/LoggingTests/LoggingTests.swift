import Testing
@testable import Logging

@Test func placeholder() { #expect(Bool(true)) }
