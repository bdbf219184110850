import Testing
@testable import Base

@Test func logs() { Logger().info("Hello there") }
