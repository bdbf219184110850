import Testing
@testable import Spacesuit

@Test func placeholder() { #expect(Bool(true)) }
