import Units

/// A dial over a range of readings. See ``Dial`` for the drawing.
public struct Gauge: Sendable {
  /// The value shown.
  public let reading: Reading

  /// Creates a gauge showing `reading`.
  public init(reading: Reading) {
    self.reading = reading
  }

  public func needleAngle() -> Double { reading.value * 3.6 }

  /// Internal helpers need no documentation.
  func helper() {}
}

/// A direction the gauge points to.
public enum Direction: Sendable {
  /// Up or down.
  case up, down
}
