import CommandLineKit
import Localization
import Navigation
import SpacesuitServiceInterface
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
    CommandGroup("suit", aliases: ["spacesuit"], abstract: Strings.groupSuit)
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
    "count", .integer(in: 1...1_000_000), placeholder: "n", help: Strings.optionCount)
  static let interval = Option(
    "interval-ms", .integer(in: 1...3_600_000), placeholder: "ms", help: Strings.optionInterval)
  static let setting = Argument(
    "setting", .choice(SuitCommand.settings),
    help: Strings.argumentSetting)
  static let value = Argument(
    "value", .text(maximumLength: 20, suggestions: ["on", "off"]), help: Strings.argumentValue)

  // Commands.
  static let healthCommand = Command(
    "health", abstract: Strings.commandHealth, json: true
  ) { _ in SpacesuitRoute.health }
  static let statusCommand = Command(
    // untranslated: command words
    "suit status", aliases: ["telemetry"], abstract: Strings.commandStatus, json: true
  ) { _ in SpacesuitRoute.status }
  static let watchCommand = Command(
    // untranslated: command words
    "suit watch", abstract: Strings.commandWatch,
    discussion: Strings.commandWatchDiscussion,
    parameters: [count, interval], json: true
  ) { values in SpacesuitRoute.watch(count: values[count], intervalMilliseconds: values[interval]) }
  static let setCommand = Command(
    // untranslated: command words
    "suit set", abstract: Strings.commandSet,
    discussion: Strings.commandSetDiscussion,
    parameters: [setting, value], json: true
  ) { values in
    SpacesuitRoute.set(try SuitCommand.parse(setting: values[setting], value: values[value], in: values.language))
  }
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
    MenuEntry(Strings.menuHealth, key: "h", choice: SpacesuitRoute.health),
    MenuEntry(Strings.menuSpacesuit, key: "s", choice: SpacesuitRoute.status),
  ]

  public init?(destination: Destination) {
    switch destination {
    case .spacesuit: self = .status
    case .health: self = .health
    default: return nil
    }
  }

  public var change: LocalizedText? {
    guard case .set(let command) = self else { return nil }
    return command.change
  }
}
