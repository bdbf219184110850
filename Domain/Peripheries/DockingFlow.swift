import CosmonautInterface
import DockingPortServiceInterface
import Localization
import UIComponents

/// The docking screen: ports, vehicles, the schedule; the steps of the procedure.
@MainActor
struct DockingFlow {
  let context: FlowContext
  let reader: StationReader
  let commands: StationCommands
  var features = PeripheriesFeatures()

  func printOnce() async throws {
    let (docking, schedule) = (try await reader.docking.status(), await keptSchedule())
    try context.show(docking) { StationScreens.docking($0, schedule: schedule, theme: $1, translator: $2) }
  }

  func printSchedule() async throws {
    try context.show(try await reader.schedule.schedule(), as: StationScreens.schedule)
  }

  /// The schedule for the docking screen (none when the partner leaves it out: Houston is not
  /// asked); its absence is logged, not an error of the screen.
  private func keptSchedule() async -> ScheduleReading? {
    guard features.showsVehicleSchedule else { return nil }
    do { return try await reader.schedule.schedule() } catch {
      context.logger.info("docking screen without a schedule: \(error)")
      return nil
    }
  }

  func runInteractive() async {
    let (theme, translator) = (context.theme, context.translator)
    // Cross-domain: unloading a cargo vehicle means updating the supplies, where the app has them.
    let offersSupplies = context.navigator.canNavigate(to: .supplies)
    let screen = InteractiveScreen(
      menu: Menu(Strings.menuDocking, choices: DockingChoice.allCases.filter { $0 != .supplies || offersSupplies }),
      load: { () async throws -> (DockingStatus, ScheduleReading?) in
        (try await reader.docking.status(), await keptSchedule())
      },
      render: { StationScreens.docking($0.0, schedule: $0.1, theme: theme, translator: translator) })
    await screen.run(in: context) { choice, shown in
      switch choice {
      case .approach:
        guard let port = context.ask(Strings.askPort, reading: PeripheriesRoute.port.format),
          let vehicle = context.ask(Strings.askVehicle, reading: PeripheriesRoute.vehicle.format)
        else { return .stay }
        await commands.performShowingErrors(.dock(.approach(port, vehicle)))
      case .nextStep:
        guard let port = context.ask(Strings.askPort, reading: PeripheriesRoute.port.format) else { return .stay }
        guard let step = StationRules.nextStep(at: shown.0.port(port)) else {
          context.terminal.printError(Strings.dockingNothingToDo(port: port.rawValue))
          return .stay
        }
        await commands.performShowingErrors(.dock(step))
      case .undock:
        guard let port = context.ask(Strings.askPort, reading: PeripheriesRoute.port.format) else { return .stay }
        await commands.performShowingErrors(.dock(.undock(port)))
      case .supplies: await context.navigate(to: .supplies)
      case .refresh: break
      case .back: return .leave
      }
      return .stay
    }
  }
}
