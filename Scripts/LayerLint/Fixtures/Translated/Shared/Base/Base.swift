/// A logger stand-in for the fixture.
public struct Logger {
  public func info(_ message: String) {}
}
