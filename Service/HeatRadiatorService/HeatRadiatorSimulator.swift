import FoundationEssentials
import HeatRadiatorServiceInterface
import Radio

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A deterministic model of the station's external thermal control: two ammonia loops, each
/// pumping the station's heat from its heat exchangers to its radiator wing.
///
/// A loop's flow control valve holds the supply temperature at ``ThermalLimits/supplySetPointC``
/// while its radiator can reject the load; beyond that the loop warms (radiators reject more as
/// they warm). A stopped pump carries no heat: the radiator side cools, the heat exchanger side
/// heats up. Radiators extend and retract over ``ThermalLimits/deploymentSeconds``; a retracted or
/// badly pointed radiator rejects less. Time moves only through `advance(by:)` / `advance(to:)` (a
/// `SteppedModel`, one ``tick(_:)`` a step). It is the one model of the thermal control system: the
/// bench and the apps serve it (`CommandDevice`), tests' fakes run it.
public struct HeatRadiatorSimulator: SteppedModel, CommandDeviceModel {
  public typealias Device = ThermalControlSystem

  private struct Loop: Sendable {
    var pumpFailed: Bool
    var pumpSpeed = ThermalLimits.nominalPumpSpeedRPM
    var supply = ThermalLimits.supplySetPointC
    var returnTemperature = ThermalLimits.supplySetPointC
    var baseLoad: Double
    var load: Double
    var rejected = 0.0
  }

  private struct Radiator: Sendable {
    var deployment: Deployment
    var extended: Double
    var pointing: RadiatorPointing = .track
    var angle = 0.0
  }

  /// The model time and its step.
  public var clock: ModelClock
  private var loops: [CoolantLoop: Loop] = [:]
  private var radiators: [RadiatorWing: Radiator] = [:]
  private var elapsed = 0.0

  /// Ammonia heat capacity, kJ/(kg·K).
  private static let heatCapacity = 4.7
  /// The ammonia in one loop, kg.
  private static let loopMass = 230.0
  /// The ammonia in one loop's heat exchangers, kg.
  private static let exchangerMass = 50.0
  /// Rotary joint slew rate, degrees per second.
  private static let jointRate = 0.2

  /// A thermal control system at `start` as `scenario` describes it, in steps of `step` seconds.
  public init(start: Date, scenario: ThermalScenario = .nominal, step: Double = 1) {
    clock = ModelClock(start: start, step: step)
    for loop in CoolantLoop.allCases {
      let load = scenario.loadKW[loop] ?? 12
      var state = Loop(pumpFailed: scenario.failedPump == loop, baseLoad: load, load: load)
      if state.pumpFailed { state.pumpSpeed = 0 }
      loops[loop] = state
    }
    for wing in RadiatorWing.allCases {
      let retracted = scenario.retracted.contains(wing)
      radiators[wing] = Radiator(deployment: retracted ? .retracted : .deployed, extended: retracted ? 0 : 1)
    }
    settle(dt: 0)
  }

  /// Both loops running, both radiators deployed and tracking, at `start`.
  public static func nominal(at start: Date) -> HeatRadiatorSimulator { HeatRadiatorSimulator(start: start) }

  /// Carries out a command as the thermal control software would; refuses what the hardware cannot do.
  public mutating func apply(_ command: ThermalCommand) -> ThermalAcknowledgement {
    guard var radiator = radiators[command.radiator] else {
      return ThermalAcknowledgement(answering: command, given: nil)
    }
    defer { radiators[command.radiator] = radiator }
    return command.carryOut(deployment: &radiator.deployment, pointing: &radiator.pointing)
  }

  /// The status telemetry reports now.
  public var status: ThermalStatus {
    ThermalStatus(
      timestamp: now,
      loops: CoolantLoop.allCases.compactMap { name in
        loops[name].map { loop in
          LoopStatus(
            loop: name, pumpSpeedRPM: loop.pumpSpeed, flowKgPerSecond: flow(of: loop),
            supplyTemperatureC: loop.supply, returnTemperatureC: loop.returnTemperature, heatLoadKW: loop.load,
            heatRejectedKW: loop.rejected)
        }
      },
      radiators: RadiatorWing.allCases.compactMap { wing in
        radiators[wing].map { radiator in
          RadiatorStatus(
            wing: wing, deployment: radiator.deployment, extendedPercent: radiator.extended * 100,
            pointing: radiator.pointing, angle: radiator.angle, capacityKW: capacity(of: radiator, supply: nil))
        }
      })
  }

  private func flow(of loop: Loop) -> Double {
    ThermalLimits.nominalFlowKgPerSecond * loop.pumpSpeed / ThermalLimits.nominalPumpSpeedRPM
  }

  /// What a radiator rejects at most; warmer ammonia (`supply` above the set point) rejects more.
  private func capacity(of radiator: Radiator, supply: Double?) -> Double {
    let pointing: Double
    switch radiator.pointing {
    case .track: pointing = 1
    case .angle: pointing = 0.75 + 0.25 * cos(radiator.angle * .pi / 180)
    }
    let warmth = 1 + 0.03 * max(0, (supply ?? ThermalLimits.supplySetPointC) - ThermalLimits.supplySetPointC)
    return ThermalLimits.radiatorCapacityKW * radiator.extended * pointing * warmth
  }

  /// One step of `dt` seconds: the radiators move, then the loops carry and reject their heat.
  public mutating func tick(_ dt: Double) {
    elapsed += dt
    for wing in RadiatorWing.allCases {
      guard var radiator = radiators[wing] else { continue }
      let change = dt / ThermalLimits.deploymentSeconds
      switch radiator.deployment {
      case .deploying:
        radiator.extended = min(1, radiator.extended + change)
        if radiator.extended >= 1 { radiator.deployment = .deployed }
      case .retracting:
        radiator.extended = max(0, radiator.extended - change)
        if radiator.extended <= 0 { radiator.deployment = .retracted }
      case .deployed, .retracted: break
      }
      let target: Double
      switch radiator.pointing {
      case .track: target = 0
      case .angle(let degrees): target = degrees
      }
      radiator.angle += max(-Self.jointRate * dt, min(Self.jointRate * dt, target - radiator.angle))
      radiators[wing] = radiator
    }
    settle(dt: dt)
  }

  private mutating func settle(dt: Double) {
    for name in CoolantLoop.allCases {
      guard var loop = loops[name], let radiator = radiators[name.radiator] else { continue }
      // The station's heat follows its equipment cycling on and off.
      loop.load = loop.baseLoad + 0.8 * sin(2 * .pi * elapsed / 1500 + (name == .a ? 0 : 1))
      if loop.pumpFailed { loop.pumpSpeed *= exp(-dt / 5) }
      if loop.pumpSpeed < 1 { loop.pumpSpeed = 0 }
      let conductance = flow(of: loop) * Self.heatCapacity
      if conductance > 0.2 {
        let limit = capacity(of: radiator, supply: loop.supply)
        // The flow control valve bypasses the radiator to hold the set point.
        loop.rejected = max(0, min(limit, loop.load + 2 * (loop.supply - ThermalLimits.supplySetPointC)))
        loop.supply += (loop.load - loop.rejected) * dt / (Self.loopMass * Self.heatCapacity)
        loop.returnTemperature = loop.supply + loop.load / conductance
      } else {
        // Nothing moves: the exchangers heat up, the radiator side cools towards its sink.
        loop.rejected = 0
        loop.returnTemperature += loop.load * dt / (Self.exchangerMass * Self.heatCapacity)
        loop.supply += (-40 - loop.supply) * dt / 3600
      }
      loops[name] = loop
    }
  }
}

/// A simulated thermal control system shared by every link to it, on a clock that may run faster
/// than the wall; `nominal(logger:)` is one in real time.
public typealias HeatRadiatorSimulation = DeviceSimulation<CommandDevice<HeatRadiatorSimulator>>
