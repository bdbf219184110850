import Foundation
import SpacesuitService
import UIComponents

/// The `--json` document of `suit status` (and of each `suit watch` sample).
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

  static let setUsage = "cosmonaut suit set temperature|oxygen-flow|lights VALUE"
  static let defaultWatchInterval: Duration = .seconds(1)

  init(environment: SuitEnvironment, client: any SpacesuitClient) {
    self.environment = environment
    self.client = client
  }

  /// Classifies a sample and records the alerts it raises.
  private func document(for telemetry: SuitTelemetry) -> SuitStatusDocument {
    let readings = telemetry.readings(environment.thresholds)
    let alerts = environment.thresholds.alerts(for: readings)
    environment.record(alerts)
    return SuitStatusDocument(telemetry: telemetry, readings: readings, alerts: alerts)
  }

  func printStatus() async throws {
    let telemetry = try await client.telemetry()
    let document = document(for: telemetry)
    if environment.json {
      try environment.context.printJSON(document)
    } else {
      environment.terminal.print(
        SuitScreen.render(document, thresholds: environment.thresholds, theme: environment.theme))
    }
  }

  /// `watch?count=N&interval-ms=MS`: one line per sample, or one JSON array at the end.
  func watch(_ link: DeepLink) async throws {
    let count = try link.positiveInteger("count", label: "--count")
    let interval = try link.positiveInteger("interval-ms", label: "--interval-ms").map { Duration.milliseconds($0) }
    if environment.json && count == nil { throw SpacesuitFlowError.jsonNeedsCount }
    try await watch(count: count, interval: interval ?? Self.defaultWatchInterval)
  }

  func watch(count: Int?, interval: Duration) async throws {
    let json = environment.json
    var samples: [SuitStatusDocument] = []
    if !json {
      environment.terminal.print(environment.theme.apply(.heading, to: WatchLine.header))
    }
    for try await update in client.watchUpdates(count: count, interval: interval) {
      guard case .sample(let telemetry) = update else {
        // The link dropped or came back: say so (on stderr with --json, which keeps stdout one document).
        if case .link(let event) = update {
          if json {
            environment.terminal.printError(event.message)
          } else {
            environment.terminal.print(environment.theme.apply(.warning, to: event.message))
          }
        }
        continue
      }
      let document = document(for: telemetry)
      if json {
        samples.append(document)
      } else {
        environment.terminal.print(WatchLine.render(telemetry, alerts: document.alerts, theme: environment.theme))
      }
    }
    if json { try environment.context.printJSON(samples) }
  }

  /// `set?setting=…&value=…`: sends one command and shows the suit's acknowledgement.
  func set(_ link: DeepLink) async throws {
    let setting = try link.argument("setting", label: "SETTING", usage: Self.setUsage)
    let value = try link.argument("value", label: "VALUE", usage: Self.setUsage)
    let acknowledgement = try await send(try SuitCommand.parse(setting: setting, value: value))
    if environment.json {
      try environment.context.printJSON(acknowledgement)
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
    let client = client
    let thresholds = environment.thresholds
    let theme = environment.theme
    let screen = InteractiveScreen(
      menu: Menu(
        title: "Spacesuit",
        items: [
          .init(key: "r", title: "Refresh"), .init(key: "t", title: "Set temperature"),
          .init(key: "o", title: "Set O2 flow"), .init(key: "l", title: "Toggle helmet lights"),
          .init(key: "w", title: "Watch 5 samples"), .init(key: "h", title: "Health check"),
          .init(key: "b", title: "Back"),
        ]),
      load: { [self] in document(for: try await client.telemetry()) },
      render: { SuitScreen.render($0, thresholds: thresholds, theme: theme) })
    await screen.run(in: environment.context, module: SuitEnvironment.module) { choice, shown in
      switch choice.key {
      case "t": await ask(setting: "temperature", prompt: "Target temperature °C (16–30): ")
      case "o": await ask(setting: "oxygen-flow", prompt: "O2 flow L/min (0.5–8): ")
      case "l": await perform(.setLights(on: !shown.telemetry.helmetLightsOn))
      case "w":
        await environment.context.presentingErrors(in: SuitEnvironment.module) {
          try await watch(count: 5, interval: Self.defaultWatchInterval)
        }
      case "h": await health.runInteractive()
      case "r": break
      default: return .leave
      }
      return .stay
    }
  }

  private func ask(setting: String, prompt message: String) async {
    let prompt = Prompt<SuitCommand>(message) { answer in
      Result { () throws(SpacesuitError) in
        try SuitCommand.parse(setting: setting, value: answer.trimmingCharacters(in: .whitespaces))
      }.mapError { ValidationError($0.userMessage) }
    }
    guard let command = prompt.ask(on: environment.terminal) else { return }
    await perform(command)
  }

  private func perform(_ command: SuitCommand) async {
    await environment.context.presentingErrors(in: SuitEnvironment.module) {
      let acknowledgement = try await send(command)
      environment.terminal.print(environment.theme.apply(.ok, to: "Suit acknowledged: \(acknowledgement.message)"))
    }
  }
}

/// Renders the suit: readings with thresholds, gauges for consumables, settings and alerts.
enum SuitScreen {
  static func render(_ document: SuitStatusDocument, thresholds: Thresholds, theme: Theme) -> String {
    let telemetry = document.telemetry
    func gauge(_ label: String, _ metric: Metric, _ value: Double) -> String {
      Gauge(
        label: label, value: (value * 10).rounded() / 10, range: 0...100, unit: "%",
        style: ReadingsScreen.style(for: thresholds.classify(metric, value).status), labelWidth: 7
      ).render(theme)
    }
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
      ReadingsScreen.table(document.readings, theme: theme),
      gauge("Battery", .batteryCharge, telemetry.batteryChargePercent) + "\n"
        + gauge("Oxygen", .oxygenLevel, telemetry.oxygenLevelPercent),
      settings,
      ReadingsScreen.alerts(document.alerts, theme: theme),
    ].joined(separator: "\n\n")
  }
}

/// One compact line per watched sample.
enum WatchLine {
  /// Column titles, each right-aligned over its value (the widths of `render`'s fields).
  static let header = [
    "time".padding(toLength: 8, withPad: " ", startingAt: 0),
    rightAligned("pressure", 9), rightAligned("O2", 7), rightAligned("CO2", 9), rightAligned("battery", 7),
    rightAligned("inside", 8), rightAligned("outside", 9),
  ].joined(separator: "  ")

  private static func rightAligned(_ text: String, _ width: Int) -> String {
    String(repeating: " ", count: max(0, width - text.count)) + text
  }

  static func render(_ telemetry: SuitTelemetry, alerts: [SuitAlert], theme: Theme) -> String {
    let time = telemetry.timestamp.formatted(Date.ISO8601FormatStyle().time(includingFractionalSeconds: false))
    let fields = [
      time.padding(toLength: 8, withPad: " ", startingAt: 0),
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
