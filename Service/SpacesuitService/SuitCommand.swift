import AppAnalytics
import Foundation

/// Something the crew asks the suit to do.
public enum SuitCommand: Sendable, Hashable {
  /// Regulate the suit towards `celsius` (allowed 16...30 °C).
  case setTemperature(celsius: Double)
  /// Set the helmet oxygen flow (allowed 0.5...8 L/min).
  case setOxygenFlow(litersPerMinute: Double)
  /// Switch the helmet lights.
  case setLights(on: Bool)

  /// The temperatures the suit accepts, °C.
  public static let temperatureRange: ClosedRange<Double> = 16...30
  /// The oxygen flows the suit accepts, L/min.
  public static let oxygenFlowRange: ClosedRange<Double> = 0.5...8

  /// The settings `parse` understands, for help texts.
  public static let settings = ["temperature", "oxygen-flow", "lights"]

  /// Parses CLI words: ("temperature","22.5"), ("oxygen-flow","2"), ("lights","on"|"off").
  /// Throws `SpacesuitError.invalidCommand` with a message saying what is allowed.
  public static func parse(setting: String, value: String) throws(SpacesuitError) -> SuitCommand {
    let name = setting.trimmingCharacters(in: .whitespaces).lowercased()
    let word = value.trimmingCharacters(in: .whitespaces)
    switch name {
    case "temperature", "temp":
      let celsius = try number(word, setting: "temperature", unit: "°C", range: temperatureRange)
      return .setTemperature(celsius: celsius)
    case "oxygen-flow", "oxygen", "o2-flow":
      let flow = try number(word, setting: "oxygen-flow", unit: "L/min", range: oxygenFlowRange)
      return .setOxygenFlow(litersPerMinute: flow)
    case "lights", "light":
      switch word.lowercased() {
      case "on", "true", "1": return .setLights(on: true)
      case "off", "false", "0": return .setLights(on: false)
      default: throw .invalidCommand("lights must be on or off, not \"\(word)\"")
      }
    default:
      throw .invalidCommand(
        "unknown setting \"\(setting)\"; use one of: \(settings.joined(separator: ", "))")
    }
  }

  private static func number(
    _ word: String, setting: String, unit: String, range: ClosedRange<Double>
  )
    throws(SpacesuitError) -> Double
  {
    let bounds = "\(formatBand(range)) \(unit)"
    guard let value = Double(word), value.isFinite else {
      throw .invalidCommand("\(setting) needs a number in \(bounds), not \"\(word)\"")
    }
    guard range.contains(value) else {
      throw .invalidCommand("\(setting) \(formatExact(value)) \(unit) is out of range; use \(bounds)")
    }
    return value
  }

  /// "temperature 22.5 °C", "oxygen-flow 2.0 L/min", "lights on".
  public var description: String {
    switch self {
    case .setTemperature(let celsius): "temperature \(formatExact(celsius)) °C"
    case .setOxygenFlow(let flow): "oxygen-flow \(formatExact(flow)) L/min"
    case .setLights(let on): "lights \(on ? "on" : "off")"
    }
  }
}

/// The suit's answer to a command.
public struct CommandAcknowledgement: Codable, Sendable, Equatable {
  /// The command as the suit understood it, e.g. "temperature 22.5 °C".
  public var command: String
  /// Whether the suit carries it out.
  public var accepted: Bool
  /// What the suit did, or why it refused.
  public var message: String

  /// Creates an acknowledgement.
  public init(command: String, accepted: Bool, message: String) {
    self.command = command
    self.accepted = accepted
    self.message = message
  }
}

/// What can go wrong talking to the suit.
public enum SpacesuitError: ReportableError, Equatable {
  /// The command is malformed or out of range (usage).
  case invalidCommand(String)
  /// The suit connection is malformed, e.g. a socket path too long for the system (usage).
  case invalidConnection(String)
  /// No suit answers at the configured connection (unavailable).
  case unreachable(String)
  /// The suit did not answer in time (unavailable).
  case timeout
  /// The suit refused the command (rejected).
  case rejected(String)
  /// The suit answered something this client does not understand (internal).
  case protocolViolation(String)

  public var kind: ErrorKind {
    switch self {
    case .invalidCommand, .invalidConnection: .usage
    case .unreachable, .timeout: .unavailable
    case .rejected: .rejected
    case .protocolViolation: .internal
    }
  }

  public var userMessage: String {
    let line: String
    switch self {
    case .invalidCommand(let message): line = "invalid suit command: \(message)"
    case .invalidConnection(let message), .unreachable(let message): line = message
    case .timeout: line = "the suit did not answer in time; check the radio link and try again"
    case .rejected(let message): line = "the suit refused the command: \(message)"
    case .protocolViolation(let message):
      line = "the suit sent an answer this app does not understand (\(message)); update the app or the suit firmware"
    }
    return line.replacingOccurrences(of: "\n", with: " ")
  }
}

/// How a suit validates and applies commands (shared by the simulator and the fake).
enum SuitCommandRules {
  static func apply(_ command: SuitCommand, to telemetry: inout SuitTelemetry) -> CommandAcknowledgement {
    switch command {
    case .setTemperature(let celsius):
      guard SuitCommand.temperatureRange.contains(celsius) else {
        return refuse(command, "temperature must be within \(formatBand(SuitCommand.temperatureRange)) °C")
      }
      telemetry.targetTemperatureC = celsius
      return accept(command, "target temperature set to \(formatExact(celsius)) °C")
    case .setOxygenFlow(let flow):
      guard SuitCommand.oxygenFlowRange.contains(flow) else {
        return refuse(command, "oxygen flow must be within \(formatBand(SuitCommand.oxygenFlowRange)) L/min")
      }
      telemetry.oxygenFlowLitersPerMinute = flow
      return accept(command, "oxygen flow set to \(formatExact(flow)) L/min")
    case .setLights(let on):
      telemetry.helmetLightsOn = on
      return accept(command, "helmet lights \(on ? "on" : "off")")
    }
  }

  private static func accept(_ command: SuitCommand, _ message: String) -> CommandAcknowledgement {
    CommandAcknowledgement(command: command.description, accepted: true, message: message)
  }

  private static func refuse(_ command: SuitCommand, _ message: String) -> CommandAcknowledgement {
    CommandAcknowledgement(command: command.description, accepted: false, message: message)
  }
}
