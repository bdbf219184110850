import Testing

@testable import SpacesuitSimulator

@Test func placeholder() { #expect(Bool(true)) }
