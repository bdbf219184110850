/// One agency's configuration of the apps: who it is, how the screens look, which features are
/// on and where analytics go. Read from a partner file (JSON) with ``PartnerFile/decode(_:file:vocabulary:elsewhere:)``.
///
/// ```json
/// {
///   "id": "esa", "name": "ESA",
///   "theme": {
///     "base": { "title": { "foreground": "#00AEEF", "attributes": ["bold"] }, "heading": …, "label": … },
///     "screens": { "someScreen": { "title": { "background": "#003247" } } }
///   },
///   "features": { "someToggle": false },
///   "analytics": { "providers": ["jsonLines"] }
/// }
/// ```
///
/// The keys of `theme.screens` and `features` are what the app's modules declare (see
/// ``PartnerVocabulary``); a toggle the file leaves out has its declared default.
public struct PartnerConfiguration: Sendable, Equatable {
  /// The partner's id: lowercase letters, digits and hyphens (what `--partner` names), e.g. `esa`.
  public var id: String
  /// The name people read, e.g. `ESA`.
  public var name: String
  /// How the screens look.
  public var theme: PartnerTheme
  /// What the apps do: the toggles the file sets.
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

  /// The resolved styles of this theme over `schema` (an app's: ``PartnerVocabulary/schema``).
  public func sheet(schema: StyleSchema) -> StyleSheet {
    StyleSheet(schema: schema, theme: self)
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
