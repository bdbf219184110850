import Foundation
import Localization
import SpacesuitServiceInterface
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
    let document = document(for: try await client.vitals())
    if context.json {
      try context.printJSON(document)
    } else {
      context.terminal.print(HealthScreen.render(document, theme: context.theme, translator: context.translator))
    }
  }

  /// The Health screen, refreshed on demand; medical supplies are one step away when the app shows them.
  func runInteractive() async {
    let client = client
    let theme = context.theme
    let translator = context.translator
    var items: [Menu.Item] = [.init(key: "r", title: translator(Strings.menuRefresh))]
    if context.navigator.canNavigate(to: .supplies) {
      items.append(.init(key: "m", title: translator(Strings.menuMedicalSupplies)))
    }
    items.append(.init(key: "b", title: translator(Strings.menuBack)))
    let screen = InteractiveScreen(
      menu: Menu(title: translator(Strings.menuHealth), items: items),
      load: { [self] in document(for: try await client.vitals()) },
      render: { HealthScreen.render($0, theme: theme, translator: translator) })
    await screen.run(in: context) { choice, _ in
      switch choice.key {
      case "r": return .stay
      case "m":
        // Cross-domain: ask for the destination by value; Scaffold finds the domain that shows it.
        await context.navigate(to: .supplies)
        return .stay
      default: return .leave
      }
    }
  }
}

/// Renders classified vitals as a table with thresholds and the alerts they raise.
enum HealthScreen {
  static func render(_ document: HealthDocument, theme: Theme, translator: Translator) -> String {
    let theme = theme.screen(.health)
    return [
      theme.apply(.title, to: translator(Strings.healthTitle(time: LocalizedText.dateTime(document.vitals.timestamp)))),
      ReadingsScreen.table(document.readings, theme: theme, translator: translator),
      ReadingsScreen.alerts(document.alerts, theme: theme, translator: translator),
    ].joined(separator: "\n\n")
  }
}
