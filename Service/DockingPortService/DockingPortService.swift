/// Describes the DockingPortService module; replace it with the module's first real type.
public struct DockingPortServiceInfo: Sendable, Equatable {
  /// The module's name.
  public let moduleName: String
  /// The layer the module lives in.
  public let layer: String

  /// The DockingPortService module itself.
  public static let current = DockingPortServiceInfo(moduleName: "DockingPortService", layer: "Service")

  /// Creates a description of a module in a layer.
  public init(moduleName: String, layer: String) {
    self.moduleName = moduleName
    self.layer = layer
  }

  /// A one-line summary such as `DockingPortService (Service layer)`.
  public var summary: String { "\(moduleName) (\(layer) layer)" }
}
