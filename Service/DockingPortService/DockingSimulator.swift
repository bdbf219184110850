import DockingPortServiceInterface
import FoundationEssentials
import Radio

/// A model of the station's docking ports and the vehicles at them, going through `DockingProcedure`.
///
/// An approach starts at the 200 m keep-out sphere and closes at a tenth of the range per minute
/// (at least 5 cm/s) until contact; a departing vehicle opens at 12 cm/s and frees the port once
/// beyond 200 m. Only one vehicle moves near the station at a time. Time moves only through
/// `advance(by:)` / `advance(to:)` (a `SteppedModel`, one ``tick(_:)`` a step). It is the one model
/// of the docking system: the bench and the apps serve it (`CommandDevice`), tests' fakes run it.
public struct DockingSimulator: SteppedModel, CommandDeviceModel {
  public typealias Device = DockingSystem

  /// A departing vehicle's opening rate, m/s.
  public static let departureRate = 0.12

  private var ports: [DockingPort: PortStatus]
  /// The model time and its step.
  public var clock: ModelClock

  /// A docking system at `start` as `scenario` describes it, in steps of `step` seconds.
  public init(start: Date, scenario: DockingScenario = .nominal, step: Double = 1) {
    clock = ModelClock(start: start, step: step)
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

  /// A usual day at `start` (``DockingScenario/nominal``).
  public static func nominal(at start: Date) -> DockingSimulator { DockingSimulator(start: start) }

  /// One step of `dt` seconds: approaching vehicles close in, departing ones open out.
  public mutating func tick(_ dt: Double) {
    for port in DockingPort.allCases { ports[port] = Self.move(ports[port], dt: dt) }
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

/// A simulated docking system shared by every link to it, on a clock that may run faster than the
/// wall; `nominal(logger:)` is one on a usual day in real time.
public typealias DockingPortSimulation = DeviceSimulation<CommandDevice<DockingSimulator>>
