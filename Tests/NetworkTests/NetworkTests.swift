import Testing
@testable import Network

@Test func placeholder() { #expect(Bool(true)) }
