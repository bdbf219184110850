/// A fault the simulated suit can go through, so alerts can be seen and tested.
///
/// A scenario starts when it is begun and unfolds in suit time (which a time factor can speed up):
/// the times below are suit minutes from its start.
public enum SuitScenario: String, Codable, Sendable, CaseIterable {
  /// No fault: the readings drift as in a normal EVA.
  case nominal
  /// The CO2 scrubber saturates while the wearer works hard.
  case co2Buildup = "co2-buildup"
  /// A heater short draws extra current from the battery.
  case batteryDrain = "battery-drain"
  /// A slow leak the regulator cannot make up; oxygen is used faster too.
  case pressureLeak = "pressure-leak"

  /// One line for help texts: what happens and when the alerts come.
  public var summary: String {
    switch self {
    case .nominal: "no fault: readings drift as in a normal EVA"
    case .co2Buildup: "the CO2 scrubber saturates: CO2 warning after ~7 min, critical after ~20 min"
    case .batteryDrain: "a heater short drains the battery: warning after ~9 min, critical after ~13 min"
    case .pressureLeak: "a slow leak: suit pressure warning after ~4 min, critical after ~8 min"
    }
  }

  /// The scenario names, for messages: "nominal, co2-buildup, battery-drain, pressure-leak".
  public static var names: String { allCases.map(\.rawValue).joined(separator: ", ") }
}
