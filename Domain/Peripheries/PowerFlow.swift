import Localization
import SolarArrayServiceInterface
import UIComponents

/// The power screen: wings, joints, batteries; driving gimbals and joints.
@MainActor
struct PowerFlow {
  let view: SystemView<PowerStatus>
  let commands: StationCommands

  init(context: FlowContext, reader: StationReader, alerts: AlertRecorder, commands: StationCommands) {
    view = SystemView(
      context: context, alerts: alerts, load: { try await reader.power.status() },
      classify: StationReader.alerts(power:),
      render: StationScreens.power)
    self.commands = commands
  }

  func printOnce() async throws { try await view.printOnce() }

  func runInteractive() async {
    await view.screen(Menu<PowerChoice>(Strings.menuPower)).run(in: view.context) { choice, _ in
      switch choice {
      case .driveWing:
        guard let wing = view.context.ask(Strings.askWing, reading: PeripheriesRoute.channel.format),
          let mode = view.context.ask(Strings.askWingMode, reading: PeripheriesRoute.wingMode.format)
        else { return .stay }
        await commands.performShowingErrors(.wing(wing, mode))
      case .driveJoint:
        guard let joint = view.context.ask(Strings.askJoint, reading: PeripheriesRoute.joint.format),
          let mode = view.context.ask(Strings.askJointMode, reading: PeripheriesRoute.jointMode.format)
        else { return .stay }
        await commands.performShowingErrors(.joint(joint, mode))
      case .featherNearPort:
        guard let port = view.context.ask(Strings.askPort, reading: PeripheriesRoute.port.format) else { return .stay }
        for wing in StationRules.wingsNear(port) { await commands.performShowingErrors(.wing(wing, .feather)) }
      case .refresh: break
      case .back: return .leave
      }
      return .stay
    }
  }
}
