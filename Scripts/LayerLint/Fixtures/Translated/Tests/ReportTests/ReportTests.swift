import Testing
@testable import Report

@Test func heading() { #expect(Report.heading == "Daily report") }
