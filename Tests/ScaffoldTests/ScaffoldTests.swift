import Testing
@testable import Scaffold

@Test func placeholder() { #expect(Bool(true)) }
