import UnitsInterface

/// Shows a reading.
public struct Dial {
  /// Creates a dial.
  public init() {}

  /// The reading as text.
  public func text(_ reading: Reading) -> String { "\(reading.value) \(reading.scale.rawValue)" }
}
