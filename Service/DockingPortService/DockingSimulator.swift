import DockingPortServiceInterface
import FoundationEssentials

/// A model of the station's docking ports and the vehicles at them, going through `DockingProcedure`.
///
/// An approach starts at the 200 m keep-out sphere and closes at a tenth of the range per minute
/// (at least 5 cm/s) until contact; a departing vehicle opens at 12 cm/s and frees the port once
/// beyond 200 m. Only one vehicle moves near the station at a time. Time moves only through
/// `advance(by:)` / `advance(to:)`.
public struct DockingSimulator: Sendable {
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
      let rate = range > DockingProcedure.contactMeters ? max(range / 600, 0.05) : 0
      status.rangeMeters = max(0, range - rate * dt)
      status.rangeRateMetersPerSecond = status.rangeMeters == 0 ? 0 : rate
    case .departing:
      status.rangeMeters = range + departureRate * dt
      if range + departureRate * dt >= DockingProcedure.keepOutSphereMeters {
        status = PortStatus(port: status.port, phase: .free)
      }
    default: break
    }
    return status
  }

  /// Carries out one step of the procedure, or refuses it as the real procedure does (nothing changes then).
  public mutating func apply(_ command: DockingCommand) -> DockingAcknowledgement {
    let step = DockingProcedure.step(command, ports: ports)
    if case .next(let next) = step { ports[command.port] = next }
    return DockingAcknowledgement(answering: command, with: step)
  }
}
