import CosmonautServiceInterface
import Localization
import MissionControlInterface
import PartnerConfiguration
import UIComponents

/// The Cosmonaut domain as an app hosts it: built with its service, it makes a coordinator per presentation.
public struct CosmonautDomain: HostedDomain {
  private let client: any CosmonautClient
  private let dashboard: DashboardFeatures
  private let backgroundDelivery: BackgroundDelivery?

  /// The domain over `client` (live or fake), with the partner's `features` (the domain reads its own
  /// toggles; by default every one has its declared default). With `deliversInBackground`, the
  /// interactive app delivers to mission control in the background (every
  /// `backgroundDeliveryInterval` and soon after each change) unless the partner switches
  /// `backgroundSync` off; a scripted command does only what it was asked.
  public init(
    client: any CosmonautClient, features: FeatureToggles = FeatureToggles(), deliversInBackground: Bool = false
  ) {
    self.client = client
    dashboard = DashboardFeatures(showsPosition: features[.dashboardPositionPanel])
    backgroundDelivery =
      deliversInBackground && features[.backgroundSync]
      ? BackgroundDelivery(client: client, interval: Self.backgroundDeliveryInterval) : nil
  }

  /// How often the interactive app delivers when nothing changes (a change triggers a round soon).
  public static let backgroundDeliveryInterval: Duration = .seconds(60)

  /// A change a typed link asks for is checked against the data first: an unknown item, a stock too
  /// low or too high, a profile field that is not valid, a set-aside report that is not there.
  public func preflight(_ route: CosmonautRoute) async throws {
    switch route {
    case .consume(let item, let quantity):
      var items = try await client.supplies()
      _ = try SupplyItem.apply(.consume, item, quantity: quantity, to: &items)
    case .restock(let item, let quantity):
      var items = try await client.supplies()
      _ = try SupplyItem.apply(.restock, item, quantity: quantity, to: &items)
    case .updateProfile(let update):
      _ = try await client.profile().applying(update)
    case .retrySetAside(let key), .discardSetAside(let key):
      let keys = try await client.setAsideReports().map(\.id)
      guard keys.contains(where: { $0.hasPrefix(key.lowercased()) }) else {
        throw CosmonautServiceError.noSuchSetAsideReport(Strings.noSetAsideReport(key: key))
      }
    case .dashboard, .profile, .supplies, .sync, .syncStatus, .setAside:
      break
    }
  }

  public func start(interactive: Bool) async {
    if interactive { backgroundDelivery?.start() }
  }

  public func stop() async {
    await backgroundDelivery?.stop()
  }

  /// The toggles the domain reads and the screens it draws (`PartnerVocabulary.json`).
  public static var partnerVocabulary: PartnerVocabulary { .module }

  public var name: String { "Cosmonaut" }  // untranslated: the module name errors, events and logs are recorded under

  public func makeCoordinator(context: FlowContext) -> any Coordinator<CosmonautRoute> {
    CosmonautCoordinator(context: context, client: client, dashboard: dashboard)
  }

  /// What waits for mission control, above the main menu: "Houston: 2 report(s) waiting, 1 set
  /// aside (see Sync)".
  public func statusLine() async -> LocalizedText? {
    guard let status = try? await client.syncStatus() else { return nil }
    return SyncStatusLine.text(status, center: client.controlCenter)
  }
}

/// The one-line summary of what waits for mission control.
enum SyncStatusLine {
  static func text(_ status: SyncStatus, center: ControlCenter) -> LocalizedText {
    let name = CosmonautTexts.name(of: center)
    var parts: [LocalizedText] = []
    if status.pending > 0 { parts.append(Strings.statusWaiting(count: status.pending)) }
    if status.setAside > 0 { parts.append(Strings.statusSetAside(count: status.setAside)) }
    guard !parts.isEmpty else {
      return status.isConfigured
        ? Strings.statusUpToDate(center: name) : Strings.statusOfflineNothingWaits(center: name)
    }
    let heading = status.isConfigured ? name : Strings.statusOfflineHeading(center: name)
    var line = Strings.statusLine(heading: heading, parts: CosmonautTexts.list(parts))
    if let error = status.lastErrorText { line = Strings.statusLastTry(line: line, error: error) }
    return Strings.statusEnd(line: line)
  }
}
