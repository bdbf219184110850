import DeviceServiceInterface
import FoundationEssentials
import Localization

/// How a vehicle and a port mate: the international docking system standard of the US segment,
/// or the Russian probe-and-drogue system.
public enum DockingMechanism: String, Codable, Sendable {
  case idss = "IDSS", ssvp = "SSVP"  // untranslated: the mechanisms' names on the wire and in JSON

  /// The name as a person reads it (`SSVP` / `ССВП`).
  public var localizedName: LocalizedText { self == .idss ? Strings.mechanismIdss : Strings.mechanismSsvp }
}

/// A docking port of the station.
public enum DockingPort: String, Codable, Sendable, CaseIterable {
  case harmonyForward = "harmony-forward", harmonyZenith = "harmony-zenith", zvezdaAft = "zvezda-aft"
  case poiskZenith = "poisk-zenith", rassvetNadir = "rassvet-nadir", prichalNadir = "prichal-nadir"

  /// The name crews use, e.g. `Harmony forward (IDA-2)` (English, as the device says it).
  public var displayName: String { localizedName.description }

  /// The name crews use, in every language: `Harmony forward (IDA-2)` / `Гармония, передний (IDA-2)`.
  public var localizedName: LocalizedText {
    switch self {
    case .harmonyForward: Strings.portHarmonyForward
    case .harmonyZenith: Strings.portHarmonyZenith
    case .zvezdaAft: Strings.portZvezdaAft
    case .poiskZenith: Strings.portPoiskZenith
    case .rassvetNadir: Strings.portRassvetNadir
    case .prichalNadir: Strings.portPrichalNadir
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

  /// The name crews use, e.g. `Crew Dragon` (English, as the device says it).
  public var displayName: String { localizedName.description }

  /// The name crews use, in every language: `Soyuz MS` / `Союз МС`.
  public var localizedName: LocalizedText {
    switch self {
    case .soyuzMS: Strings.vehicleSoyuzMs
    case .progressMS: Strings.vehicleProgressMs
    case .crewDragon: Strings.vehicleCrewDragon
    case .cargoDragon: Strings.vehicleCargoDragon
    case .starliner: Strings.vehicleStarliner
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

  /// How crews say it, in English (as the device says it).
  public var displayName: String { localizedName.description }

  /// How crews say it, in every language: `soft capture` / `мягкий захват`.
  public var localizedName: LocalizedText {
    switch self {
    case .free: Strings.phaseFree
    case .approach: Strings.phaseApproach
    case .softCapture: Strings.phaseSoftCapture
    case .hardDock: Strings.phaseHardDock
    case .hatchOpen: Strings.phaseHatchOpen
    case .departing: Strings.phaseDeparting
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

  /// Every port at `timestamp`.
  public init(
    timestamp: Date, ports: [PortStatus]
  ) {
    self.timestamp = timestamp
    self.ports = ports
  }

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

  /// The step in English, for the wire, logs and analytics: `approach harmony-forward with Starliner`.
  public var description: String { localizedDescription.description }

  /// The step as a person reads it.
  public var localizedDescription: LocalizedText {
    switch self {
    case .approach(let port, let vehicle): Strings.commandApproach(port: port.rawValue, vehicle: vehicle.localizedName)
    case .capture(let port): Strings.commandCapture(port: port.rawValue)
    case .hardDock(let port): Strings.commandHardDock(port: port.rawValue)
    case .openHatch(let port): Strings.commandOpenHatch(port: port.rawValue)
    case .closeHatch(let port): Strings.commandCloseHatch(port: port.rawValue)
    case .undock(let port): Strings.commandUndock(port: port.rawValue)
    case .abort(let port): Strings.commandAbort(port: port.rawValue)
    }
  }
}

/// A rule of the procedure that a step broke.
public enum DockingRule: String, Codable, Sendable {
  case captureNeedsContact, hardDockFollowsCapture, hatchOpensAtHardDock, noOpenHatch, closeHatchFirst
  case undockNeedsHardDock, onlyApproachAborts

  /// The rule as a person reads it.
  public var text: LocalizedText {
    switch self {
    case .captureNeedsContact: Strings.ruleCaptureNeedsContact
    case .hardDockFollowsCapture: Strings.ruleHardDockFollowsCapture
    case .hatchOpensAtHardDock: Strings.ruleHatchOpensAtHardDock
    case .noOpenHatch: Strings.ruleNoOpenHatch
    case .closeHatchFirst: Strings.ruleCloseHatchFirst
    case .undockNeedsHardDock: Strings.ruleUndockNeedsHardDock
    case .onlyApproachAborts: Strings.ruleOnlyApproachAborts
    }
  }
}

/// Why the docking system refused a step, in a form every language can show.
public enum DockingRefusal: DeviceRefusal {
  /// The step names a port the station does not have.
  case noSuchPort
  /// An approach to a port that is not free (its status).
  case occupied(PortStatus)
  /// A vehicle whose mechanism does not fit the port.
  case mechanismMismatch(VehicleKind, DockingPort)
  /// An approach while another vehicle (this port's status) moves near the station.
  case oneVehicleAtATime(PortStatus)
  /// A capture before contact (the port's status, with the range).
  case notInContact(PortStatus)
  /// A step the port's phase (its status) does not allow.
  case outOfOrder(PortStatus, DockingRule)

  /// The reason as a person reads it.
  public var text: LocalizedText {
    switch self {
    case .noSuchPort: Strings.refusalNoSuchPort
    case .occupied(let status): Strings.refusalOccupied(here: Self.here(status))
    case .mechanismMismatch(let vehicle, let port):
      Strings.refusalMechanism(
        vehicle: vehicle.localizedName, needed: vehicle.mechanism.localizedName, port: port.rawValue,
        present: port.mechanism.localizedName,
        fitting: DockingPort.allCases.filter { $0.mechanism == vehicle.mechanism }.map(\.rawValue).joined(
          separator: ", "))
    case .oneVehicleAtATime(let moving):
      moving.phase == .approach
        ? Strings.refusalAnotherApproaching(
          vehicle: Self.vehicle(moving, Strings.vehicleAVehicle), port: moving.port.rawValue)
        : Strings.refusalAnotherDeparting(
          vehicle: Self.vehicle(moving, Strings.vehicleAVehicle), port: moving.port.rawValue)
    case .notInContact(let status):
      Strings.refusalNotInContact(
        vehicle: Self.vehicle(status, Strings.vehicleTheVehicle),
        range: LocalizedText.number(status.rangeMeters ?? 0, fractionDigits: 1), port: status.port.rawValue)
    case .outOfOrder(let status, let rule): Strings.refusalOutOfOrder(here: Self.here(status), rule: rule.text)
    }
  }

  /// Who is at the port and how far the procedure is, or that the port is free.
  private static func here(_ status: PortStatus) -> LocalizedText {
    guard let vehicle = status.vehicle else { return Strings.refusalPortFree(port: status.port.rawValue) }
    return Strings.refusalVehicleAtPort(
      vehicle: vehicle.localizedName, port: status.port.rawValue, phase: status.phase.localizedName)
  }

  private static func vehicle(_ status: PortStatus, _ unknown: LocalizedText) -> LocalizedText {
    status.vehicle?.localizedName ?? unknown
  }
}

extension DeviceAcknowledgement where Refusal == DockingRefusal, Result == PortStatus {
  /// What the step did, as a person reads it: `Harmony forward (IDA-2): Starliner, approach`.
  public var outcome: LocalizedText { result.map(Self.outcome(of:)) ?? .verbatim(message) }

  /// `port: vehicle, phase` for a port after a step.
  static func outcome(of port: PortStatus) -> LocalizedText {
    Strings.outcomePort(
      port: port.port.localizedName, vehicle: port.vehicle?.localizedName ?? Strings.vehicleTheVehicle,
      phase: port.phase.localizedName)
  }
}
