import Foundation

/// How a simulated docking system starts: which vehicles are where.
public struct DockingScenario: Codable, Sendable, Equatable {
  /// Vehicles docked with their hatches open at the start.
  public var docked: [DockingPort: VehicleKind]

  /// A scenario with `docked` vehicles.
  public init(docked: [DockingPort: VehicleKind]) {
    self.docked = docked
  }

  /// A usual day: Crew Dragon at Harmony zenith, Soyuz MS at Rassvet, Progress MS at Zvezda aft
  /// and Poisk; Harmony forward and Prichal free.
  public static let nominal = DockingScenario(docked: [
    .harmonyZenith: .crewDragon, .rassvetNadir: .soyuzMS, .zvezdaAft: .progressMS, .poiskZenith: .progressMS,
  ])
}

/// A model of the station's docking ports and the vehicles at them, with the procedure's refusals.
///
/// An approach starts at the 200 m keep-out sphere and closes at a tenth of the range per minute
/// (at least 5 cm/s) until contact; a departing vehicle opens at 12 cm/s and frees the port once
/// beyond 200 m. Only one vehicle moves near the station at a time. Time moves only through
/// `advance(by:)` / `advance(to:)`.
public struct DockingSimulator: Sendable {
  /// Where an approach starts and a departure ends, m.
  public static let keepOutSphereMeters = 200.0
  /// Within this range the vehicle is in contact and can be captured, m.
  public static let contactMeters = 0.1
  /// A departing vehicle's opening rate, m/s.
  public static let departureRate = 0.12

  private var ports: [DockingPort: PortStatus]
  /// The model time.
  public private(set) var now: Date
  private let step: Double

  /// A docking system at `start` as `scenario` describes it, in steps of `step` seconds.
  public init(start: Date, scenario: DockingScenario = .nominal, step: Double = 1) {
    now = start
    self.step = max(step, 0.01)
    ports = Dictionary(
      uniqueKeysWithValues: DockingPort.allCases.map { port in
        let vehicle = scenario.docked[port]
        return (port, PortStatus(port: port, phase: vehicle == nil ? .free : .hatchOpen, vehicle: vehicle))
      })
  }

  /// Every port now.
  public var status: DockingStatus {
    DockingStatus(timestamp: now, ports: DockingPort.allCases.compactMap { ports[$0] })
  }

  /// Advances the model to `date` (no-op for a date in the past); at most one day is simulated.
  public mutating func advance(to date: Date) {
    advance(by: date.timeIntervalSince(now))
  }

  /// Advances the model by `seconds` in steps.
  public mutating func advance(by seconds: Double) {
    guard seconds > 0 else { return }
    var remaining = min(seconds, 86_400)
    while remaining > 1e-9 {
      let dt = min(step, remaining)
      for port in DockingPort.allCases { ports[port] = Self.move(ports[port], dt: dt) }
      remaining -= dt
    }
    now = now.addingTimeInterval(seconds)
  }

  private static func move(_ status: PortStatus?, dt: Double) -> PortStatus? {
    guard var status, let range = status.rangeMeters else { return status }
    switch status.phase {
    case .approach:
      let rate = range > contactMeters ? max(range / 600, 0.05) : 0
      status.rangeMeters = max(0, range - rate * dt)
      status.rangeRateMetersPerSecond = status.rangeMeters == 0 ? 0 : rate
    case .departing:
      status.rangeMeters = range + departureRate * dt
      if range + departureRate * dt >= keepOutSphereMeters { status = PortStatus(port: status.port, phase: .free) }
    default: break
    }
    return status
  }

  /// Carries out one step of the procedure, or refuses it as the real procedure does (nothing changes then).
  public mutating func apply(_ command: DockingCommand) -> DockingAcknowledgement {
    switch check(command) {
    case .refused(let refusal):
      return DockingAcknowledgement(
        command: command.description, accepted: false, message: refusal.text.description, refusal: refusal)
    case .next(let next):
      ports[command.port] = next
      return DockingAcknowledgement(
        command: command.description, accepted: true, message: DockingAcknowledgement.outcome(of: next).description,
        result: next)
    }
  }

  /// A step's check: the port's next state, or why the step is refused.
  private enum Check {
    case next(PortStatus)
    case refused(DockingRefusal)
  }

  /// The port's next state, or why the step is refused.
  private func check(_ command: DockingCommand) -> Check {
    let port = command.port
    guard let current = ports[port] else { return .refused(.noSuchPort) }
    func require(_ phase: PortPhase, _ rule: DockingRule) -> DockingRefusal? {
      current.phase == phase ? nil : .outOfOrder(current, rule)
    }
    func moved(_ phase: PortPhase, range: Double? = nil) -> PortStatus {
      PortStatus(port: port, phase: phase, vehicle: current.vehicle, rangeMeters: range)
    }
    switch command {
    case .approach(_, let vehicle):
      if current.phase != .free { return .refused(.occupied(current)) }
      if vehicle.mechanism != port.mechanism { return .refused(.mechanismMismatch(vehicle, port)) }
      if let moving = ports.values.first(where: { $0.phase == .approach || $0.phase == .departing }) {
        return .refused(.oneVehicleAtATime(moving))
      }
      return .next(
        PortStatus(port: port, phase: .approach, vehicle: vehicle, rangeMeters: Self.keepOutSphereMeters))
    case .capture:
      if let refusal = require(.approach, .captureNeedsContact) { return .refused(refusal) }
      if let range = current.rangeMeters, range > Self.contactMeters { return .refused(.notInContact(current)) }
      return .next(moved(.softCapture))
    case .hardDock:
      if let refusal = require(.softCapture, .hardDockFollowsCapture) { return .refused(refusal) }
      return .next(moved(.hardDock))
    case .openHatch:
      if let refusal = require(.hardDock, .hatchOpensAtHardDock) { return .refused(refusal) }
      return .next(moved(.hatchOpen))
    case .closeHatch:
      if let refusal = require(.hatchOpen, .noOpenHatch) { return .refused(refusal) }
      return .next(moved(.hardDock))
    case .undock:
      if current.phase == .hatchOpen { return .refused(.outOfOrder(current, .closeHatchFirst)) }
      if let refusal = require(.hardDock, .undockNeedsHardDock) { return .refused(refusal) }
      return .next(moved(.departing, range: 0))
    case .abort:
      if let refusal = require(.approach, .onlyApproachAborts) { return .refused(refusal) }
      return .next(moved(.departing, range: current.rangeMeters ?? 0))
    }
  }
}
