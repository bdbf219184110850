import DockingPortServiceInterface
import HeatRadiatorServiceInterface
import SolarArrayServiceInterface
import UIComponents

/// The Peripheries domain's entry point: the station overview, power, thermal and docking.
@MainActor
public final class PeripheriesCoordinator: Coordinator {
  private let context: FlowContext
  private let commands: StationCommands
  private let overview: OverviewFlow
  private let power: PowerFlow
  private let thermal: ThermalFlow
  private let docking: DockingFlow

  /// Creates the coordinator for one presentation over the station's services.
  public init(
    context: FlowContext, power: any SolarArrayClient, thermal: any HeatRadiatorClient,
    docking: any DockingPortClient, schedule: any VehicleScheduleClient,
    features: PeripheriesFeatures = PeripheriesFeatures()
  ) {
    self.context = context
    let reader = StationReader(power: power, thermal: thermal, docking: docking, schedule: schedule)
    let alerts = AlertRecorder(context: context)
    commands = StationCommands(context: context, reader: reader)
    overview = OverviewFlow(context: context, reader: reader, alerts: alerts)
    self.power = PowerFlow(context: context, reader: reader, alerts: alerts, commands: commands)
    self.thermal = ThermalFlow(context: context, reader: reader, alerts: alerts, commands: commands)
    self.docking = DockingFlow(context: context, reader: reader, commands: commands, features: features)
  }

  /// The domain's home: the overview.
  public func start() async {
    await overview.runInteractive(power: power, thermal: thermal, docking: docking)
  }

  public func start(at route: PeripheriesRoute) async throws {
    let interactive = context.presentation == .interactive
    switch route {
    case .status(nil):
      if interactive { await start() } else { try await overview.printOnce() }
    case .status(let watch?):
      if interactive {
        await context.presentingErrors {
          try await overview.watch(.init(count: watch.count ?? 5, intervalMilliseconds: watch.intervalMilliseconds))
        }
        await start()
      } else {
        try await overview.watch(watch)
      }
    case .power:
      if interactive { await power.runInteractive() } else { try await power.printOnce() }
    case .thermal:
      if interactive { await thermal.runInteractive() } else { try await thermal.printOnce() }
    case .docking:
      if interactive { await docking.runInteractive() } else { try await docking.printOnce() }
    case .schedule:
      try await docking.printSchedule()
      if interactive { await docking.runInteractive() }
    case .wing, .joint:
      try await commands.perform(route)
      if interactive { await power.runInteractive() }
    case .radiator:
      try await commands.perform(route)
      if interactive { await thermal.runInteractive() }
    case .dock:
      try await commands.perform(route)
      if interactive { await docking.runInteractive() }
    }
  }
}
