import Testing
@testable import SpacesuitService

@Test func placeholder() { #expect(Bool(true)) }
