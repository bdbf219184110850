import AppAnalytics
import CosmonautServiceInterface
import FoundationEssentials
import Logging
import MissionControlInterface
import Persistence

extension LiveCosmonautClient {
  /// The cosmonaut service an app composes, whichever centre it reports to: the store at `file`
  /// (opened, or refused with its own line: damaged, another program's, disk full, busy), the
  /// centre of `dialect` at `address` (nil: offline, reports wait), and the client over both.
  public static func opening(
    store file: URL, dialect: CosmonautDialect<Payload, Body, PositionAnswer>, address: MissionControlAddress?,
    analytics: Analytics, logger: Logger
  ) throws -> LiveCosmonautClient {
    let store = try EntityStore(configuration: StoreConfiguration(fileURL: file))
    let logger = logger.scoped(to: module)
    return LiveCosmonautClient(
      store: store, dialect: dialect,
      missionControl: MissionControlClient(center: dialect.center, address: address),
      analytics: analytics, logger: logger)
  }
}
