import Testing
@testable import FeatureInterface

@Test func works() {}
