/// Describes the SolarArrayService module; replace it with the module's first real type.
public struct SolarArrayServiceInfo: Sendable, Equatable {
  /// The module's name.
  public let moduleName: String
  /// The layer the module lives in.
  public let layer: String

  /// The SolarArrayService module itself.
  public static let current = SolarArrayServiceInfo(moduleName: "SolarArrayService", layer: "Service")

  /// Creates a description of a module in a layer.
  public init(moduleName: String, layer: String) {
    self.moduleName = moduleName
    self.layer = layer
  }

  /// A one-line summary such as `SolarArrayService (Service layer)`.
  public var summary: String { "\(moduleName) (\(layer) layer)" }
}
