import Testing
@testable import Cosmonaut

@Test func placeholder() { #expect(Bool(true)) }
