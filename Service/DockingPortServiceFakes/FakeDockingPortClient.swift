import DockingPortServiceInterface
import FoundationEssentials

/// A docking system in memory for domain tests and previews: deterministic, its clock stopped
/// unless advanced; it records the steps it gets.
///
/// It starts with the vehicles a `DockingScenario` puts at the ports, goes through
/// `DockingProcedure` like every docking system (so it refuses what they refuse), and finishes
/// every movement in one `advance(by:)`: an approaching vehicle is then in contact, a departing one gone.
public actor FakeDockingPortClient: DockingPortClient {
  /// Every step sent, in order (refused ones included).
  public private(set) var sentCommands: [DockingCommand] = []
  /// When set, every call throws it.
  public private(set) var failure: DockingPortError?
  private var now: Date
  private var ports: [DockingPort: PortStatus]

  /// A docking system at `start` as `scenario` describes it.
  public init(start: Date = Date(timeIntervalSince1970: 1_800_000_000), scenario: DockingScenario = .nominal) {
    now = start
    ports = Dictionary(
      uniqueKeysWithValues: DockingPort.allCases.map { port in
        let vehicle = scenario.docked[port]
        return (port, PortStatus(port: port, phase: vehicle == nil ? .free : .hatchOpen, vehicle: vehicle))
      })
  }

  /// Makes every further call throw `failure` (nil: succeed again).
  public func setFailure(_ failure: DockingPortError?) { self.failure = failure }

  /// Moves the clock on by `seconds`: approaching vehicles reach contact, departing ones free their port.
  public func advance(by seconds: Double) {
    now = now.addingTimeInterval(max(seconds, 0))
    for (port, status) in ports {
      switch status.phase {
      case .approach: ports[port] = PortStatus(port: port, phase: .approach, vehicle: status.vehicle, rangeMeters: 0)
      case .departing: ports[port] = PortStatus(port: port, phase: .free)
      default: break
      }
    }
  }

  /// Every port now.
  public func status() async throws -> DockingStatus {
    if let failure { throw failure }
    return DockingStatus(timestamp: now, ports: DockingPort.allCases.compactMap { ports[$0] })
  }

  /// Carries out one step of the procedure; throws `DockingPortError.rejected` when it is refused.
  public func send(_ command: DockingCommand) async throws -> DockingAcknowledgement {
    sentCommands.append(command)
    if let failure { throw failure }
    let step = DockingProcedure.step(command, ports: ports)
    if case .next(let next) = step { ports[command.port] = next }
    let answer = DockingAcknowledgement(answering: command, with: step)
    guard answer.accepted else { throw DockingPortError.rejected(answer.reason) }
    return answer
  }
}
