import Testing
@testable import Persistence

@Test func placeholder() { #expect(Bool(true)) }
