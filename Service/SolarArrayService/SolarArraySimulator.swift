import FoundationEssentials
import Radio
import SolarArrayServiceInterface

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension PowerScenario {
  /// A nominal day, the station where a circular orbit since 1970 puts it at `date`, so that
  /// every start of a simulation continues the same orbit.
  public static func nominal(at date: Date) -> PowerScenario {
    PowerScenario(
      orbitPhase: date.timeIntervalSince1970.truncatingRemainder(dividingBy: Orbit.periodSeconds) / Orbit.periodSeconds)
  }
}

/// A deterministic model of the station's power system.
///
/// Each wing delivers in proportion to the cosines of its beta gimbal's and its alpha joint's
/// pointing errors, only in sunlight; the channel's batteries take the surplus (up to
/// ``PowerLimits/maximumChargeKW``) and cover the deficit, through every eclipse. Gimbals and
/// joints slew at their rates; a tracking joint turns once per orbit. Time moves only through
/// `advance(by:)` / `advance(to:)` (a `SteppedModel`, one ``tick(_:)`` a step). It is the one model
/// of the power system: the bench and the apps serve it (`CommandDevice`), tests' fakes run it.
public struct SolarArraySimulator: SteppedModel, CommandDeviceModel {
  public typealias Device = PowerSystem

  private struct Wing: Sendable {
    var mode: PointingMode = .track
    var angle: Double
    var isMoving = false
    var charge: Double
    var availableKW = 0.0
    var powerKW = 0.0
    var batteryKW = 0.0
    var isStuck = false
  }

  private struct Joint: Sendable {
    var mode: PointingMode = .track
    var angle: Double
  }

  /// The model time and its step.
  public var clock: ModelClock
  private let orbit: Orbit
  private var phase: Double
  private var loadKW: Double
  private let baseLoadKW: Double
  private var wings: [PowerChannel: Wing] = [:]
  private var joints: [AlphaJoint: Joint] = [:]
  private var elapsed = 0.0

  /// A power system at `start` as `scenario` describes it, integrating in steps of `step` seconds.
  public init(start: Date, scenario: PowerScenario = .nominal, step: Double = 1) {
    clock = ModelClock(start: start, step: step)
    orbit = Orbit(betaAngle: min(max(scenario.betaAngle, -75), 75))
    phase = scenario.orbitPhase - scenario.orbitPhase.rounded(.down)
    baseLoadKW = scenario.loadKW
    loadKW = scenario.loadKW
    for channel in PowerChannel.allCases {
      var wing = Wing(angle: orbit.betaAngle, charge: scenario.batteryCharge[channel] ?? 95)
      if let stuck = scenario.stuckGimbal, stuck.channel == channel {
        wing.angle = stuck.angle
        wing.isStuck = true
      }
      wings[channel] = wing
    }
    for joint in AlphaJoint.allCases { joints[joint] = Joint(angle: sunAngle) }
    settle()
  }

  /// The alpha joint angle that faces the sun now.
  private var sunAngle: Double { (phase * 360).truncatingRemainder(dividingBy: 360) }

  /// A nominal day at `start`, the station where its orbit puts it then (``PowerScenario/nominal(at:)``).
  public static func nominal(at start: Date) -> SolarArraySimulator {
    SolarArraySimulator(start: start, scenario: .nominal(at: start))
  }

  /// Carries out a command as the power system's software would.
  public mutating func apply(_ command: PowerCommand) -> PowerAcknowledgement {
    let answer = PowerAcknowledgement(answering: command)
    guard answer.accepted else { return answer }
    switch command {
    case .wing(let channel, let mode): wings[channel]?.mode = mode
    case .joint(let joint, let mode): joints[joint]?.mode = mode
    }
    return answer
  }

  /// The status telemetry reports now.
  public var status: PowerStatus {
    PowerStatus(
      timestamp: now, orbit: orbit.status(phase: phase, date: now),
      wings: PowerChannel.allCases.compactMap { channel in
        guard let wing = wings[channel] else { return nil }
        let target = target(of: wing)
        return WingStatus(
          channel: channel, mode: wing.mode, angle: wing.angle, targetAngle: target, isMoving: wing.isMoving,
          isFeathered: wing.mode == .feather && abs(angleDifference(wing.angle, target)) < 1,
          availableKW: wing.availableKW, powerKW: wing.powerKW,
          currentA: wing.powerKW * 1000 / PowerLimits.busVoltage, batteryChargePercent: wing.charge,
          batteryKW: wing.batteryKW)
      },
      joints: AlphaJoint.allCases.compactMap { joint in
        guard let state = joints[joint] else { return nil }
        return JointStatus(joint: joint, mode: state.mode, angle: state.angle, targetAngle: target(of: state))
      },
      consumedKW: loadKW)
  }

  private func target(of wing: Wing) -> Double {
    switch wing.mode {
    case .track: orbit.betaAngle
    case .feather: PowerLimits.featherAngle
    case .angle(let degrees): degrees
    }
  }

  private func target(of joint: Joint) -> Double {
    switch joint.mode {
    case .track, .feather: sunAngle
    case .angle(let degrees): (degrees + 360).truncatingRemainder(dividingBy: 360)
    }
  }

  /// One step of `dt` seconds: the orbit, the load, the joints and gimbals, then the power flows.
  public mutating func tick(_ dt: Double) {
    phase = (phase + dt / Orbit.periodSeconds).truncatingRemainder(dividingBy: 1)
    elapsed += dt
    // The load follows the crew's day: equipment cycling on and off in half-hour and five-minute rhythms.
    loadKW = baseLoadKW + 3 * sin(2 * .pi * elapsed / 1800) + 1.5 * sin(2 * .pi * elapsed / 317)
    for joint in AlphaJoint.allCases {
      guard var state = joints[joint] else { continue }
      // A tracking joint follows the sun as fast as it moves; a commanded one slews at its rate.
      let rate = state.mode == .track ? 360 / Orbit.periodSeconds * 1.5 : PowerLimits.jointRate
      state.angle = Self.slew(state.angle, toward: target(of: state), by: rate * dt, wrapping: true)
      joints[joint] = state
    }
    for channel in PowerChannel.allCases {
      guard var wing = wings[channel] else { continue }
      let before = wing.angle
      if !wing.isStuck {
        wing.angle = Self.slew(wing.angle, toward: target(of: wing), by: PowerLimits.gimbalRate * dt, wrapping: false)
      }
      wing.isMoving = wing.angle != before
      wings[channel] = wing
    }
    settle(dt: dt)
  }

  /// Power flows for the current geometry; with `dt`, the batteries charge or discharge for that long.
  private mutating func settle(dt: Double = 0) {
    let sunlit = !orbit.inShadow(phase: phase)
    let channelLoad = loadKW / Double(PowerChannel.allCases.count)
    for channel in PowerChannel.allCases {
      guard var wing = wings[channel], let joint = joints[channel.joint] else { continue }
      let alphaError = angleDifference(joint.angle, sunAngle) * .pi / 180
      let betaError = angleDifference(wing.angle, orbit.betaAngle) * .pi / 180
      wing.availableKW = sunlit ? PowerLimits.wingPowerKW * max(0, cos(alphaError)) * max(0, cos(betaError)) : 0
      let surplus = wing.availableKW - channelLoad
      let room = (100 - wing.charge) / 100 * PowerLimits.batteryCapacityKWh * 3600 / max(dt, 1)
      wing.batteryKW = surplus >= 0 ? min(surplus, PowerLimits.maximumChargeKW, room) : surplus
      if wing.charge <= 0 && wing.batteryKW < 0 { wing.batteryKW = 0 }
      wing.powerKW = min(wing.availableKW, channelLoad + max(wing.batteryKW, 0))
      wing.charge += wing.batteryKW * dt / 3600 / PowerLimits.batteryCapacityKWh * 100
      wing.charge = min(max(wing.charge, 0), 100)
      wings[channel] = wing
    }
  }

  private static func slew(_ angle: Double, toward target: Double, by maximum: Double, wrapping: Bool) -> Double {
    let difference = wrapping ? angleDifference(target, angle) : target - angle
    let moved = angle + max(-maximum, min(maximum, difference))
    return wrapping ? (moved + 360).truncatingRemainder(dividingBy: 360) : moved
  }
}

/// A simulated power system shared by every link to it, on a clock that may run faster than the
/// wall; `nominal(logger:)` is one in real time, where the orbit puts the station now.
public typealias SolarArraySimulation = DeviceSimulation<CommandDevice<SolarArraySimulator>>
