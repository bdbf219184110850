/// One agency's configuration of the apps: who it is, how the screens look, which features are
/// on and where analytics go. Read from a partner file (JSON) with ``PartnerFile/decode(_:file:)``.
///
/// ```json
/// {
///   "id": "esa", "name": "ESA",
///   "theme": {
///     "base": { "title": { "foreground": "#00AEEF", "attributes": ["bold"] }, "heading": …, "label": … },
///     "screens": { "dashboard": { "title": { "background": "#003247" } } }
///   },
///   "features": { "offlineMode": false, "backgroundSync": true, "dashboardPositionPanel": false,
///                 "dockingSchedule": true, "resultsOnCompletion": true },
///   "analytics": { "providers": ["jsonLines"] }
/// }
/// ```
public struct PartnerConfiguration: Sendable, Equatable {
  /// The partner's id: lowercase letters, digits and hyphens (what `--partner` names), e.g. `esa`.
  public var id: String
  /// The name people read, e.g. `ESA`.
  public var name: String
  /// How the screens look.
  public var theme: PartnerTheme
  /// What the apps do.
  public var features: FeatureToggles
  /// Where analytics events go.
  public var analytics: AnalyticsSelection

  /// A configuration.
  public init(
    id: String, name: String, theme: PartnerTheme, features: FeatureToggles, analytics: AnalyticsSelection
  ) {
    self.id = id
    self.name = name
    self.theme = theme
    self.features = features
    self.analytics = analytics
  }
}

/// A partner's styles: one per element type in `base`, and overrides per screen; both over the
/// schema's (see ``StyleSheet`` for the order).
public struct PartnerTheme: Sendable, Equatable {
  /// The partner's style of each element type, on every screen.
  public var base: [StyleElement: TextStyle]
  /// The partner's styles of some elements on some screens.
  public var screens: [StyleScreen: [StyleElement: TextStyle]]

  /// A theme.
  public init(base: [StyleElement: TextStyle], screens: [StyleScreen: [StyleElement: TextStyle]] = [:]) {
    self.base = base
    self.screens = screens
  }

  /// The resolved styles of this theme over `schema`.
  public func sheet(schema: StyleSchema = .workspace) -> StyleSheet {
    StyleSheet(schema: schema, theme: self)
  }
}

/// What a partner switches on or off. Every toggle is required in a partner file.
public struct FeatureToggles: Sendable, Equatable {
  /// No request to mission control even when a URL is given: changes wait in the outbox, results
  /// wait, kept copies are shown (every app).
  public var offlineMode: Bool
  /// The interactive app delivers to mission control in the background (cosmonaut).
  public var backgroundSync: Bool
  /// The dashboard shows the station's position, asked of mission control (the Cosmonaut domain).
  public var dashboardPositionPanel: Bool
  /// The docking screen shows the visiting-vehicle schedule, asked of mission control (iss-overview).
  public var dockingSchedule: Bool
  /// A completed procedure run sends its results to the ground at once (laboratory).
  public var resultsOnCompletion: Bool

  /// Toggles; the defaults are what the apps do without a partner's say: online, background
  /// sync, the position panel and the schedule shown, results waiting for `results send`.
  public init(
    offlineMode: Bool = false, backgroundSync: Bool = true, dashboardPositionPanel: Bool = true,
    dockingSchedule: Bool = true, resultsOnCompletion: Bool = false
  ) {
    self.offlineMode = offlineMode
    self.backgroundSync = backgroundSync
    self.dashboardPositionPanel = dashboardPositionPanel
    self.dockingSchedule = dockingSchedule
    self.resultsOnCompletion = resultsOnCompletion
  }
}

/// Which analytics providers are on.
public struct AnalyticsSelection: Sendable, Equatable {
  /// The providers, in the order the file lists them, each once.
  public var providers: [AnalyticsProviderName]

  /// A selection; an empty one records nothing.
  public init(providers: [AnalyticsProviderName]) {
    self.providers = providers
  }
}

/// An analytics provider a partner can switch on.
public enum AnalyticsProviderName: String, Sendable, Hashable, CaseIterable {
  /// One JSON object per line in the data directory's `analytics.jsonl`.
  case jsonLines
  /// One `analytics: <event> k=v` line per event on standard error.
  case console
}
