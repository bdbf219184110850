import Foundation

/// How a vehicle and a port mate: the international docking system standard of the US segment,
/// or the Russian probe-and-drogue system.
public enum DockingMechanism: String, Codable, Sendable {
  case idss = "IDSS", ssvp = "SSVP"
}

/// A docking port of the station.
public enum DockingPort: String, Codable, Sendable, CaseIterable {
  case harmonyForward = "harmony-forward", harmonyZenith = "harmony-zenith", zvezdaAft = "zvezda-aft"
  case poiskZenith = "poisk-zenith", rassvetNadir = "rassvet-nadir", prichalNadir = "prichal-nadir"

  /// The name crews use, e.g. `Harmony forward (IDA-2)`.
  public var displayName: String {
    switch self {
    case .harmonyForward: "Harmony forward (IDA-2)"
    case .harmonyZenith: "Harmony zenith (IDA-3)"
    case .zvezdaAft: "Zvezda aft"
    case .poiskZenith: "Poisk zenith (MRM-2)"
    case .rassvetNadir: "Rassvet nadir (MRM-1)"
    case .prichalNadir: "Prichal nadir"
    }
  }

  /// How vehicles mate with it.
  public var mechanism: DockingMechanism {
    switch self {
    case .harmonyForward, .harmonyZenith: .idss
    case .zvezdaAft, .poiskZenith, .rassvetNadir, .prichalNadir: .ssvp
    }
  }
}

/// A kind of visiting vehicle.
public enum VehicleKind: String, Codable, Sendable, CaseIterable {
  case soyuzMS = "soyuz-ms", progressMS = "progress-ms", crewDragon = "crew-dragon", cargoDragon = "cargo-dragon"
  case starliner

  /// The name crews use, e.g. `Crew Dragon`.
  public var displayName: String {
    switch self {
    case .soyuzMS: "Soyuz MS"
    case .progressMS: "Progress MS"
    case .crewDragon: "Crew Dragon"
    case .cargoDragon: "Cargo Dragon"
    case .starliner: "Starliner"
    }
  }

  /// How it mates with a port.
  public var mechanism: DockingMechanism {
    switch self {
    case .soyuzMS, .progressMS: .ssvp
    case .crewDragon, .cargoDragon, .starliner: .idss
    }
  }

  /// Whether it brings cargo for the station's supplies.
  public var carriesCargo: Bool { self == .progressMS || self == .cargoDragon }
}

/// Where a port is in the docking procedure: free → approach → soft capture → hard dock →
/// hatch open, and back through hard dock and departing to free.
public enum PortPhase: String, Codable, Sendable {
  case free, approach, softCapture = "soft-capture", hardDock = "hard-dock", hatchOpen = "hatch-open", departing

  /// How crews say it.
  public var displayName: String {
    switch self {
    case .free: "free"
    case .approach: "approach"
    case .softCapture: "soft capture"
    case .hardDock: "hard dock"
    case .hatchOpen: "hatch open"
    case .departing: "departing"
    }
  }
}

/// One port as telemetry reports it.
public struct PortStatus: Codable, Sendable, Equatable {
  /// Which port.
  public var port: DockingPort
  /// Where it is in the procedure.
  public var phase: PortPhase
  /// The vehicle at (or coming to, or leaving) the port.
  public var vehicle: VehicleKind?
  /// The vehicle's distance while approaching or departing, m (0 at contact).
  public var rangeMeters: Double?
  /// How fast the range shrinks (approach) or grows (departing), m/s.
  public var rangeRateMetersPerSecond: Double?

  /// A port status.
  public init(
    port: DockingPort, phase: PortPhase, vehicle: VehicleKind? = nil, rangeMeters: Double? = nil,
    rangeRateMetersPerSecond: Double? = nil
  ) {
    self.port = port
    self.phase = phase
    self.vehicle = vehicle
    self.rangeMeters = rangeMeters
    self.rangeRateMetersPerSecond = rangeRateMetersPerSecond
  }
}

/// Every port at one moment.
public struct DockingStatus: Codable, Sendable, Equatable {
  /// When it was measured.
  public var timestamp: Date
  /// The ports, in ``DockingPort`` order.
  public var ports: [PortStatus]

  /// The status of one port.
  public func port(_ port: DockingPort) -> PortStatus? { ports.first { $0.port == port } }
}

/// A step of the docking procedure.
public enum DockingCommand: Codable, Sendable, Hashable, CustomStringConvertible {
  /// A vehicle starts its final approach to a free port (from the 200 m keep-out sphere).
  case approach(DockingPort, VehicleKind)
  /// Capture at contact: the docking mechanism latches softly.
  case capture(DockingPort)
  /// Hooks closed: hard dock.
  case hardDock(DockingPort)
  /// The crew opens the hatch.
  case openHatch(DockingPort)
  /// The crew closes the hatch.
  case closeHatch(DockingPort)
  /// Hooks open; the vehicle departs.
  case undock(DockingPort)
  /// The approaching vehicle backs away.
  case abort(DockingPort)

  /// The port the step concerns.
  public var port: DockingPort {
    switch self {
    case .approach(let port, _), .capture(let port), .hardDock(let port), .openHatch(let port), .closeHatch(let port),
      .undock(let port), .abort(let port):
      port
    }
  }

  public var description: String {
    switch self {
    case .approach(let port, let vehicle): "approach \(port.rawValue) with \(vehicle.displayName)"
    case .capture(let port): "capture at \(port.rawValue)"
    case .hardDock(let port): "hard dock at \(port.rawValue)"
    case .openHatch(let port): "open the hatch at \(port.rawValue)"
    case .closeHatch(let port): "close the hatch at \(port.rawValue)"
    case .undock(let port): "undock from \(port.rawValue)"
    case .abort(let port): "abort the approach to \(port.rawValue)"
    }
  }
}

/// The docking system's answer to a step.
public struct DockingAcknowledgement: Codable, Sendable, Equatable {
  /// The step, as text.
  public var command: String
  /// Whether it was carried out.
  public var accepted: Bool
  /// What happened, or why not.
  public var message: String

  /// An answer.
  public init(command: String, accepted: Bool, message: String) {
    self.command = command
    self.accepted = accepted
    self.message = message
  }
}
