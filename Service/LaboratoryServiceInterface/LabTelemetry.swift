import FoundationEssentials

/// What a rack is doing.
public enum RackState: String, Codable, Sendable, CaseIterable {
  case operating, standby, off, fault
}

/// One rack now: its power draw, its air outlet temperature and its state.
public struct RackReading: Codable, Sendable, Equatable {
  /// The rack's id.
  public var rack: String
  /// Its module.
  public var module: LabModule
  /// What it does.
  public var state: RackState
  /// What it draws, W.
  public var powerWatts: Double
  /// Its air outlet temperature, °C.
  public var temperatureC: Double
  /// Why it is in fault, when it is.
  public var fault: String?

  /// A reading.
  public init(
    rack: String, module: LabModule, state: RackState, powerWatts: Double, temperatureC: Double, fault: String? = nil
  ) {
    self.rack = rack
    self.module = module
    self.state = state
    self.powerWatts = powerWatts
    self.temperatureC = temperatureC
    self.fault = fault
  }
}

/// A time a freezer was warmer (or colder) than its samples allow.
public struct Excursion: Codable, Sendable, Equatable {
  /// When it left its limits, by the freezer's clock.
  public var start: Date
  /// When it was back within them; nil while it lasts.
  public var end: Date?
  /// The worst temperature reached, °C.
  public var peakC: Double

  /// An excursion.
  public init(start: Date, end: Date? = nil, peakC: Double) {
    self.start = start
    self.end = end
    self.peakC = peakC
  }

  /// Whether it overlaps the time from `from` to `to` (nil: still there).
  public func overlaps(from: Date, to: Date?) -> Bool {
    (to.map { $0 >= start } ?? true) && (end.map { $0 >= from } ?? true)
  }
}

/// One freezer now: its temperature and the excursions it logged.
public struct FreezerReading: Codable, Sendable, Equatable {
  /// The freezer's id.
  public var freezer: String
  /// Its temperature, °C.
  public var temperatureC: Double
  /// Whether its cooler runs.
  public var coolerRunning: Bool
  /// Its excursions, oldest first (the last one may be going on).
  public var excursions: [Excursion]

  /// A reading.
  public init(freezer: String, temperatureC: Double, coolerRunning: Bool, excursions: [Excursion] = []) {
    self.freezer = freezer
    self.temperatureC = temperatureC
    self.coolerRunning = coolerRunning
    self.excursions = excursions
  }

  /// The excursion going on now, if any.
  public var ongoingExcursion: Excursion? { excursions.last.flatMap { $0.end == nil ? $0 : nil } }
}

/// The laboratories now, as their equipment reports them.
public struct LabTelemetry: Codable, Sendable, Equatable {
  /// The equipment's clock (a bench may run it faster than the wall).
  public var time: Date
  /// Every rack, in ``Rack/all`` order.
  public var racks: [RackReading]
  /// Every freezer, in ``Freezer/all`` order.
  public var freezers: [FreezerReading]

  /// A reading of the labs.
  public init(time: Date, racks: [RackReading], freezers: [FreezerReading]) {
    self.time = time
    self.racks = racks
    self.freezers = freezers
  }

  /// The reading of freezer `id`.
  public func freezer(_ id: String) -> FreezerReading? { freezers.first { $0.freezer == id } }
}

/// A rack command: switch a rack to operating, standby or off.
public struct RackCommand: Codable, Sendable, Hashable {
  /// The rack's id.
  public var rack: String
  /// The state asked for (operating, standby or off).
  public var state: RackState

  /// A command.
  public init(rack: String, state: RackState) {
    self.rack = rack
    self.state = state
  }
}

/// The labs' answer to a rack command.
public struct RackAcknowledgement: Codable, Sendable, Equatable {
  /// Whether it was carried out.
  public var accepted: Bool
  /// What happened, or why not.
  public var message: String

  /// An answer.
  public init(accepted: Bool, message: String) {
    self.accepted = accepted
    self.message = message
  }
}

/// Something in the labs that breaks `afterSeconds` after a start: a freezer's cooler or a rack (a
/// bench's scenario, a test's labs).
public struct LabFailure: Codable, Sendable, Equatable {
  /// The freezer's or rack's id.
  public var id: String
  /// When, seconds after the start.
  public var afterSeconds: Double

  /// A failure of `id` after `afterSeconds`.
  public init(id: String, afterSeconds: Double) {
    self.id = id
    self.afterSeconds = afterSeconds
  }
}
