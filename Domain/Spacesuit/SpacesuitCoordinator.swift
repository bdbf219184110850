import AppAnalytics
import Localization
import SpacesuitServiceInterface
import UIComponents

/// The Spacesuit domain's entry point: suit telemetry and commands, and the Health check read
/// from the suit's biomonitor.
@MainActor
public final class SpacesuitCoordinator: Coordinator {
  private let context: FlowContext
  private let suit: SuitFlow
  private let health: HealthFlow

  /// Creates the coordinator for one presentation; `thresholds` classify every reading.
  public init(context: FlowContext, client: any SpacesuitClient, thresholds: Thresholds = .standard) {
    self.context = context
    let alerts = AlertRecorder(context: context, thresholds: thresholds)
    suit = SuitFlow(context: context, client: client, alerts: alerts)
    health = HealthFlow(context: context, client: client, alerts: alerts)
  }

  /// The domain's home: the suit screen.
  public func start() async {
    await suit.runInteractive(health: health)
  }

  public func start(at route: SpacesuitRoute) async throws {
    let interactive = context.presentation == .interactive
    switch route {
    case .health:
      if interactive { await health.runInteractive() } else { try await health.printOnce() }
    case .status:
      if interactive { await start() } else { try await suit.printStatus() }
    case .watch(let count, let interval):
      let every = interval.map { Duration.milliseconds($0) } ?? SuitFlow.defaultWatchInterval
      if interactive {
        await suit.watchInteractively(count: count ?? 5, interval: every)
        await start()
      } else {
        if context.json && count == nil { throw SpacesuitFlowError.jsonNeedsCount }
        try await suit.watch(count: count, interval: every)
      }
    case .set(let command):
      try await suit.send(command)
      if interactive { await start() }
    }
  }
}
