import CosmonautServiceInterface
import Localization
import UIComponents

/// The Cosmonaut domain as an app hosts it: built with its service, it makes a coordinator per presentation.
public struct CosmonautDomain: HostedDomain {
  private let client: any CosmonautClient
  private let dashboard: DashboardFeatures

  /// The domain over `client` (live or fake), with the partner's `dashboard` features.
  public init(client: any CosmonautClient, dashboard: DashboardFeatures = DashboardFeatures()) {
    self.client = client
    self.dashboard = dashboard
  }

  public var name: String { "Cosmonaut" }

  public func makeCoordinator(context: FlowContext) -> any Coordinator<CosmonautRoute> {
    CosmonautCoordinator(context: context, client: client, dashboard: dashboard)
  }

  /// What waits for mission control, above the main menu: "Houston: 2 report(s) waiting, 1 set
  /// aside (see Sync)".
  public func statusLine() async -> LocalizedText? {
    guard let status = try? await client.syncStatus() else { return nil }
    return .verbatim(SyncStatusLine.text(status, center: client.controlCenter))
  }
}

/// The one-line summary of what waits for mission control.
enum SyncStatusLine {
  static func text(_ status: SyncStatus, center: ControlCenter) -> String {
    let name = center.name
    var parts: [String] = []
    if status.pending > 0 { parts.append("\(status.pending) report(s) waiting") }
    if status.setAside > 0 { parts.append("\(status.setAside) set aside (see Sync)") }
    guard !parts.isEmpty else {
      return status.houstonConfigured ? "\(name): up to date." : "\(name): offline; nothing waits."
    }
    let heading = status.houstonConfigured ? name : "\(name) (offline)"
    var line = "\(heading): " + parts.joined(separator: ", ")
    if let error = status.lastError { line += " — last try: \(error)" }
    return line + "."
  }
}
