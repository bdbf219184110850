import FoundationEssentials
import Localization
import SpacesuitServiceInterface
import UIComponents

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
    let thresholds = alerts.thresholds
    try context.show(document(for: try await client.telemetry())) {
      SuitScreen.render($0, thresholds: thresholds, theme: $1, translator: $2)
    }
  }

  /// Shows `count` samples (nil: until Ctrl-C), one line each, or one JSON array with `--json`.
  /// Ctrl-C stops it: interactively the screen goes on; a command ends with 130.
  func watch(count: Int?, interval: Duration) async throws {
    _ = try await context.interruptible { try await self.printSamples(count: count, interval: interval) }
  }

  private func printSamples(count: Int?, interval: Duration) async throws {
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
    try context.show(try await acknowledged(command), line: Strings.ackLine(message: command.outcome), style: .ok)
  }

  private func acknowledged(_ command: SuitCommand) async throws -> CommandAcknowledgement {
    let acknowledgement = try await client.send(command)
    context.analytics.track(
      "suit.command", ["command": acknowledgement.command, "accepted": "\(acknowledgement.accepted)"])
    guard acknowledgement.accepted else { throw SpacesuitError.refusing(acknowledgement) }
    return acknowledgement
  }

  /// The suit screen: readings, alerts, then commands until the user goes back.
  func runInteractive(health: HealthFlow) async {
    let client = client
    let thresholds = alerts.thresholds
    let theme = context.theme
    let translator = context.translator
    let screen = InteractiveScreen(
      menu: Menu<SuitChoice>(Strings.menuSpacesuit),
      load: { [self] in document(for: try await client.telemetry()) },
      render: { SuitScreen.render($0, thresholds: thresholds, theme: theme, translator: translator) })
    await screen.run(in: context) { choice, shown in
      switch choice {
      case .temperature:
        await ask(
          setting: "temperature", range: SuitCommand.temperatureRange, unit: .verbatim("°C"),
          prompt: { Strings.promptTemperature(goBack: $0) })
      case .oxygenFlow:
        await ask(
          setting: "oxygen-flow", range: SuitCommand.oxygenFlowRange, unit: Strings.unitLitersPerMinute,
          prompt: { Strings.promptOxygenFlow(goBack: $0) })
      case .lights: await perform(.setLights(on: !shown.telemetry.helmetLightsOn))
      case .watch: await watchInteractively(count: 5, interval: Self.defaultWatchInterval)
      case .health: await health.runInteractive()
      case .refresh: break
      case .back: return .leave
      }
      return .stay
    }
  }

  /// Watches the suit until `count` samples arrived or Ctrl-C; errors are presented.
  func watchInteractively(count: Int, interval: Duration) async {
    context.terminal.print(context.theme.apply(.dim, to: context.translator(Strings.watchWatching(count: count))))
    await context.presentingErrors { try await watch(count: count, interval: interval) }
  }

  /// Asks for a number of `setting` within `range`, saying in the reader's language what is allowed.
  private func ask(
    setting: String, range: ClosedRange<Double>, unit: LocalizedText,
    prompt question: (_ goBack: LocalizedText) -> LocalizedText
  ) async {
    let language = context.translator.language
    let prompt = Prompt<SuitCommand>(question: question) { word in
      let bounds = SuitNumbers.exact(range.lowerBound) + .verbatim("–") + SuitNumbers.exact(range.upperBound)
      // As the prompt shows the range: `2,5` where the language writes decimals with a comma.
      guard let value = WrittenNumber.decimal(word, in: language) else {
        return .failure(
          ValidationError(
            Strings.promptNeedsNumber(setting: setting, range: bounds, unit: unit, answer: InertText(word))))
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
