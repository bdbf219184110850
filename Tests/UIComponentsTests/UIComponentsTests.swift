import Testing
@testable import UIComponents

@Test func placeholder() { #expect(Bool(true)) }
