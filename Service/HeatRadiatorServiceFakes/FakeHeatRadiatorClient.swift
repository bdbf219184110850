import FoundationEssentials
import HeatRadiatorServiceInterface

/// A thermal control system in memory for domain tests and previews: deterministic, its clock
/// stopped unless advanced; it records the commands it gets.
///
/// It starts as a `ThermalScenario` describes (a tripped pump stands still, a retracted radiator
/// rejects nothing), refuses what every thermal control system refuses
/// (`ThermalCommand.refusal(given:)`), and finishes every movement in one `advance(by:)`: a
/// radiator told to deploy is deploying until then. It is no physical model: the loops hold their
/// temperatures.
public actor FakeHeatRadiatorClient: HeatRadiatorClient {
  /// Every command sent, in order (refused ones included).
  public private(set) var sentCommands: [ThermalCommand] = []
  /// When set, every call throws it.
  public private(set) var failure: HeatRadiatorError?
  private var system: FakeThermalSystem

  /// A thermal control system at `start` as `scenario` describes it.
  public init(start: Date = Date(timeIntervalSince1970: 1_800_000_000), scenario: ThermalScenario = .nominal) {
    system = FakeThermalSystem(start: start, scenario: scenario)
  }

  /// Makes every further call throw `failure` (nil: succeed again).
  public func setFailure(_ failure: HeatRadiatorError?) { self.failure = failure }

  /// Moves the clock on by `seconds`; every radiator finishes deploying, retracting and turning.
  public func advance(by seconds: Double) { system.advance(by: seconds) }

  /// The thermal control system now.
  public func status() async throws -> ThermalStatus {
    if let failure { throw failure }
    return system.status
  }

  /// Carries out `command`; throws `HeatRadiatorError.rejected` when the system refuses it.
  public func send(_ command: ThermalCommand) async throws -> ThermalAcknowledgement {
    sentCommands.append(command)
    if let failure { throw failure }
    let answer = system.apply(command)
    guard answer.accepted else { throw HeatRadiatorError.rejected(answer.reason) }
    return answer
  }
}

/// The fake's thermal control system: loops at their set point, radiators that move when the clock does.
struct FakeThermalSystem {
  /// Ammonia's heat capacity, kJ/(kg·K): how much a loop's return side is warmer than its supply.
  private static let heatCapacity = 4.7
  private var now: Date
  private let scenario: ThermalScenario
  private var radiators: [RadiatorWing: RadiatorStatus] = [:]

  init(start: Date, scenario: ThermalScenario) {
    now = start
    self.scenario = scenario
    for wing in RadiatorWing.allCases {
      let retracted = scenario.retracted.contains(wing)
      radiators[wing] = RadiatorStatus(
        wing: wing, deployment: retracted ? .retracted : .deployed, extendedPercent: retracted ? 0 : 100,
        pointing: .track, angle: 0, capacityKW: 0)
    }
  }

  mutating func apply(_ command: ThermalCommand) -> ThermalAcknowledgement {
    guard var radiator = radiators[command.radiator] else {
      return ThermalAcknowledgement(answering: command, given: nil)
    }
    defer { radiators[command.radiator] = radiator }
    return command.carryOut(deployment: &radiator.deployment, pointing: &radiator.pointing)
  }

  mutating func advance(by seconds: Double) {
    now = now.addingTimeInterval(max(seconds, 0))
    for wing in RadiatorWing.allCases {
      guard var radiator = radiators[wing] else { continue }
      switch radiator.deployment {
      case .deploying: (radiator.deployment, radiator.extendedPercent) = (.deployed, 100)
      case .retracting: (radiator.deployment, radiator.extendedPercent) = (.retracted, 0)
      case .deployed, .retracted: break
      }
      if case .angle(let degrees) = radiator.pointing { radiator.angle = degrees } else { radiator.angle = 0 }
      radiators[wing] = radiator
    }
  }

  var status: ThermalStatus {
    let radiators = RadiatorWing.allCases.compactMap { wing in
      self.radiators[wing].map { radiator in
        var radiator = radiator
        radiator.capacityKW = ThermalLimits.radiatorCapacityKW * radiator.extendedPercent / 100
        return radiator
      }
    }
    return ThermalStatus(
      timestamp: now,
      loops: CoolantLoop.allCases.map { loop in
        self.loop(loop, capacity: radiators.first { $0.wing == loop.radiator }?.capacityKW ?? 0)
      },
      radiators: radiators)
  }

  /// A running loop carries its load to its radiator (as much as the radiator rejects); a tripped
  /// pump carries nothing.
  private func loop(_ loop: CoolantLoop, capacity: Double) -> LoopStatus {
    let running = scenario.failedPump != loop
    let load = scenario.loadKW[loop] ?? 12
    let flow = running ? ThermalLimits.nominalFlowKgPerSecond : 0
    let supply = ThermalLimits.supplySetPointC
    return LoopStatus(
      loop: loop, pumpSpeedRPM: running ? ThermalLimits.nominalPumpSpeedRPM : 0, flowKgPerSecond: flow,
      supplyTemperatureC: supply, returnTemperatureC: running ? supply + load / (flow * Self.heatCapacity) : supply,
      heatLoadKW: load, heatRejectedKW: running ? min(load, capacity) : 0)
  }
}
