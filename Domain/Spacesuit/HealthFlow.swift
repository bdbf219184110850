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
  private(set) var state: LoadState<Vitals> = .loading

  init(environment: SuitEnvironment, client: any SpacesuitClient) {
    self.environment = environment
    self.client = client
  }

  func load() async {
    state = await LoadState.capture { try await client.vitals() }
  }

  /// `health` — the link's head was the alias itself, so `link` is what follows it.
  func open(_ link: DeepLink) async throws -> Bool {
    guard link.head == nil else { return false }
    switch environment.context.presentation {
    case .interactive:
      await runInteractive()
    case .once(let json):
      let vitals = try await client.vitals()
      let readings = vitals.readings(environment.thresholds)
      let alerts = environment.thresholds.alerts(for: readings)
      environment.record(alerts)
      if json {
        try environment.printJSON(HealthDocument(vitals: vitals, readings: readings, alerts: alerts))
      } else {
        environment.terminal.print(
          HealthScreen.render(vitals, thresholds: environment.thresholds, theme: environment.theme))
      }
    }
    return true
  }

  /// The Health screen, refreshed on demand; medical supplies are one step away in the Cosmonaut domain.
  func runInteractive() async {
    let terminal = environment.terminal
    while true {
      await load()
      switch state {
      case .loading: return
      case .failed(let error): environment.present(error); return
      case .loaded(let vitals):
        environment.record(environment.thresholds.alerts(for: vitals.readings(environment.thresholds)))
        terminal.print(HealthScreen.render(vitals, thresholds: environment.thresholds, theme: environment.theme))
      }
      let menu = Menu(
        title: "Health",
        items: [
          .init(key: "r", title: "Refresh"), .init(key: "m", title: "Medical supplies"), .init(key: "b", title: "Back"),
        ])
      guard let choice = menu.choose(on: terminal) else { return }
      switch choice.key {
      case "r": continue
      case "m":
        // Cross-domain: ask for the destination by value; Scaffold finds the domain that owns it.
        do {
          if let link = DeepLink(string: "supplies") { _ = try await environment.context.navigator.navigate(to: link) }
        } catch {
          environment.present(error)
        }
      default: return
      }
    }
  }
}

/// Renders vitals as a table with thresholds and the alerts they raise.
enum HealthScreen {
  static func render(_ vitals: Vitals, thresholds: Thresholds, theme: Theme) -> String {
    let readings = vitals.readings(thresholds)
    return [
      theme.apply(.title, to: "Health check — \(vitals.timestamp.formatted(.iso8601))"),
      ReadingsScreen.table(readings, theme: theme),
      ReadingsScreen.alerts(thresholds.alerts(for: readings), theme: theme),
    ].joined(separator: "\n\n")
  }
}
