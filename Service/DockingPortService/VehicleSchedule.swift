import AppAnalytics
import Foundation
import Localization
import Logging
import Network
import Persistence

/// One planned arrival or departure of a visiting vehicle.
public struct VehicleEvent: Codable, Sendable, Equatable {
  /// Arriving or leaving.
  public enum Kind: String, Codable, Sendable {
    case arrival, departure

    /// The event as a person reads it (`arrival` / `прибытие`).
    public var localizedName: LocalizedText { self == .arrival ? Strings.eventArrival : Strings.eventDeparture }
  }

  /// Arriving or leaving.
  public var kind: Kind
  /// The kind of vehicle.
  public var vehicle: VehicleKind
  /// Its flight, e.g. `Progress MS-33`.
  public var designation: String
  /// The port it docks at or leaves.
  public var port: DockingPort
  /// When, UTC.
  public var time: Date

  /// An event.
  public init(kind: Kind, vehicle: VehicleKind, designation: String, port: DockingPort, time: Date) {
    self.kind = kind
    self.vehicle = vehicle
    self.designation = designation
    self.port = port
    self.time = time
  }
}

/// The visiting-vehicle schedule as Houston publishes it.
public struct VehicleSchedule: Codable, Sendable, Equatable {
  /// When Houston made it.
  public var generatedAt: Date
  /// The events, in time order.
  public var events: [VehicleEvent]

  /// A schedule.
  public init(generatedAt: Date, events: [VehicleEvent]) {
    self.generatedAt = generatedAt
    self.events = events
  }
}

/// A schedule and where it came from: Houston now, or the copy kept from the last time.
public struct ScheduleReading: Codable, Sendable, Equatable {
  /// The schedule.
  public var schedule: VehicleSchedule
  /// When it was received from Houston.
  public var receivedAt: Date
  /// True when Houston answered just now; false for the kept copy.
  public var isLive: Bool

  /// A reading.
  public init(schedule: VehicleSchedule, receivedAt: Date, isLive: Bool) {
    self.schedule = schedule
    self.receivedAt = receivedAt
    self.isLive = isLive
  }
}

/// Where the visiting-vehicle schedule comes from.
public protocol VehicleScheduleClient: Sendable {
  /// The schedule from Houston, or the last one received when Houston cannot be asked.
  func schedule() async throws -> ScheduleReading
}

/// What can go wrong getting the schedule.
public enum VehicleScheduleError: ReportableError, TranslatedError, Equatable {
  /// Houston cannot be asked now (the value says why) and no schedule was ever received.
  case noScheduleYet(LocalizedText)
  /// Houston answered with something that is not a schedule.
  case invalidResponse(String)
  /// The local copy cannot be read or written (the store's own line says why).
  case storage(LocalizedText)

  public var kind: ErrorKind {
    switch self {
    case .noScheduleYet: .unavailable
    case .invalidResponse, .storage: .internal
    }
  }

  public var translatedMessage: LocalizedText {
    switch self {
    case .noScheduleYet(let reason): Strings.errorNoScheduleYet(reason: reason)
    case .invalidResponse(let reason): Strings.errorInvalidSchedule(reason: reason)
    case .storage(let reason): Strings.errorScheduleStorage(reason: reason)
    }
  }

  public var userMessage: String { translatedMessage.description }
}

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

/// A schedule in memory for domain tests and previews.
public actor FakeVehicleScheduleClient: VehicleScheduleClient {
  /// What `schedule()` returns; nil: no schedule yet.
  public private(set) var reading: ScheduleReading?

  /// A fake returning `reading`.
  public init(
    reading: ScheduleReading? = ScheduleReading(
      schedule: .sample, receivedAt: VehicleSchedule.sample.generatedAt, isLive: true)
  ) {
    self.reading = reading
  }

  /// Replaces what `schedule()` returns.
  public func setReading(_ reading: ScheduleReading?) { self.reading = reading }

  public func schedule() async throws -> ScheduleReading {
    guard let reading else { throw VehicleScheduleError.noScheduleYet(Strings.scheduleHoustonNotConfigured) }
    return reading
  }
}

extension VehicleSchedule {
  /// Two arrivals and a departure, for previews and tests.
  public static let sample = VehicleSchedule(
    generatedAt: Date(timeIntervalSince1970: 1_800_000_000),
    events: [
      VehicleEvent(
        kind: .arrival, vehicle: .cargoDragon, designation: "CRS-35", port: .harmonyForward,
        time: Date(timeIntervalSince1970: 1_800_086_400)),
      VehicleEvent(
        // untranslated: flight designations are names
        kind: .departure, vehicle: .progressMS, designation: "Progress MS-31", port: .zvezdaAft,
        time: Date(timeIntervalSince1970: 1_800_259_200)),
      VehicleEvent(
        // untranslated: flight designations are names
        kind: .arrival, vehicle: .progressMS, designation: "Progress MS-33", port: .zvezdaAft,
        time: Date(timeIntervalSince1970: 1_800_432_000)),
    ])
}
