import Testing
@testable import AppAnalytics

@Test func placeholder() { #expect(Bool(true)) }
