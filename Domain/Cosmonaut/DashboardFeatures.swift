/// What a partner switches on or off on the dashboard (the app hands it in; the domain sees nothing
/// else of the partner's configuration).
public struct DashboardFeatures: Sendable, Equatable {
  /// Whether the dashboard shows the station's position (asked of Houston). Off, the screen neither
  /// shows nor asks for it; `--json` keeps its one document, position included.
  public var showsPosition: Bool

  /// The dashboard's features; all on by default.
  public init(showsPosition: Bool = true) {
    self.showsPosition = showsPosition
  }
}
