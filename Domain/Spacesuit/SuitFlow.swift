import Foundation
import Localization
import SpacesuitServiceInterface
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
        SuitScreen.render(document, thresholds: alerts.thresholds, theme: context.theme, translator: context.translator)
      )
    }
  }

  func watch(count: Int?, interval: Duration) async throws {
    let json = context.json
    var samples: [SuitStatusDocument] = []
    if !json {
      context.terminal.print(context.theme.apply(.heading, to: WatchLine.header(context.translator)))
    }
    for try await update in client.watchUpdates(count: count, interval: interval) {
      guard case .sample(let telemetry) = update else {
        // The link dropped or came back: say so (on stderr with --json, which keeps stdout one document).
        if case .link(let event) = update {
          if json {
            context.terminal.printError(event.text)
          } else {
            context.terminal.print(context.theme.apply(.warning, to: context.translator(event.text)))
          }
        }
        continue
      }
      let document = document(for: telemetry)
      if json {
        samples.append(document)
      } else {
        context.terminal.print(
          WatchLine.render(telemetry, alerts: document.alerts, theme: context.theme, translator: context.translator))
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
      let line = Strings.ackLine(message: command.outcome)
      context.terminal.print(context.theme.apply(.ok, to: context.translator(line)))
    }
  }

  private func acknowledged(_ command: SuitCommand) async throws -> CommandAcknowledgement {
    let acknowledgement = try await client.send(command)
    context.analytics.track(
      "suit.command", ["command": acknowledgement.command, "accepted": "\(acknowledgement.accepted)"])
    guard acknowledgement.accepted else { throw SpacesuitError.rejected(acknowledgement.reason) }
    return acknowledgement
  }

  /// The suit screen: readings, alerts, then commands until the user goes back.
  func runInteractive(health: HealthFlow) async {
    let client = client
    let thresholds = alerts.thresholds
    let theme = context.theme
    let translator = context.translator
    let items: [(String, LocalizedText)] = [
      ("r", Strings.menuRefresh), ("t", Strings.menuSetTemperature), ("o", Strings.menuSetOxygenFlow),
      ("l", Strings.menuToggleLights), ("w", Strings.menuWatch), ("h", Strings.menuHealthCheck),
      ("b", Strings.menuBack),
    ]
    let screen = InteractiveScreen(
      menu: Menu(
        title: translator(Strings.menuSpacesuit), items: items.map { .init(key: $0.0, title: translator($0.1)) }),
      load: { [self] in document(for: try await client.telemetry()) },
      render: { SuitScreen.render($0, thresholds: thresholds, theme: theme, translator: translator) })
    await screen.run(in: context) { choice, shown in
      switch choice.key {
      case "t":
        await ask(
          setting: "temperature", range: SuitCommand.temperatureRange, unit: .verbatim("°C"),
          prompt: Strings.promptTemperature)
      case "o":
        await ask(
          setting: "oxygen-flow", range: SuitCommand.oxygenFlowRange, unit: Strings.unitLitersPerMinute,
          prompt: Strings.promptOxygenFlow)
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
    context.terminal.print(context.theme.apply(.dim, to: context.translator(Strings.watchWatching(count: count))))
    await context.presentingErrors {
      _ = try await context.interruptible { try await self.watch(count: count, interval: interval) }
    }
  }

  /// Asks for a number of `setting` within `range`, saying in the reader's language what is allowed.
  private func ask(
    setting: String, range: ClosedRange<Double>, unit: LocalizedText, prompt message: LocalizedText
  ) async {
    let prompt = Prompt<SuitCommand>(message, emptyAnswerCancels: true) { answer in
      let word = answer.trimmingCharacters(in: .whitespaces)
      let bounds = SuitNumbers.exact(range.lowerBound) + .verbatim("–") + SuitNumbers.exact(range.upperBound)
      guard let value = Double(word.replacingOccurrences(of: ",", with: ".")), value.isFinite else {
        return .failure(
          ValidationError(Strings.promptNeedsNumber(setting: setting, range: bounds, unit: unit, answer: word)))
      }
      guard range.contains(value) else {
        return .failure(
          ValidationError(
            Strings.promptOutOfRange(
              setting: setting, value: SuitNumbers.exact(value), unit: unit, range: bounds)))
      }
      return Result { () throws(SpacesuitError) in
        try SuitCommand.parse(setting: setting, value: String(value))
      }.mapError { ValidationError($0.translatedMessage) }
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
  static func render(
    _ document: SuitStatusDocument, thresholds: Thresholds, theme: Theme, translator: Translator
  ) -> String {
    let theme = theme.screen(.suit)
    let telemetry = document.telemetry
    func gauge(_ label: LocalizedText, _ metric: Metric, _ value: Double) -> String {
      Gauge(
        label: translator(label), value: (value * 10).rounded() / 10, range: 0...100, unit: "%",
        style: ReadingsScreen.style(for: thresholds.classify(metric, value).status), labelWidth: 7
      ).render(theme, translator: translator)
    }
    let settings = KeyValuePanel(
      title: translator(Strings.settingsTitle),
      rows: [
        .init(
          translator(Strings.settingsTargetTemperature),
          translator(ReadingsScreen.format(telemetry.targetTemperatureC, unit: .verbatim("°C")))),
        .init(
          translator(Strings.settingsOxygenFlow),
          translator(ReadingsScreen.format(telemetry.oxygenFlowLitersPerMinute, unit: Strings.unitLitersPerMinute))),
        .init(
          translator(Strings.settingsHelmetLights),
          translator(telemetry.helmetLightsOn ? Strings.lightsOn : Strings.lightsOff)),
      ]
    ).render(theme)
    return [
      theme.apply(.title, to: translator(Strings.suitTitle(time: LocalizedText.dateTime(telemetry.timestamp)))),
      ReadingsScreen.table(document.readings, theme: theme, translator: translator),
      gauge(Strings.gaugeBattery, .batteryCharge, telemetry.batteryChargePercent) + "\n"
        + gauge(Strings.gaugeOxygen, .oxygenLevel, telemetry.oxygenLevelPercent),
      settings,
      ReadingsScreen.alerts(document.alerts, theme: theme, translator: translator),
    ].joined(separator: "\n\n")
  }
}

/// One compact line per watched sample.
enum WatchLine {
  /// Column titles, each right-aligned over its value (the widths of `render`'s fields).
  static func header(_ translator: Translator) -> String {
    [
      translator(Strings.watchTime).padding(toLength: 8, withPad: " ", startingAt: 0),
      rightAligned(translator(Strings.watchPressure), 9), rightAligned(translator(Strings.watchOxygen), 7),
      rightAligned(translator(Strings.watchCarbonDioxide), 9), rightAligned(translator(Strings.watchBattery), 7),
      rightAligned(translator(Strings.watchInside), 8), rightAligned(translator(Strings.watchOutside), 9),
    ].joined(separator: "  ")
  }

  private static func rightAligned(_ text: String, _ width: Int) -> String {
    String(repeating: " ", count: max(0, width - text.count)) + text
  }

  static func render(_ telemetry: SuitTelemetry, alerts: [SuitAlert], theme: Theme, translator: Translator) -> String {
    let theme = theme.screen(.suit)
    func value(_ number: Double, _ width: Int, _ unit: LocalizedText) -> String {
      rightAligned(translator.number(number, fractionDigits: 1), width) + " " + translator(unit)
    }
    let fields = [
      translator.time(telemetry.timestamp).padding(toLength: 8, withPad: " ", startingAt: 0),
      value(telemetry.suitPressureKPa, 5, Metric.suitPressure.localizedUnit),
      value(telemetry.oxygenLevelPercent, 5, .verbatim("%")),
      value(telemetry.carbonDioxideMmHg, 4, Metric.carbonDioxide.localizedUnit),
      value(telemetry.batteryChargePercent, 5, .verbatim("%")),
      value(telemetry.internalTemperatureC, 5, .verbatim("°C")),
      value(telemetry.outsideTemperatureC, 6, .verbatim("°C")),
    ]
    var line = fields.joined(separator: "  ")
    if !alerts.isEmpty {
      line +=
        "  "
        + ReadingsScreen.alerts(alerts, theme: theme, translator: translator).replacingOccurrences(of: "\n", with: "; ")
    }
    return line
  }
}
