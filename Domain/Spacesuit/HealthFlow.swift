import Foundation
import SpacesuitService
import UIComponents

/// The `--json` document of `health`.
struct HealthDocument: Encodable {
  let vitals: Vitals
  let readings: [Reading]
  let alerts: [SuitAlert]
}

/// The Health check: vitals from the suit's biomonitor, each classified with its thresholds shown.
@MainActor
final class HealthFlow {
  private let environment: SuitEnvironment
  private let client: any SpacesuitClient

  init(environment: SuitEnvironment, client: any SpacesuitClient) {
    self.environment = environment
    self.client = client
  }

  /// Classifies vitals and records the alerts they raise.
  private func document(for vitals: Vitals) -> HealthDocument {
    let readings = vitals.readings(environment.thresholds)
    let alerts = environment.thresholds.alerts(for: readings)
    environment.record(alerts)
    return HealthDocument(vitals: vitals, readings: readings, alerts: alerts)
  }

  /// `health` — the link's head was the alias itself, so `link` is what follows it.
  func open(_ link: DeepLink) async throws -> Bool {
    guard link.head == nil else { return false }
    switch environment.context.presentation {
    case .interactive:
      await runInteractive()
    case .once:
      let vitals = try await client.vitals()
      let document = document(for: vitals)
      if environment.json {
        try environment.context.printJSON(document)
      } else {
        environment.terminal.print(HealthScreen.render(document, theme: environment.theme))
      }
    }
    return true
  }

  /// The Health screen, refreshed on demand; medical supplies are one step away in the Cosmonaut domain.
  func runInteractive() async {
    let client = client
    let theme = environment.theme
    let screen = InteractiveScreen(
      menu: Menu(
        title: "Health",
        items: [
          .init(key: "r", title: "Refresh"), .init(key: "m", title: "Medical supplies"), .init(key: "b", title: "Back"),
        ]),
      load: { [self] in document(for: try await client.vitals()) },
      render: { HealthScreen.render($0, theme: theme) })
    await screen.run(in: environment.context, module: SuitEnvironment.module) { choice, _ in
      switch choice.key {
      case "r": return .stay
      case "m":
        // Cross-domain: ask for the destination by value; Scaffold finds the domain that owns it.
        await environment.context.presentingErrors(in: SuitEnvironment.module) {
          _ = try await environment.context.navigator.navigate(to: DeepLink(path: ["supplies"]))
        }
        return .stay
      default: return .leave
      }
    }
  }
}

/// Renders classified vitals as a table with thresholds and the alerts they raise.
enum HealthScreen {
  static func render(_ document: HealthDocument, theme: Theme) -> String {
    [
      theme.apply(.title, to: "Health check — \(document.vitals.timestamp.formatted(.iso8601))"),
      ReadingsScreen.table(document.readings, theme: theme),
      ReadingsScreen.alerts(document.alerts, theme: theme),
    ].joined(separator: "\n\n")
  }
}
