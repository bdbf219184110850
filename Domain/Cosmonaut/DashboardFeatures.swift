import PartnerConfiguration

/// What a partner switches on or off on the dashboard: the domain's `dashboardPositionPanel` toggle
/// (`PartnerVocabulary.json`), read by `CosmonautDomain` from the partner's toggles.
public struct DashboardFeatures: Sendable, Equatable {
  /// Whether the dashboard shows the station's position (asked of Houston). Off, the screen neither
  /// shows nor asks for it; `--json` keeps its one document, position included.
  public var showsPosition: Bool

  /// The dashboard's features; by default the toggle's declared default (on).
  public init(showsPosition: Bool = FeatureToggle.dashboardPositionPanel.defaultValue) {
    self.showsPosition = showsPosition
  }
}
