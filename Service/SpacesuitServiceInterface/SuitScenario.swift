import Localization

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
  public var summary: String { text.description }

  /// The help line in the reader's language.
  public var text: LocalizedText {
    switch self {
    case .nominal: Strings.scenarioNominal
    case .co2Buildup: Strings.scenarioCo2Buildup
    case .batteryDrain: Strings.scenarioBatteryDrain
    case .pressureLeak: Strings.scenarioPressureLeak
    }
  }

  /// The scenario names, for messages: "nominal, co2-buildup, battery-drain, pressure-leak"; joined
  /// only when a message shows them (an app's help names them in every start-up's options).
  public static var names: LocalizedText { .joined(values: allCases.map { $0.rawValue }, separator: ", ") }
}
