import CommandLineKit
import Localization
import SpacesuitService
import UIComponents

/// Every destination of the Spacesuit domain, declared once: its command-line words, deep link,
/// help, value constraints and main-menu entries.
public enum SpacesuitRoute: Hashable, Sendable {
  /// Vitals from the suit's biomonitor, classified with their thresholds.
  case health
  /// Suit telemetry with thresholds, settings and alerts (the suit screen when interactive).
  case status
  /// Live telemetry: `count` samples (nil: until stopped), `intervalMilliseconds` apart (nil: the default).
  case watch(count: Int?, intervalMilliseconds: Int?)
  /// Send a command the suit acknowledges.
  case set(SuitCommand)
}

// MARK: - Command line and deep links

extension SpacesuitRoute: CommandRoute {
  public static let commands: [Command<SpacesuitRoute>] = [healthCommand, statusCommand, watchCommand, setCommand]

  public static let groups = [
    CommandGroup("suit", aliases: ["spacesuit"], abstract: "The spacesuit: telemetry, live watch and commands.")
  ]

  public var invocation: CommandInvocation {
    switch self {
    case .health: Self.healthCommand.invocation()
    case .status: Self.statusCommand.invocation()
    case .watch(let count, let interval): Self.watchCommand.invocation(Self.count(count), Self.interval(interval))
    case .set(let command):
      Self.setCommand.invocation(Self.setting(command.setting), Self.value(command.valueText))
    }
  }

  // Parameters.
  static let count = Option(
    "count", .integer(in: 1...1_000_000), placeholder: "n", help: "Stop after <n> samples (default: until Ctrl-C).")
  static let interval = Option(
    "interval-ms", .integer(in: 1...3_600_000), placeholder: "ms", help: "Time between samples; default 1000.")
  static let setting = Argument(
    "setting", .choice(SuitCommand.settings),
    help: "What to set: temperature (°C, 16–30), oxygen-flow (L/min, 0.5–8) or lights (on|off).")
  static let value = Argument(
    "value", .text(maximumLength: 20, suggestions: ["on", "off"]), help: "The new value, e.g. 22.5, 2 or on.")

  // Commands.
  static let healthCommand = Command(
    "health", abstract: "Vitals from the suit's biomonitor, each classified with its thresholds.", json: true
  ) { _ in SpacesuitRoute.health }
  static let statusCommand = Command(
    "suit status", aliases: ["telemetry"], abstract: "Suit telemetry with thresholds, settings and alerts.", json: true
  ) { _ in SpacesuitRoute.status }
  static let watchCommand = Command(
    "suit watch", abstract: "Live suit telemetry, one line per sample (Ctrl-C stops).",
    discussion: "With --json, give --count: the output is one JSON array of the samples.",
    parameters: [count, interval], json: true
  ) { values in SpacesuitRoute.watch(count: values[count], intervalMilliseconds: values[interval]) }
  static let setCommand = Command(
    "suit set", abstract: "Send a command the suit acknowledges: temperature, oxygen-flow or lights.",
    discussion: "Examples: 'suit set temperature 22.5', 'suit set oxygen-flow 2.5', 'suit set lights on'.",
    parameters: [setting, value], json: true
  ) { values in SpacesuitRoute.set(try SuitCommand.parse(setting: values[setting], value: values[value])) }
}

extension SuitCommand {
  /// The `setting` word that reads back as this command.
  fileprivate var setting: String {
    switch self {
    case .setTemperature: "temperature"
    case .setOxygenFlow: "oxygen-flow"
    case .setLights: "lights"
    }
  }

  /// The `value` word that reads back as this command.
  fileprivate var valueText: String {
    switch self {
    case .setTemperature(let celsius): String(celsius)
    case .setOxygenFlow(let flow): String(flow)
    case .setLights(let on): on ? "on" : "off"
    }
  }
}

// MARK: - Interactive app

extension SpacesuitRoute: DomainRoute {
  public static let mainMenu = [
    MenuEntry("Health", key: "h", route: SpacesuitRoute.health),
    MenuEntry("Spacesuit", key: "s", route: SpacesuitRoute.status),
  ]

  public init?(destination: Destination) {
    switch destination {
    case .spacesuit: self = .status
    case .health: self = .health
    case .profile, .supplies, .missionControlSync: return nil
    }
  }

  public var change: LocalizedText? { changeSentence.map { .verbatim($0) } }

  /// What the route changes, in English (until the domain has string tables).
  var changeSentence: String? {
    guard case .set(let command) = self else { return nil }
    return "set the suit's \(command.description)."
  }
}
