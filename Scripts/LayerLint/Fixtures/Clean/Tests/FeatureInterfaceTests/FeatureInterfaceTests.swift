import Testing
import FeatureInterface

@Test func works() {}
