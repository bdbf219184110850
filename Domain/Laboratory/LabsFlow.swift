import LaboratoryServiceInterface
import Localization
import UIComponents

/// The labs: racks and freezers; switching racks. Faults are alerts, recorded.
@MainActor
struct LabsFlow {
  let context: FlowContext
  let lab: any LaboratoryClient

  func show() async throws {
    let telemetry = try await lab.telemetry()
    record(telemetry)
    try context.show(telemetry, as: LabScreens.labs)
  }

  func switchRack(_ rack: String, to state: RackState) async throws {
    let answer = try await lab.send(RackCommand(rack: rack, state: state))
    try context.show(answer, line: Strings.rackDone(message: answer.message), style: .ok)
  }

  func runInteractive() async {
    let (lab, theme, translator) = (lab, context.theme, context.translator)
    let screen = InteractiveScreen(
      menu: Menu<LabsChoice>(Strings.menuLabs),
      load: { try await lab.telemetry() }, render: { LabScreens.labs($0, theme: theme, translator: translator) })
    await screen.run(in: context) { choice, telemetry in
      record(telemetry)
      switch choice {
      case .switchRack:
        guard
          let rack = context.ask(
            Strings.askRack(racks: Rack.all.map(\.id).joined(separator: ", ")), reading: LaboratoryRoute.rackID.format),
          let state = context.ask(Strings.askState, reading: LaboratoryRoute.rackState.format)
        else { return .stay }
        await context.presentingErrors { try await switchRack(rack, to: state) }
      case .refresh: break
      case .back: return .leave
      }
      return .stay
    }
  }

  private func record(_ telemetry: LabTelemetry) {
    for reading in telemetry.racks where reading.state == .fault {
      context.analytics.track("lab.alert", ["rack": reading.rack, "message": reading.fault ?? "fault"])
    }
  }
}
