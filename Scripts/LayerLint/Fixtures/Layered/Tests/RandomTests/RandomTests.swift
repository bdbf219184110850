import Testing
import Log

@Test func works() {}
