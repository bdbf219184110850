/// A measured value.
public struct Reading: Equatable, Sendable {
  /// The value.
  public var value: Double
  /// Its scale.
  public let scale: Scale

  /// A reading of `value` on `scale`.
  public init(value: Double, scale: Scale = .celsius) {
    self.value = value
    self.scale = scale
  }

  /// The reading on another scale.
  public func converted(to scale: Scale) -> Reading { Reading(value: value, scale: scale) }
}

/// What a reading is measured in.
public enum Scale: String, Sendable {
  case celsius, kelvin
}

/// Something that reads a value.
public protocol Probe: Sendable {
  /// The current reading.
  func read() async throws -> Reading
  /// Its name.
  var name: String { get }
}

extension Probe {
  /// "probe".
  public var name: String { "probe" }
}

/// The freezing point of water.
public let freezing = Reading(value: 0)
