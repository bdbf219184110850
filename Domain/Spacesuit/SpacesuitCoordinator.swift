import AppAnalytics
import Logging
import SpacesuitService
import UIComponents

/// The Spacesuit domain's entry point: suit telemetry and commands, and the Health check read
/// from the suit's biomonitor.
///
/// Links: `health`, `status`, `telemetry`, `watch?count=N&interval-ms=MS`,
/// `set?setting=temperature|oxygen-flow|lights&value=V`, and the empty link (the suit screen).
@MainActor
public final class SpacesuitCoordinator: Coordinator {
  private let context: FlowContext
  private let suit: SuitFlow
  private let health: HealthFlow

  /// Creates the coordinator for one presentation; `thresholds` classify every reading.
  public init(
    context: FlowContext, client: any SpacesuitClient, thresholds: Thresholds = .standard, analytics: Analytics,
    logger: Logger
  ) {
    self.context = context
    let environment = SuitEnvironment(
      context: context, thresholds: thresholds, analytics: analytics, logger: logger.scoped(to: "Spacesuit"))
    suit = SuitFlow(environment: environment, client: client)
    health = HealthFlow(environment: environment, client: client)
  }

  public func start() async {
    await suit.runInteractive(health: health)
  }

  public func start(link: DeepLink) async throws -> Bool {
    let rest = link.droppingHead()
    // Every link of this domain is one word deep (its options are parameters).
    guard rest.head == nil else { return false }
    switch link.head {
    case nil, "telemetry", "status":
      if case .once = context.presentation {
        try await suit.printStatus()
      } else {
        await suit.runInteractive(health: health)
      }
      return true
    case "health":
      return try await health.open(rest)
    case "watch":
      try await suit.watch(link)
      return true
    case "set":
      try await suit.set(link)
      return true
    default:
      return false
    }
  }
}

/// What every flow of this domain needs besides the suit client.
@MainActor
struct SuitEnvironment {
  static let module = "Spacesuit"

  let context: FlowContext
  let thresholds: Thresholds
  let analytics: Analytics
  let logger: Logger

  var terminal: Terminal { context.terminal }
  var theme: Theme { context.terminal.theme }
  var json: Bool { context.presentation.isJSON }

  /// Records the alerts that readings raise, so a crossing is never only printed.
  func record(_ alerts: [SuitAlert]) {
    for alert in alerts {
      analytics.track(
        "suit.alert",
        [
          "metric": alert.reading.metric.rawValue, "status": alert.reading.status.rawValue,
          "value": "\(alert.reading.value)",
        ])
      logger.warning(alert.message)
    }
  }
}

/// A scripted command of the Spacesuit domain asked for something that cannot be done as given.
/// (Missing or malformed arguments are `LinkArgumentError`s from UIComponents.)
public enum SpacesuitFlowError: ReportableError, Equatable {
  /// `--json` needs a finite watch, so that the output is one JSON document.
  case jsonNeedsCount

  public var kind: ErrorKind { .usage }

  public var userMessage: String {
    switch self {
    case .jsonNeedsCount: "'suit watch --json' needs --count N so that the output is one JSON document"
    }
  }
}
