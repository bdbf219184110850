/// Describes the HeatRadiatorService module; replace it with the module's first real type.
public struct HeatRadiatorServiceInfo: Sendable, Equatable {
  /// The module's name.
  public let moduleName: String
  /// The layer the module lives in.
  public let layer: String

  /// The HeatRadiatorService module itself.
  public static let current = HeatRadiatorServiceInfo(moduleName: "HeatRadiatorService", layer: "Service")

  /// Creates a description of a module in a layer.
  public init(moduleName: String, layer: String) {
    self.moduleName = moduleName
    self.layer = layer
  }

  /// A one-line summary such as `HeatRadiatorService (Service layer)`.
  public var summary: String { "\(moduleName) (\(layer) layer)" }
}
