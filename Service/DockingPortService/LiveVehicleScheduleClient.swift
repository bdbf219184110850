import AppAnalytics
import DockingPortServiceInterface
import Dispatch
import FoundationEssentials
import Localization
import Logging
import Network
import Persistence

/// The schedule from Houston (`GET /v1/vehicles/schedule`), kept in the store for offline use.
public final class LiveVehicleScheduleClient: VehicleScheduleClient {
  static let module = "DockingPortService"
  static let collection = "docking.schedule"
  static let key = "latest"
  private let houston: AuthenticatedClient?
  private let store: EntityStore
  private let analytics: Analytics
  private let logger: Logger
  private let now: @Sendable () -> Date
  /// SQLite blocks (fsync, busy waits): never on a cooperative-pool thread.
  private let storeQueue = DispatchQueue(label: "DockingPortService.schedule")

  /// A client asking `houston` (nil: offline, the kept copy only) and keeping copies in `store`.
  public init(
    houston: AuthenticatedClient?, store: EntityStore, analytics: Analytics, logger: Logger,
    now: @escaping @Sendable () -> Date = Date.init
  ) {
    self.houston = houston
    self.store = store
    self.analytics = analytics
    self.logger = logger
    self.now = now
  }

  public func schedule() async throws -> ScheduleReading {
    var reason = Strings.scheduleHoustonNotConfigured
    if let houston {
      do {
        let schedule = try await houston.send(
          HTTPRequest(method: .get, path: "/v1/vehicles/schedule"), decoding: VehicleSchedule.self)
        let reading = ScheduleReading(schedule: schedule, receivedAt: now(), isLive: true)
        try await onStore { try self.store.put(reading, key: Self.key, in: Self.collection) }
        return reading
      } catch NetworkError.decoding(let keyPath, let detail) {
        throw record(VehicleScheduleError.invalidResponse(keyPath.isEmpty ? detail : "\(keyPath): \(detail)"))
      } catch let error as NetworkError {
        reason = Strings.scheduleHoustonUnreachable(error: error.translatedMessage)
        _ = record(error)
        logger.warning("Houston unavailable, using the kept schedule: \(error)")
      } catch let error as VehicleScheduleError {
        throw record(error)
      } catch {
        throw record(VehicleScheduleError.storage(.reason(of: error)))
      }
    }
    let kept: ScheduleReading?
    do {
      kept = try await onStore { try self.store.get(ScheduleReading.self, key: Self.key, in: Self.collection) }
    } catch {
      throw record(VehicleScheduleError.storage(.reason(of: error)))
    }
    guard var kept else { throw record(VehicleScheduleError.noScheduleYet(reason)) }
    kept.isLive = false
    return kept
  }

  private func onStore<R: Sendable>(_ body: @escaping @Sendable () throws -> R) async throws -> R {
    try await withCheckedThrowingContinuation { continuation in
      storeQueue.async { continuation.resume(with: Result { try body() }) }
    }
  }

  private func record(_ error: any Error) -> any Error {
    analytics.recordError(error, module: Self.module, context: ["operation": "schedule"])
    logger.error("schedule failed: \(error)")
    return error
  }
}
