import HeatRadiatorServiceInterface
import Localization
import UIComponents

/// The thermal screen: loops and radiators; deploying, retracting and rotating radiators.
@MainActor
struct ThermalFlow {
  let view: SystemView<ThermalStatus>
  let commands: StationCommands

  init(context: FlowContext, reader: StationReader, alerts: AlertRecorder, commands: StationCommands) {
    view = SystemView(
      context: context, alerts: alerts, load: { try await reader.thermal.status() },
      classify: StationReader.alerts(thermal:), render: StationScreens.thermal)
    self.commands = commands
  }

  func printOnce() async throws { try await view.printOnce() }

  func runInteractive() async {
    await view.screen(Menu<ThermalChoice>(Strings.menuThermal)).run(in: view.context) { choice, _ in
      switch choice {
      case .deploy:
        guard let wing = view.context.ask(Strings.askRadiator, reading: PeripheriesRoute.radiator.format) else {
          return .stay
        }
        await commands.performShowingErrors(.radiator(.deploy(wing)))
      case .retract:
        guard let wing = view.context.ask(Strings.askRadiator, reading: PeripheriesRoute.radiator.format) else {
          return .stay
        }
        await commands.performShowingErrors(.radiator(.retract(wing)))
      case .rotate:
        guard let wing = view.context.ask(Strings.askRadiator, reading: PeripheriesRoute.radiator.format),
          let pointing = view.context.ask(Strings.askAngle, reading: PeripheriesRoute.pointing.format)
        else { return .stay }
        await commands.performShowingErrors(.radiator(.rotate(wing, pointing)))
      case .refresh: break
      case .back: return .leave
      }
      return .stay
    }
  }
}
