import FoundationEssentials
import Localization
import UIComponents

/// The overview: power, thermal, docking, alerts and position, once, watched, or as a screen.
@MainActor
struct OverviewFlow {
  let context: FlowContext
  let reader: StationReader
  let alerts: AlertRecorder

  static let defaultInterval = 2000

  func document() async throws -> StationDocument {
    let document = try await reader.document()
    alerts.record(document.alerts)
    return document
  }

  func printOnce() async throws {
    try context.show(try await document(), as: StationScreens.overview)
  }

  /// Draws the overview `count` times (nil: until Ctrl-C): in place on a terminal, one line per
  /// sample when the output is piped, one JSON array with `--json`. Ctrl-C stops it: interactively
  /// the screen goes on; a command ends with 130.
  func watch(_ watch: PeripheriesRoute.Watch) async throws {
    if context.json && watch.count == nil { throw PeripheriesError.jsonNeedsCount }
    _ = try await context.interruptible { try await draw(watch) }
  }

  private func draw(_ watch: PeripheriesRoute.Watch) async throws {
    let news = tellLinkNews()
    defer { news.cancel() }
    let interval = Duration.milliseconds(watch.intervalMilliseconds ?? Self.defaultInterval)
    let redraws = context.theme.usesColor
    var samples: [StationDocument] = []
    var drawn = 0
    while watch.count.map({ drawn < $0 }) ?? true {
      if drawn > 0 { try await Task.sleep(for: interval) }
      let document = try await document()
      drawn += 1
      if context.json {
        samples.append(document)
      } else if redraws {
        context.terminal.clearScreen()
        context.terminal.print(StationScreens.overview(document, theme: context.theme, translator: context.translator))
        context.terminal.print(context.theme.apply(.dim, to: context.translator(Strings.watchSample(number: drawn))))
      } else {
        context.terminal.print(StationScreens.watchLine(document, translator: context.translator))
      }
    }
    if context.json { try context.printJSON(samples) }
  }

  /// Says when the station link drops and when it is back, while the watch waits for it: on the
  /// output between the samples, on stderr with `--json` (which keeps stdout one document). The
  /// three systems share the station's socket; the power system's link speaks for it.
  private func tellLinkNews() -> Task<Void, Never> {
    let (context, events) = (context, reader.power.linkNews())
    return Task { @MainActor in
      for await event in events {
        // The attempt says the link was lost; a link that gave up ends the watch with its error line.
        let line: LocalizedText
        switch event {
        case .reconnecting(let attempt, let maximum):
          line = Strings.watchLinkReconnecting(attempt: attempt, maximum: maximum)
        case .reconnected: line = Strings.watchLinkReconnected
        }
        if context.json {
          context.terminal.printError(line)
        } else {
          context.terminal.print(context.theme.apply(.warning, to: context.translator(line)))
        }
      }
    }
  }

  func runInteractive(power: PowerFlow, thermal: ThermalFlow, docking: DockingFlow) async {
    let (theme, translator) = (context.theme, context.translator)
    let screen = InteractiveScreen(
      menu: Menu<OverviewChoice>(Strings.menuOverview),
      load: { try await document() }, render: { StationScreens.overview($0, theme: theme, translator: translator) })
    await screen.run(in: context) { choice, _ in
      switch choice {
      case .watch:
        await context.presentingErrors { try await watch(.init(count: 5, intervalMilliseconds: nil)) }
      case .power: await power.runInteractive()
      case .thermal: await thermal.runInteractive()
      case .docking: await docking.runInteractive()
      case .refresh: break
      case .back: return .leave
      }
      return .stay
    }
  }
}
