/// A measured value in percent; see ``Reading/value``.
public struct Reading: Sendable, Equatable, CustomStringConvertible {
  /// The percentage, 0 to 100.
  public let value: Double

  /// Creates a reading.
  public init(value: Double) {
    self.value = value
  }

  public var description: String { "\(value)%" }
}
