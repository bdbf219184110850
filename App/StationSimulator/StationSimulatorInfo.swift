/// Describes the StationSimulator module; replace it with the module's first real type.
public struct StationSimulatorInfo: Sendable, Equatable {
  /// The module's name.
  public let moduleName: String
  /// The layer the module lives in.
  public let layer: String

  /// The StationSimulator module itself.
  public static let current = StationSimulatorInfo(moduleName: "StationSimulator", layer: "App")

  /// Creates a description of a module in a layer.
  public init(moduleName: String, layer: String) {
    self.moduleName = moduleName
    self.layer = layer
  }

  /// A one-line summary such as `StationSimulator (App layer)`.
  public var summary: String { "\(moduleName) (\(layer) layer)" }
}
