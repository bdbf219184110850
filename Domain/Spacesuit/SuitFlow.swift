import Foundation
import SpacesuitService
import UIComponents

/// The `--json` document of `suit status`.
struct SuitStatusDocument: Encodable {
  let telemetry: SuitTelemetry
  let readings: [Reading]
  let alerts: [SuitAlert]
}

/// Suit telemetry, commands and the live watch.
@MainActor
final class SuitFlow {
  private let environment: SuitEnvironment
  private let client: any SpacesuitClient
  private(set) var state: LoadState<SuitTelemetry> = .loading

  static let setUsage = "cosmonaut suit set temperature|oxygen-flow|lights VALUE"
  static let defaultWatchInterval: Duration = .seconds(1)

  init(environment: SuitEnvironment, client: any SpacesuitClient) {
    self.environment = environment
    self.client = client
  }

  func load() async {
    state = await LoadState.capture { try await client.telemetry() }
  }

  func printStatus(json: Bool) async throws {
    let telemetry = try await client.telemetry()
    let readings = telemetry.readings(environment.thresholds)
    let alerts = environment.thresholds.alerts(for: readings)
    environment.record(alerts)
    if json {
      try environment.printJSON(SuitStatusDocument(telemetry: telemetry, readings: readings, alerts: alerts))
    } else {
      environment.terminal.print(
        SuitScreen.render(telemetry, thresholds: environment.thresholds, theme: environment.theme))
    }
  }

  /// `watch?count=N&interval-ms=MS`: one line per sample, or one JSON array at the end.
  func watch(_ link: DeepLink) async throws {
    let json = environment.context.presentation == .once(json: true)
    let count = try link.parameters["count"].map { text in
      guard let value = Int(text), value > 0 else {
        throw SpacesuitFlowError.invalidArgument(
          name: "--count", value: text, expected: "a whole number greater than zero")
      }
      return value
    }
    let interval = try link.parameters["interval-ms"].map { text -> Duration in
      guard let value = Int(text), value > 0 else {
        throw SpacesuitFlowError.invalidArgument(
          name: "--interval-ms", value: text, expected: "milliseconds greater than zero")
      }
      return .milliseconds(value)
    }
    if json && count == nil { throw SpacesuitFlowError.jsonNeedsCount }
    try await watch(count: count, interval: interval ?? Self.defaultWatchInterval, json: json)
  }

  func watch(count: Int?, interval: Duration, json: Bool) async throws {
    var samples: [SuitStatusDocument] = []
    if !json {
      environment.terminal.print(environment.theme.apply(.heading, to: WatchLine.header))
    }
    for try await telemetry in client.watch(count: count, interval: interval) {
      let readings = telemetry.readings(environment.thresholds)
      let alerts = environment.thresholds.alerts(for: readings)
      environment.record(alerts)
      if json {
        samples.append(SuitStatusDocument(telemetry: telemetry, readings: readings, alerts: alerts))
      } else {
        environment.terminal.print(WatchLine.render(telemetry, alerts: alerts, theme: environment.theme))
      }
    }
    if json { try environment.printJSON(samples) }
  }

  /// `set?setting=…&value=…`: sends one command and shows the suit's acknowledgement.
  func set(_ link: DeepLink) async throws {
    guard let setting = link.parameters["setting"] else {
      throw SpacesuitFlowError.missingArgument(name: "SETTING", usage: Self.setUsage)
    }
    guard let value = link.parameters["value"] else {
      throw SpacesuitFlowError.missingArgument(name: "VALUE", usage: Self.setUsage)
    }
    let command = try SuitCommand.parse(setting: setting, value: value)
    let acknowledgement = try await send(command)
    if environment.context.presentation == .once(json: true) {
      try environment.printJSON(acknowledgement)
    } else {
      environment.terminal.print(environment.theme.apply(.ok, to: "Suit acknowledged: \(acknowledgement.message)"))
    }
  }

  private func send(_ command: SuitCommand) async throws -> CommandAcknowledgement {
    let acknowledgement = try await client.send(command)
    environment.analytics.track(
      "suit.command", ["command": acknowledgement.command, "accepted": "\(acknowledgement.accepted)"])
    guard acknowledgement.accepted else { throw SpacesuitError.rejected(acknowledgement.message) }
    return acknowledgement
  }

  /// The suit screen: readings, alerts, then commands until the user goes back.
  func runInteractive(health: HealthFlow) async {
    let terminal = environment.terminal
    while true {
      await load()
      switch state {
      case .loading: return
      case .failed(let error): environment.present(error); return
      case .loaded(let telemetry):
        environment.record(environment.thresholds.alerts(for: telemetry.readings(environment.thresholds)))
        terminal.print(SuitScreen.render(telemetry, thresholds: environment.thresholds, theme: environment.theme))
      }
      let menu = Menu(
        title: "Spacesuit",
        items: [
          .init(key: "r", title: "Refresh"), .init(key: "t", title: "Set temperature"),
          .init(key: "o", title: "Set O2 flow"), .init(key: "l", title: "Toggle helmet lights"),
          .init(key: "w", title: "Watch 5 samples"), .init(key: "h", title: "Health check"),
          .init(key: "b", title: "Back"),
        ])
      guard let choice = menu.choose(on: terminal) else { return }
      switch choice.key {
      case "t": await ask(setting: "temperature", prompt: "Target temperature °C (16–30): ")
      case "o": await ask(setting: "oxygen-flow", prompt: "O2 flow L/min (0.5–8): ")
      case "l":
        let on = !(state.value?.helmetLightsOn ?? false)
        await perform(.setLights(on: on))
      case "w":
        do { try await watch(count: 5, interval: Self.defaultWatchInterval, json: false) } catch {
          environment.present(error)
        }
      case "h": await health.runInteractive()
      case "r": continue
      default: return
      }
    }
  }

  private func ask(setting: String, prompt message: String) async {
    let prompt = Prompt<SuitCommand>(message) { answer in
      do {
        return .success(try SuitCommand.parse(setting: setting, value: answer.trimmingCharacters(in: .whitespaces)))
      } catch let error as SpacesuitError {
        return .failure(ValidationError(error.userMessage))
      } catch {
        return .failure(ValidationError("\(error)"))
      }
    }
    guard let command = prompt.ask(on: environment.terminal) else { return }
    await perform(command)
  }

  private func perform(_ command: SuitCommand) async {
    do {
      let acknowledgement = try await send(command)
      environment.terminal.print(environment.theme.apply(.ok, to: "Suit acknowledged: \(acknowledgement.message)"))
    } catch {
      environment.present(error)
    }
  }
}

/// Renders the suit: readings with thresholds, gauges for consumables, settings and alerts.
enum SuitScreen {
  static func render(_ telemetry: SuitTelemetry, thresholds: Thresholds, theme: Theme) -> String {
    let readings = telemetry.readings(thresholds)
    let gauges = [
      Gauge(
        label: "Battery", value: (telemetry.batteryChargePercent * 10).rounded() / 10, range: 0...100, unit: "%",
        style: ReadingsScreen.style(for: thresholds.classify(.batteryCharge, telemetry.batteryChargePercent).status),
        labelWidth: 7),
      Gauge(
        label: "Oxygen", value: (telemetry.oxygenLevelPercent * 10).rounded() / 10, range: 0...100, unit: "%",
        style: ReadingsScreen.style(for: thresholds.classify(.oxygenLevel, telemetry.oxygenLevelPercent).status),
        labelWidth: 7),
    ].map { $0.render(theme) }
    let settings = KeyValuePanel(
      title: "Settings",
      rows: [
        .init("Target temperature", ReadingsScreen.format(telemetry.targetTemperatureC, unit: "°C")),
        .init("O2 flow", ReadingsScreen.format(telemetry.oxygenFlowLitersPerMinute, unit: "L/min")),
        .init("Helmet lights", telemetry.helmetLightsOn ? "on" : "off"),
      ]
    ).render(theme)
    return [
      theme.apply(.title, to: "Spacesuit — \(telemetry.timestamp.formatted(.iso8601))"),
      ReadingsScreen.table(readings, theme: theme),
      gauges.joined(separator: "\n"),
      settings,
      ReadingsScreen.alerts(thresholds.alerts(for: readings), theme: theme),
    ].joined(separator: "\n\n")
  }
}

/// One compact line per watched sample.
enum WatchLine {
  static let header = "time      pressure   O2      CO2        battery  inside   outside"

  static func render(_ telemetry: SuitTelemetry, alerts: [SuitAlert], theme: Theme) -> String {
    let time = telemetry.timestamp.formatted(Date.ISO8601FormatStyle().time(includingFractionalSeconds: false))
    let fields = [
      time.padding(toLength: 9, withPad: " ", startingAt: 0),
      String(format: "%5.1f kPa", telemetry.suitPressureKPa),
      String(format: "%5.1f %%", telemetry.oxygenLevelPercent),
      String(format: "%4.1f mmHg", telemetry.carbonDioxideMmHg),
      String(format: "%5.1f %%", telemetry.batteryChargePercent),
      String(format: "%5.1f °C", telemetry.internalTemperatureC),
      String(format: "%6.1f °C", telemetry.outsideTemperatureC),
    ]
    var line = fields.joined(separator: "  ")
    if !alerts.isEmpty {
      line += "  " + ReadingsScreen.alerts(alerts, theme: theme).replacingOccurrences(of: "\n", with: "; ")
    }
    return line
  }
}
