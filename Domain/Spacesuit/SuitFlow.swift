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
  private let context: FlowContext
  private let client: any SpacesuitClient
  private let alerts: AlertRecorder

  static let defaultWatchInterval: Duration = .seconds(1)

  init(context: FlowContext, client: any SpacesuitClient, alerts: AlertRecorder) {
    self.context = context
    self.client = client
    self.alerts = alerts
  }

  /// Classifies a sample and records the alerts it raises.
  private func document(for telemetry: SuitTelemetry) -> SuitStatusDocument {
    let readings = telemetry.readings(alerts.thresholds)
    return SuitStatusDocument(telemetry: telemetry, readings: readings, alerts: alerts.classify(readings))
  }

  func printStatus() async throws {
    let telemetry = try await client.telemetry()
    let document = document(for: telemetry)
    if context.json {
      try context.printJSON(document)
    } else {
      context.terminal.print(
        SuitScreen.render(document, thresholds: alerts.thresholds, theme: context.theme))
    }
  }

  func watch(count: Int?, interval: Duration) async throws {
    let json = context.json
    var samples: [SuitStatusDocument] = []
    if !json {
      context.terminal.print(context.theme.apply(.heading, to: WatchLine.header))
    }
    for try await update in client.watchUpdates(count: count, interval: interval) {
      guard case .sample(let telemetry) = update else {
        // The link dropped or came back: say so (on stderr with --json, which keeps stdout one document).
        if case .link(let event) = update {
          if json {
            context.terminal.printError(event.message)
          } else {
            context.terminal.print(context.theme.apply(.warning, to: event.message))
          }
        }
        continue
      }
      let document = document(for: telemetry)
      if json {
        samples.append(document)
      } else {
        context.terminal.print(WatchLine.render(telemetry, alerts: document.alerts, theme: context.theme))
      }
    }
    if json { try context.printJSON(samples) }
  }

  /// Sends one command and shows the suit's acknowledgement (text or JSON).
  func send(_ command: SuitCommand) async throws {
    let acknowledgement = try await acknowledged(command)
    if context.json {
      try context.printJSON(acknowledgement)
    } else {
      context.terminal.print(context.theme.apply(.ok, to: "Suit acknowledged: \(acknowledgement.message)"))
    }
  }

  private func acknowledged(_ command: SuitCommand) async throws -> CommandAcknowledgement {
    let acknowledgement = try await client.send(command)
    context.analytics.track(
      "suit.command", ["command": acknowledgement.command, "accepted": "\(acknowledgement.accepted)"])
    guard acknowledgement.accepted else { throw SpacesuitError.rejected(acknowledgement.message) }
    return acknowledgement
  }

  /// The suit screen: readings, alerts, then commands until the user goes back.
  func runInteractive(health: HealthFlow) async {
    let client = client
    let thresholds = alerts.thresholds
    let theme = context.theme
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
    await screen.run(in: context) { choice, shown in
      switch choice.key {
      case "t": await ask(setting: "temperature", prompt: "Target temperature °C (16–30; Enter to go back): ")
      case "o": await ask(setting: "oxygen-flow", prompt: "O2 flow L/min (0.5–8; Enter to go back): ")
      case "l": await perform(.setLights(on: !shown.telemetry.helmetLightsOn))
      case "w": await watchInteractively(count: 5, interval: Self.defaultWatchInterval)
      case "h": await health.runInteractive()
      case "r": break
      default: return .leave
      }
      return .stay
    }
  }

  /// Watches the suit until `count` samples arrived or Ctrl-C; errors are presented.
  func watchInteractively(count: Int, interval: Duration) async {
    context.terminal.print(context.theme.apply(.dim, to: "Watching \(count) samples (Ctrl-C stops)…"))
    await context.presentingErrors {
      _ = try await context.interruptible { try await self.watch(count: count, interval: interval) }
    }
  }

  private func ask(setting: String, prompt message: String) async {
    let prompt = Prompt<SuitCommand>(message, emptyAnswerCancels: true) { answer in
      Result { () throws(SpacesuitError) in
        try SuitCommand.parse(setting: setting, value: answer.trimmingCharacters(in: .whitespaces))
      }.mapError { ValidationError($0.userMessage) }
    }
    guard let command = prompt.ask(on: context.terminal) else { return }
    await perform(command)
  }

  private func perform(_ command: SuitCommand) async {
    await context.presentingErrors { try await send(command) }
  }
}

/// Renders the suit: readings with thresholds, gauges for consumables, settings and alerts.
enum SuitScreen {
  static func render(_ document: SuitStatusDocument, thresholds: Thresholds, theme: Theme) -> String {
    let theme = theme.screen(.suit)
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
    let theme = theme.screen(.suit)
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
