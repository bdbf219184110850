import Testing
@testable import Store
import Feature
import Log

@Test func works() {}
