import PartnerConfiguration

/// What a partner switches on or off in the station's screens: the domain's `dockingSchedule`
/// toggle (`PartnerVocabulary.json`), read by `PeripheriesDomain` from the partner's toggles.
public struct PeripheriesFeatures: Sendable, Equatable {
  /// Whether the docking screen shows Houston's visiting-vehicle schedule. Off, the screen neither
  /// shows nor asks for it; `docking schedule` still shows it when asked.
  public var showsVehicleSchedule: Bool

  /// The features; by default the toggle's declared default (on).
  public init(showsVehicleSchedule: Bool = FeatureToggle.dockingSchedule.defaultValue) {
    self.showsVehicleSchedule = showsVehicleSchedule
  }
}
