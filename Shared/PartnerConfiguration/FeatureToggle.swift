/// A switch a partner sets in its file's `features`, declared by the module whose behaviour it
/// changes, with the value it has when a partner file leaves it out.
///
/// A module declares its toggles in its `PartnerVocabulary.json`; the PartnerFiles build plugin
/// turns each into a constant of this type (`FeatureToggle.someToggle`), so code names a toggle only
/// through its declaration and a wrong name fails the build.
public struct FeatureToggle: Sendable, Hashable {
  /// The toggle's key in a partner file's `features`.
  public let name: String
  /// Its value when a partner file does not set it.
  public let defaultValue: Bool
  /// What it changes, in a sentence (the declaration's `help`).
  public let help: String

  /// The toggle `name`, `defaultValue` unless a partner sets it, doing what `help` says.
  public init(_ name: String, default defaultValue: Bool, help: String) {
    self.name = name
    self.defaultValue = defaultValue
    self.help = help
  }
}

/// What a partner switches on or off: the values its file sets, by toggle name. A toggle the file
/// leaves out has its declared default.
///
/// ```swift
/// if launch.features[.someToggle] { … }
/// ```
public struct FeatureToggles: Sendable, Equatable {
  /// The values the partner file sets, by toggle name.
  public private(set) var values: [String: Bool]

  /// The toggles of a partner setting `values` (by toggle name); none set: every toggle has its default.
  public init(_ values: [String: Bool] = [:]) {
    self.values = values
  }

  /// The partner's value of `toggle`, or the toggle's default when the partner does not set it.
  public subscript(toggle: FeatureToggle) -> Bool {
    get { values[toggle.name] ?? toggle.defaultValue }
    set { values[toggle.name] = newValue }
  }
}
