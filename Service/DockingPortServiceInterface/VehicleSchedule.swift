import AppAnalytics
import FoundationEssentials
import Localization

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
  /// What answered at Houston's URL sent something that is not a schedule (exit 69, as for `sync`).
  case invalidResponse(String)
  /// The local copy cannot be read or written (the store's own line says why).
  case storage(LocalizedText)

  public var kind: ErrorKind {
    switch self {
    // What answers at Houston's URL is not Houston (a foreign server): mission control is unavailable,
    // as `sync` says for the same thing.
    case .noScheduleYet, .invalidResponse: .unavailable
    case .storage: .internal
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
