import CosmonautInterface
import Localization
import SpacesuitServiceInterface
import UIComponents

/// The Health check: vitals from the suit's biomonitor, each classified with its thresholds shown.
@MainActor
final class HealthFlow {
  private let context: FlowContext
  private let client: any SpacesuitClient
  private let alerts: AlertRecorder

  init(context: FlowContext, client: any SpacesuitClient, alerts: AlertRecorder) {
    self.context = context
    self.client = client
    self.alerts = alerts
  }

  /// Classifies vitals and records the alerts they raise.
  private func document(for vitals: Vitals) -> HealthDocument {
    let readings = vitals.readings(alerts.thresholds)
    return HealthDocument(vitals: vitals, readings: readings, alerts: alerts.classify(readings))
  }

  /// Prints the vitals once (text or JSON).
  func printOnce() async throws {
    try context.show(document(for: try await client.vitals()), as: HealthScreen.render)
  }

  /// The Health screen, refreshed on demand; medical supplies are one step away when the app shows them.
  func runInteractive() async {
    let client = client
    let theme = context.theme
    let translator = context.translator
    let offersSupplies = context.navigator.canNavigate(to: .supplies)
    let screen = InteractiveScreen(
      menu: Menu(
        Strings.menuHealth, choices: HealthChoice.allCases.filter { $0 != .medicalSupplies || offersSupplies }),
      load: { [self] in document(for: try await client.vitals()) },
      render: { HealthScreen.render($0, theme: theme, translator: translator) })
    await screen.run(in: context) { choice, _ in
      switch choice {
      case .refresh: return .stay
      case .medicalSupplies:
        // Cross-domain: ask for the destination by value; Scaffold finds the domain that shows it.
        await context.navigate(to: .supplies)
        return .stay
      case .back: return .leave
      }
    }
  }
}
