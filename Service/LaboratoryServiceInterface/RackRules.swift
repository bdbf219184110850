// untranslated-file: the labs answer as their equipment does, in English
import FoundationEssentials

/// How the labs' racks behave, whoever models them (the simulated labs, the fake): what a rack
/// answers to a command, and what it reads steadily in each state.
public enum RackRules {
  /// The cabin air temperature, °C.
  public static let cabinC = 22.0

  /// The answer to `command` by `rack` (nil: there is no such rack) standing in `state` (in fault
  /// for `fault`), and the state the rack is in afterwards. A rack cannot be switched to fault,
  /// and one in fault only off.
  public static func answer(
    to command: RackCommand, rack: Rack?, state: RackState, fault: String?
  ) -> (acknowledgement: RackAcknowledgement, state: RackState) {
    guard let rack else { return (RackAcknowledgement(accepted: false, message: "no rack \(command.rack)"), state) }
    switch (state, command.state) {
    case (_, .fault):
      return (RackAcknowledgement(accepted: false, message: "a rack cannot be switched to fault"), state)
    case (.fault, .operating), (.fault, .standby):
      let message = "\(rack.name) is in fault (\(fault ?? "unknown")); switch it off first"
      return (RackAcknowledgement(accepted: false, message: message), state)
    case (let current, let wanted) where current == wanted:
      return (RackAcknowledgement(accepted: true, message: "\(rack.name) is already \(wanted.rawValue)"), state)
    default:
      return (RackAcknowledgement(accepted: true, message: "\(rack.name) is \(command.state.rawValue)"), command.state)
    }
  }

  /// What `rack` reads in `state`: `load` times its nominal power when operating, 80 W on standby,
  /// nothing when off or in fault; its air outlet the warmer the more it draws (41.5 °C in fault).
  public static func reading(of rack: Rack, state: RackState, fault: String? = nil, load: Double = 1) -> RackReading {
    let power: Double =
      switch state {
      case .operating: (rack.nominalPowerWatts * load).rounded()
      case .standby: 80
      case .off, .fault: 0
      }
    let temperature = state == .fault ? 41.5 : cabinC + 1 + 12 * power / rack.powerLimitWatts
    return RackReading(
      rack: rack.id, module: rack.module, state: state, powerWatts: power,
      temperatureC: (temperature * 10).rounded() / 10, fault: fault)
  }

  /// How a rack stands at the start of a day: operating, the Fluid Science Laboratory on standby.
  public static func initialState(of rack: Rack) -> RackState {
    rack.id == "fsl" ? .standby : .operating
  }
}
