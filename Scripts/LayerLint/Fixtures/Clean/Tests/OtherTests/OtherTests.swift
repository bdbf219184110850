import Testing
import Other
import FeatureInterface

@Test func works() {}
