import AppAnalytics
import DeviceServiceInterface
import FoundationEssentials
import Localization

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

  /// Parses CLI words: ("temperature","22.5"), ("oxygen-flow","2"), ("lights","on"|"off"), a number
  /// as a reader of `language` writes it (`2,5` in Russian, as its screens show the ranges).
  /// Throws `SpacesuitError.invalidCommand` with a message saying what is allowed.
  public static func parse(
    setting: String, value: String, in language: Language = .english
  ) throws(SpacesuitError) -> SuitCommand {
    let name = setting.trimmingSpaces().lowercased()
    let word = value.trimmingSpaces()
    switch name {
    case "temperature", "temp":
      let celsius = try number(
        word, setting: Strings.settingTemperature, unit: .verbatim("°C"), range: temperatureRange, in: language)
      return .setTemperature(celsius: celsius)
    case "oxygen-flow", "oxygen", "o2-flow":
      let flow = try number(
        word, setting: Strings.settingOxygenFlow, unit: Strings.unitLitersPerMinute, range: oxygenFlowRange,
        in: language)
      return .setOxygenFlow(litersPerMinute: flow)
    case "lights", "light":
      switch word.lowercased() {
      case "on", "true", "1": return .setLights(on: true)
      case "off", "false", "0": return .setLights(on: false)
      default: throw .invalidCommand(Strings.commandLightsOnOrOff(answer: word))
      }
    default:
      throw .invalidCommand(Strings.commandUnknownSetting(setting: setting, settings: settings.joined(separator: ", ")))
    }
  }

  private static func number(
    _ word: String, setting: LocalizedText, unit: LocalizedText, range: ClosedRange<Double>, in language: Language
  ) throws(SpacesuitError) -> Double {
    let bounds = SuitNumbers.band(range)
    guard let value = WrittenNumber.decimal(word, in: language) else {
      throw .invalidCommand(Strings.commandNeedsNumber(setting: setting, range: bounds, unit: unit, answer: word))
    }
    guard range.contains(value) else {
      throw .invalidCommand(
        Strings.commandOutOfRange(setting: setting, value: SuitNumbers.exact(value), unit: unit, range: bounds))
    }
    return value
  }

  /// "temperature 22.5 °C", "oxygen-flow 2.0 L/min", "lights on": the command's wire and log form (English).
  public var description: String {
    switch self {
    case .setTemperature(let celsius): "temperature \(formatExact(celsius)) °C"
    case .setOxygenFlow(let flow): "oxygen-flow \(formatExact(flow)) L/min"
    case .setLights(let on): "lights \(on ? "on" : "off")"
    }
  }

  /// What the suit does when it accepts this command, as a person reads it: "target temperature
  /// set to 22.5 °C" / "заданная температура — 22,5 °C".
  public var outcome: LocalizedText {
    switch self {
    case .setTemperature(let celsius): Strings.outcomeTemperature(value: SuitNumbers.exact(celsius))
    case .setOxygenFlow(let flow): Strings.outcomeOxygenFlow(value: SuitNumbers.exact(flow))
    case .setLights(let on): on ? Strings.outcomeLightsOn : Strings.outcomeLightsOff
    }
  }
}

/// The suit's answer to a command (on the wire: `command`, `accepted`, `message` and, from suits
/// that give one, a language-neutral `refusal`).
public typealias CommandAcknowledgement = DeviceAcknowledgement<SuitRefusal, Never>

/// Why the suit refused a command, in a form every language can show.
public enum SuitRefusal: DeviceRefusal {
  /// The target temperature is outside what the suit accepts, °C.
  case temperatureOutOfRange(minimum: Double, maximum: Double)
  /// The oxygen flow is outside what the suit accepts, L/min.
  case oxygenFlowOutOfRange(minimum: Double, maximum: Double)
  /// The suit could not keep the setting (`detail`: the system's words, verbatim) because its state
  /// could not be saved to `file` (nil: a suit that does not say where); nothing changed. Not the
  /// suit's verdict on the command but a failed write: ``SpacesuitError/notKept(_:)`` (I/O, 74).
  case settingNotKept(detail: String, file: String? = nil)

  /// The reason as a person reads it: "temperature must be within 16.0–30.0 °C".
  public var text: LocalizedText {
    switch self {
    case .temperatureOutOfRange(let minimum, let maximum):
      Strings.refusalTemperature(range: SuitNumbers.band(minimum...max(minimum, maximum)))
    case .oxygenFlowOutOfRange(let minimum, let maximum):
      Strings.refusalOxygenFlow(range: SuitNumbers.band(minimum...max(minimum, maximum)))
    case .settingNotKept(let detail, let file?): Strings.refusalNotSaved(file: file, detail: detail)
    case .settingNotKept(let detail, nil): Strings.refusalNotKept(detail: detail)
    }
  }
}

/// What can go wrong talking to the suit; each line comes from the string tables, in the reader's
/// language (`userMessage` is the English one, for logs and analytics).
public enum SpacesuitError: ReportableError, TranslatedError, Equatable {
  /// The command is malformed or out of range (usage); the value says what is allowed.
  case invalidCommand(LocalizedText)
  /// The suit connection is malformed, e.g. a socket path too long for the system (usage).
  case invalidConnection(LocalizedText)
  /// No suit answers at the configured connection (unavailable); the value says where and what to do.
  case unreachable(LocalizedText)
  /// The suit did not answer in time (unavailable).
  case timeout
  /// The suit refused the command (rejected); the value says why.
  case rejected(LocalizedText)
  /// The suit answered something this client does not understand (internal); the value says how.
  case protocolViolation(LocalizedText)
  /// The suit could not keep a setting because its state could not be written (I/O: a full disk);
  /// the value says which file and why. Nothing changed.
  case notKept(LocalizedText)

  /// The error for a command the suit did not carry out, as its `acknowledgement` says why: a state
  /// it could not save is ``notKept(_:)``, any other reason its refusal, ``rejected(_:)``.
  public static func refusing(_ acknowledgement: CommandAcknowledgement) -> SpacesuitError {
    if case .settingNotKept? = acknowledgement.refusal { return .notKept(acknowledgement.reason) }
    return .rejected(acknowledgement.reason)
  }

  public var kind: ErrorKind {
    switch self {
    case .invalidCommand, .invalidConnection: .usage
    case .unreachable, .timeout: .unavailable
    case .rejected: .rejected
    case .protocolViolation: .internal
    case .notKept: .io
    }
  }

  public var translatedMessage: LocalizedText {
    switch self {
    case .invalidCommand(let reason): Strings.errorInvalidCommand(reason: reason)
    case .invalidConnection(let line), .unreachable(let line): line
    case .timeout: Strings.errorTimeout
    case .rejected(let reason): Strings.errorRejected(reason: reason)
    case .protocolViolation(let detail): Strings.errorProtocolViolation(detail: detail)
    case .notKept(let reason): Strings.errorNotKept(reason: reason)
    }
  }

  public var userMessage: String { translatedMessage.description.replacingEvery("\n", with: " ") }
}

/// How a suit validates and applies commands: the rules every suit applies alike (the simulator,
/// a test's fake), so a refusal means the same everywhere.
public enum SuitCommandRules {
  /// Carries out `command` on `telemetry`, or refuses it (out of range; nothing changes): the answer says which.
  public static func apply(_ command: SuitCommand, to telemetry: inout SuitTelemetry) -> CommandAcknowledgement {
    switch command {
    case .setTemperature(let celsius):
      let range = SuitCommand.temperatureRange
      guard range.contains(celsius) else {
        return refuse(command, .temperatureOutOfRange(minimum: range.lowerBound, maximum: range.upperBound))
      }
      telemetry.targetTemperatureC = celsius
    case .setOxygenFlow(let flow):
      let range = SuitCommand.oxygenFlowRange
      guard range.contains(flow) else {
        return refuse(command, .oxygenFlowOutOfRange(minimum: range.lowerBound, maximum: range.upperBound))
      }
      telemetry.oxygenFlowLitersPerMinute = flow
    case .setLights(let on):
      telemetry.helmetLightsOn = on
    }
    return CommandAcknowledgement(command: command.description, accepted: true, message: command.outcome.description)
  }

  /// The answer refusing `command` for `refusal`.
  public static func refuse(_ command: SuitCommand, _ refusal: SuitRefusal) -> CommandAcknowledgement {
    CommandAcknowledgement(
      command: command.description, accepted: false, message: refusal.text.description, refusal: refusal)
  }
}

/// Numbers of the suit in the reader's language.
enum SuitNumbers {
  /// A band with one decimal: "16.0–30.0" / "16,0–30,0".
  static func band(_ band: ClosedRange<Double>) -> LocalizedText {
    LocalizedText.number(band.lowerBound, fractionDigits: 1) + .verbatim("–")
      + LocalizedText.number(band.upperBound, fractionDigits: 1)
  }

  /// A value as given, without rounding it away, at least one decimal: "15.99", "22.5", "16.0".
  static func exact(_ value: Double) -> LocalizedText {
    let shortest = "\(value)"
    guard value.isFinite, !shortest.contains("e"), let point = shortest.firstIndex(of: ".") else {
      return .verbatim(shortest)
    }
    return LocalizedText.number(
      value, fractionDigits: max(1, shortest.distance(from: point, to: shortest.endIndex) - 1))
  }
}

extension SuitCommand: Codable {
  private enum CodingKeys: String, CodingKey { case setting, value }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    let setting = try container.decode(String.self, forKey: .setting)
    switch setting {
    case "temperature": self = .setTemperature(celsius: try container.decode(Double.self, forKey: .value))
    case "oxygen-flow": self = .setOxygenFlow(litersPerMinute: try container.decode(Double.self, forKey: .value))
    case "lights": self = .setLights(on: try container.decode(Double.self, forKey: .value) != 0)
    default:
      throw DecodingError.dataCorruptedError(
        // untranslated: the decoder's detail of a wire message, English like the protocol
        forKey: .setting, in: container, debugDescription: "unknown setting \(setting)")
    }
  }

  /// `{"setting":"temperature","value":22.5}`; lights are 1 (on) or 0 (off).
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    switch self {
    case .setTemperature(let celsius):
      try container.encode("temperature", forKey: .setting)
      try container.encode(celsius, forKey: .value)
    case .setOxygenFlow(let flow):
      try container.encode("oxygen-flow", forKey: .setting)
      try container.encode(flow, forKey: .value)
    case .setLights(let on):
      try container.encode("lights", forKey: .setting)
      try container.encode(on ? 1.0 : 0.0, forKey: .value)
    }
  }
}
