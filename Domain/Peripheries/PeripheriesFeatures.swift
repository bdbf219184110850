/// What a partner switches on or off in the station's screens (the app hands it in; the domain
/// sees nothing else of the partner's configuration).
public struct PeripheriesFeatures: Sendable, Equatable {
  /// Whether the docking screen shows Houston's visiting-vehicle schedule. Off, the screen neither
  /// shows nor asks for it; `docking schedule` still shows it when asked.
  public var showsVehicleSchedule: Bool

  /// The features; all on by default.
  public init(showsVehicleSchedule: Bool = true) {
    self.showsVehicleSchedule = showsVehicleSchedule
  }
}
