import Testing
import Log
import TestKit

@Test func works() {}
