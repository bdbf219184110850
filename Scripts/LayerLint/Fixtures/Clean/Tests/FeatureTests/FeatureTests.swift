import Testing
@testable import Feature
import Log
import TestKit
import typealias Log.LogInfo

@Test func works() {}
