/// Describes the Peripheries module; replace it with the module's first real type.
public struct PeripheriesInfo: Sendable, Equatable {
  /// The module's name.
  public let moduleName: String
  /// The layer the module lives in.
  public let layer: String

  /// The Peripheries module itself.
  public static let current = PeripheriesInfo(moduleName: "Peripheries", layer: "Domain")

  /// Creates a description of a module in a layer.
  public init(moduleName: String, layer: String) {
    self.moduleName = moduleName
    self.layer = layer
  }

  /// A one-line summary such as `Peripheries (Domain layer)`.
  public var summary: String { "\(moduleName) (\(layer) layer)" }
}
