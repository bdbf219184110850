import DockingPortServiceInterface
import HeatRadiatorServiceInterface
import Localization
import SolarArrayServiceInterface
import UIComponents

/// The steps that change the station: each checks the rules that span services, is sent to its
/// service, and prints the acknowledgement (text or JSON). A refusal throws (exit 65) and changes nothing.
@MainActor
struct StationCommands {
  let context: FlowContext
  let reader: StationReader

  func perform(_ route: PeripheriesRoute) async throws {
    let outcome: LocalizedText
    let document: any Encodable & Sendable
    switch route {
    case .wing(let channel, let mode):
      if let refusal = StationRules.refusal(of: channel, mode: mode, docking: try await reader.docking.status()) {
        throw refusal
      }
      let command = PowerCommand.wing(channel, mode)
      (outcome, document) = (command.outcome, try await reader.power.send(command))
    case .joint(let joint, let mode):
      let command = PowerCommand.joint(joint, mode)
      (outcome, document) = (command.outcome, try await reader.power.send(command))
    case .radiator(let command):
      (outcome, document) = (command.outcome, try await reader.thermal.send(command))
    case .dock(let step):
      let port = try await reader.docking.status().port(step.port)
      if let refusal = StationRules.refusal(of: step, at: port, power: try await reader.power.status()) {
        throw refusal
      }
      let answer = try await reader.docking.send(step)
      (outcome, document) = (answer.outcome, answer)
    case .status, .power, .thermal, .docking, .schedule:
      return
    }
    context.analytics.track("station.command", ["route": route.link.description])
    try context.show(document, line: Strings.commandDone(outcome: outcome), style: .ok)
  }

  /// Performs `route` from a screen: errors are shown, the screen goes on.
  func performShowingErrors(_ route: PeripheriesRoute) async {
    await context.presentingErrors { try await perform(route) }
  }
}
