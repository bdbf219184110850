import CosmonautService
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

  /// What waits for Houston, above the main menu: "Houston: 2 report(s) waiting, 1 set aside (see Sync)".
  public func statusLine() async -> String? {
    guard let status = try? await client.syncStatus() else { return nil }
    return SyncStatusLine.text(status)
  }
}

/// The one-line summary of what waits for Houston.
enum SyncStatusLine {
  static func text(_ status: SyncStatus) -> String {
    var parts: [String] = []
    if status.pending > 0 { parts.append("\(status.pending) report(s) waiting") }
    if status.setAside > 0 { parts.append("\(status.setAside) set aside (see Sync)") }
    guard !parts.isEmpty else {
      return status.houstonConfigured ? "Houston: up to date." : "Houston: offline; nothing waits."
    }
    let heading = status.houstonConfigured ? "Houston" : "Houston (offline)"
    var line = "\(heading): " + parts.joined(separator: ", ")
    if let error = status.lastError { line += " — last try: \(error)" }
    return line + "."
  }
}
