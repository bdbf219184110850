import Localization
import UIComponents

/// One system's status with the alerts it raises, loaded, recorded and shown the same way by
/// every system's screen: once (text or JSON) or as an interactive screen.
@MainActor
struct SystemView<Status: Encodable & Sendable> {
  let context: FlowContext
  let alerts: AlertRecorder
  let load: @Sendable () async throws -> Status
  let classify: (Status) -> [StationAlert]
  let render: (Status, [StationAlert], Theme, Translator) -> String

  /// The status and its alerts; newly raised alerts are recorded.
  func loadClassified() async throws -> (Status, [StationAlert]) {
    let status = try await load()
    let raised = classify(status)
    alerts.record(raised)
    return (status, raised)
  }

  /// Prints the status once: its screen, or its JSON document.
  func printOnce() async throws {
    let (status, raised) = try await loadClassified()
    try context.show(status) { [render] in render($0, raised, $1, $2) }
  }

  /// The system's interactive screen above `menu`.
  func screen<Choice>(_ menu: Menu<Choice>) -> InteractiveScreen<(Status, [StationAlert]), Choice> {
    let (render, theme, translator) = (render, context.theme, context.translator)
    return InteractiveScreen(menu: menu, load: loadClassified, render: { render($0.0, $0.1, theme, translator) })
  }
}
