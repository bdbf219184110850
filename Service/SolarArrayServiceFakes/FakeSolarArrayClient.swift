import FoundationEssentials
import SolarArrayServiceInterface

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A power system in memory for domain tests and previews: deterministic, its clock stopped unless
/// advanced; it records the commands it gets.
///
/// It starts as a `PowerScenario` describes (wings on the beta angle, a stuck gimbal where it is
/// stuck, the batteries' charges), refuses what every power system refuses (`PowerCommand.refusal`),
/// and finishes every movement in one `advance(by:)`: a commanded wing is still slewing until then.
/// It is no physical model: the orbit stands still and the batteries keep their charge.
public actor FakeSolarArrayClient: SolarArrayClient {
  /// Every command sent, in order (refused ones included).
  public private(set) var sentCommands: [PowerCommand] = []
  /// When set, every call throws it.
  public private(set) var failure: SolarArrayError?
  private var system: FakePowerSystem

  /// A power system at `start` as `scenario` describes it.
  public init(start: Date = Date(timeIntervalSince1970: 1_800_000_000), scenario: PowerScenario = .nominal) {
    system = FakePowerSystem(start: start, scenario: scenario)
  }

  /// Makes every further call throw `failure` (nil: succeed again).
  public func setFailure(_ failure: SolarArrayError?) { self.failure = failure }

  /// Moves the clock on by `seconds`; every wing and joint reaches its target.
  public func advance(by seconds: Double) { system.advance(by: seconds) }

  /// The power system now.
  public func status() async throws -> PowerStatus {
    if let failure { throw failure }
    return system.status
  }

  /// Carries out `command`; throws `SolarArrayError.rejected` when the power system refuses it.
  public func send(_ command: PowerCommand) async throws -> PowerAcknowledgement {
    sentCommands.append(command)
    if let failure { throw failure }
    let answer = system.apply(command)
    guard answer.accepted else { throw SolarArrayError.rejected(answer.reason) }
    return answer
  }
}

/// The fake's power system: wings and joints that reach their targets when the clock moves.
struct FakePowerSystem {
  private var now: Date
  private let scenario: PowerScenario
  private var modes: [PowerChannel: PointingMode] = [:]
  private var angles: [PowerChannel: Double] = [:]
  private var jointModes: [AlphaJoint: PointingMode] = [:]
  private var jointAngles: [AlphaJoint: Double] = [:]

  init(start: Date, scenario: PowerScenario) {
    now = start
    self.scenario = scenario
    for channel in PowerChannel.allCases {
      angles[channel] = channel == scenario.stuckGimbal?.channel ? scenario.stuckGimbal?.angle : scenario.betaAngle
    }
    for joint in AlphaJoint.allCases { jointAngles[joint] = sunAngle }
  }

  /// Sunlit, except within a fifth of an orbit around orbit midnight (phase 0.5).
  private var inSunlight: Bool { abs(scenario.orbitPhase - 0.5) >= 0.1 }
  private var sunAngle: Double { (scenario.orbitPhase * 360).truncatingRemainder(dividingBy: 360) }

  mutating func apply(_ command: PowerCommand) -> PowerAcknowledgement {
    let answer = PowerAcknowledgement(answering: command)
    guard answer.accepted else { return answer }
    switch command {
    case .wing(let channel, let mode): modes[channel] = mode
    case .joint(let joint, let mode): jointModes[joint] = mode
    }
    return answer
  }

  mutating func advance(by seconds: Double) {
    now = now.addingTimeInterval(max(seconds, 0))
    for channel in PowerChannel.allCases where !isStuck(channel) { angles[channel] = target(of: channel) }
    for joint in AlphaJoint.allCases { jointAngles[joint] = target(of: joint) }
  }

  private func isStuck(_ channel: PowerChannel) -> Bool { scenario.stuckGimbal?.channel == channel }

  private func target(of channel: PowerChannel) -> Double {
    switch modes[channel] ?? .track {
    case .track: scenario.betaAngle
    case .feather: PowerLimits.featherAngle
    case .angle(let degrees): degrees
    }
  }

  private func target(of joint: AlphaJoint) -> Double {
    guard case .angle(let degrees) = jointModes[joint] ?? .track else { return sunAngle }
    return (degrees + 360).truncatingRemainder(dividingBy: 360)
  }

  var status: PowerStatus {
    PowerStatus(
      timestamp: now,
      orbit: OrbitStatus(
        latitude: 23.5, longitude: -41.2, altitudeKm: 420, speedKmPerSecond: 7.66, inSunlight: inSunlight,
        betaAngle: scenario.betaAngle, periodMinutes: 92.68, eclipseMinutes: 36, minutesToTransition: 30),
      wings: PowerChannel.allCases.map(wing), joints: AlphaJoint.allCases.map(joint), consumedKW: scenario.loadKW)
  }

  /// A wing delivers in proportion to the cosine of its pointing error, its channel's share of the
  /// load first; its batteries take the rest (at most ``PowerLimits/maximumChargeKW``) or cover the deficit.
  private func wing(_ channel: PowerChannel) -> WingStatus {
    let angle = angles[channel] ?? scenario.betaAngle
    let target = target(of: channel)
    let mode = modes[channel] ?? .track
    let error = angleDifference(angle, scenario.betaAngle) * .pi / 180
    let available = inSunlight ? PowerLimits.wingPowerKW * max(0, cos(error)) : 0
    let share = scenario.loadKW / Double(PowerChannel.allCases.count)
    let battery = min(available - share, PowerLimits.maximumChargeKW)
    let power = min(available, share + max(battery, 0))
    return WingStatus(
      channel: channel, mode: mode, angle: angle, targetAngle: target,
      isMoving: !isStuck(channel) && angle != target,
      isFeathered: mode == .feather && abs(angleDifference(angle, target)) < 1, availableKW: available,
      powerKW: power, currentA: power * 1000 / PowerLimits.busVoltage,
      batteryChargePercent: scenario.batteryCharge[channel] ?? 95, batteryKW: battery)
  }

  private func joint(_ joint: AlphaJoint) -> JointStatus {
    JointStatus(
      joint: joint, mode: jointModes[joint] ?? .track, angle: jointAngles[joint] ?? sunAngle,
      targetAngle: target(of: joint))
  }
}
