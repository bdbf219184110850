import Testing

@testable import CosmonautServiceInterface

@Test func placeholder() {}
