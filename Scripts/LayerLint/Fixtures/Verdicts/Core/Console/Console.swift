import StationInterface

/// Shows a rack.
public struct Console {
  /// Creates a console.
  public init() {}

  /// The rack's name as a line.
  public func line(_ rack: Rack) -> String { "rack \(rack.name)" }
}
