import DeviceServiceInterface
import FoundationEssentials
import Localization

/// One of the two external active thermal control loops, each pumping ammonia through its radiators.
public enum CoolantLoop: String, Codable, Sendable, CaseIterable {
  case a = "A", b = "B"

  /// The radiator wing that rejects this loop's heat.
  public var radiator: RadiatorWing { self == .a ? .starboard : .port }
}

/// A heat rejection radiator wing, turned by its thermal radiator rotary joint.
public enum RadiatorWing: String, Codable, Sendable, CaseIterable {
  /// On the S1 truss segment, loop A.
  case starboard
  /// On the P1 truss segment, loop B.
  case port

  /// The loop whose heat it rejects.
  public var loop: CoolantLoop { self == .starboard ? .a : .b }
  /// The truss segment it is mounted on.
  public var segment: String { self == .starboard ? "S1" : "P1" }

  /// Its side as a person reads it (`starboard` / `правый`).
  public var localizedName: LocalizedText { self == .starboard ? Strings.radiatorStarboard : Strings.radiatorPort }
}

/// How a radiator's rotary joint is driven.
public enum RadiatorPointing: Codable, Sendable, Hashable, CustomStringConvertible {
  /// Keeps the panels edge-on to the sun (autotrack).
  case track
  /// Holds an angle, degrees (the joint turns −105…105).
  case angle(Double)

  /// `track` or the angle, e.g. `-30`.
  public var description: String {
    switch self {
    case .track: "track"
    case .angle(let degrees): degrees.rounded() == degrees ? String(Int(degrees)) : String(degrees)
    }
  }

  /// The pointing as a person reads it: `track` / `слежение`, or the angle written as the language
  /// writes numbers (`-30.5` / `-30,5`).
  public var localizedName: LocalizedText {
    switch self {
    case .track: Strings.pointingTrack
    case .angle(let degrees): Self.degrees(degrees)
    }
  }

  /// An angle with as many decimals as it has (up to two): `-30`, `-30.5`, `12.25`.
  static func degrees(_ value: Double) -> LocalizedText {
    if value.rounded() == value, abs(value) < 1e9 { return .number(Int(value)) }
    return .number(value, fractionDigits: (value * 10).rounded() == value * 10 ? 1 : 2)
  }

  /// Reads `track` or an angle (any number as a person writes it in `language`, Localization's
  /// `WrittenNumber`: `12,5` in Russian; the radiator refuses one beyond its range); nil otherwise.
  public init?(text: String, in language: Language = .english) {
    if text.lowercased() == "track" {
      self = .track
    } else if let degrees = WrittenNumber.decimal(text, in: language) {
      self = .angle(degrees)
    } else {
      return nil
    }
  }
}

/// Where a radiator's panels are.
public enum Deployment: String, Codable, Sendable {
  case retracted, deploying, deployed, retracting

  /// The state as a person reads it (`deployed` / `раскрыт`).
  public var localizedName: LocalizedText {
    switch self {
    case .retracted: Strings.deploymentRetracted
    case .deploying: Strings.deploymentDeploying
    case .deployed: Strings.deploymentDeployed
    case .retracting: Strings.deploymentRetracting
    }
  }
}

/// One loop as telemetry reports it.
public struct LoopStatus: Codable, Sendable, Equatable {
  /// Which loop.
  public var loop: CoolantLoop
  /// Its pump, revolutions per minute.
  public var pumpSpeedRPM: Double
  /// Ammonia flow, kg/s.
  public var flowKgPerSecond: Double
  /// Ammonia leaving the radiators towards the station, °C (held near 2.8 °C).
  public var supplyTemperatureC: Double
  /// Ammonia coming back from the station's heat exchangers, °C.
  public var returnTemperatureC: Double
  /// Heat picked up from the station, kW.
  public var heatLoadKW: Double
  /// Heat the radiators reject to space, kW.
  public var heatRejectedKW: Double

  /// A loop's status as telemetry reports it.
  public init(
    loop: CoolantLoop, pumpSpeedRPM: Double, flowKgPerSecond: Double, supplyTemperatureC: Double,
    returnTemperatureC: Double, heatLoadKW: Double, heatRejectedKW: Double
  ) {
    self.loop = loop
    self.pumpSpeedRPM = pumpSpeedRPM
    self.flowKgPerSecond = flowKgPerSecond
    self.supplyTemperatureC = supplyTemperatureC
    self.returnTemperatureC = returnTemperatureC
    self.heatLoadKW = heatLoadKW
    self.heatRejectedKW = heatRejectedKW
  }
}

/// One radiator wing as telemetry reports it.
public struct RadiatorStatus: Codable, Sendable, Equatable {
  /// Which wing.
  public var wing: RadiatorWing
  /// Where its panels are.
  public var deployment: Deployment
  /// How far its panels are out, %.
  public var extendedPercent: Double
  /// How its rotary joint is driven.
  public var pointing: RadiatorPointing
  /// Its rotary joint's angle, degrees.
  public var angle: Double
  /// What it can reject now, kW.
  public var capacityKW: Double

  /// A radiator's status as telemetry reports it.
  public init(
    wing: RadiatorWing, deployment: Deployment, extendedPercent: Double, pointing: RadiatorPointing, angle: Double,
    capacityKW: Double
  ) {
    self.wing = wing
    self.deployment = deployment
    self.extendedPercent = extendedPercent
    self.pointing = pointing
    self.angle = angle
    self.capacityKW = capacityKW
  }
}

/// The external thermal control system at one moment.
public struct ThermalStatus: Codable, Sendable, Equatable {
  /// When it was measured.
  public var timestamp: Date
  /// Loops A and B.
  public var loops: [LoopStatus]
  /// The starboard and port radiator wings.
  public var radiators: [RadiatorStatus]

  /// The thermal control system's status at `timestamp`.
  public init(
    timestamp: Date, loops: [LoopStatus], radiators: [RadiatorStatus]
  ) {
    self.timestamp = timestamp
    self.loops = loops
    self.radiators = radiators
  }

  /// Heat rejected by both loops, kW.
  public var heatRejectedKW: Double { loops.reduce(0) { $0 + $1.heatRejectedKW } }
}

/// A command the thermal control system carries out.
public enum ThermalCommand: Codable, Sendable, Hashable, CustomStringConvertible {
  /// Extend a radiator's panels.
  case deploy(RadiatorWing)
  /// Retract a radiator's panels.
  case retract(RadiatorWing)
  /// Drive a radiator's rotary joint.
  case rotate(RadiatorWing, RadiatorPointing)

  /// The command in English, for the wire, logs and analytics: `deploy the starboard radiator`.
  public var description: String { localizedDescription.description }

  /// The command as a person reads it.
  public var localizedDescription: LocalizedText {
    switch self {
    case .deploy(let wing): Strings.commandDeploy(radiator: wing.localizedName)
    case .retract(let wing): Strings.commandRetract(radiator: wing.localizedName)
    case .rotate(let wing, let pointing):
      Strings.commandRotate(radiator: wing.localizedName, pointing: pointing.localizedName)
    }
  }

  /// What carrying it out does, as a person reads it: `deploy the starboard radiator: under way`.
  public var outcome: LocalizedText { Strings.outcomeUnderWay(command: localizedDescription) }
}

/// Why the thermal control system refused a command, in a form every language can show.
public enum ThermalRefusal: DeviceRefusal {
  /// The command names a radiator the system does not have.
  case noSuchRadiator
  /// The radiator is already deployed or deploying (to deploy), retracted or retracting (to retract).
  case already(RadiatorWing, Deployment)
  /// Deploying while the panels retract.
  case deployWhileRetracting(RadiatorWing)
  /// Retracting while the panels deploy.
  case retractWhileDeploying(RadiatorWing)
  /// An angle beyond the rotary joint's range.
  case beyondRange(RadiatorPointing)
  /// Rotating while the panels move.
  case rotateWhileMoving(RadiatorWing, Deployment)

  /// The reason as a person reads it.
  public var text: LocalizedText {
    switch self {
    case .noSuchRadiator: Strings.refusalNoSuchRadiator
    case .already(let wing, let state): Strings.refusalAlready(radiator: wing.localizedName, state: state.localizedName)
    case .deployWhileRetracting(let wing): Strings.refusalDeployWhileRetracting(radiator: wing.localizedName)
    case .retractWhileDeploying(let wing): Strings.refusalRetractWhileDeploying(radiator: wing.localizedName)
    case .beyondRange(let pointing): Strings.refusalBeyondRange(angle: pointing.localizedName)
    case .rotateWhileMoving(let wing, let state):
      Strings.refusalRotateWhileMoving(radiator: wing.localizedName, state: state.localizedName)
    }
  }
}

extension ThermalCommand {
  /// The radiator the command drives.
  public var radiator: RadiatorWing {
    switch self {
    case .deploy(let wing), .retract(let wing), .rotate(let wing, _): wing
    }
  }

  /// Why the thermal control system refuses this command while its radiator is `deployment` (nil:
  /// no such radiator), or nil when it carries it out: the rule every thermal control system
  /// applies alike (the simulator, a test's fake).
  public func refusal(given deployment: Deployment?) -> ThermalRefusal? {
    let wing = radiator
    guard let state = deployment else { return .noSuchRadiator }
    switch (self, state) {
    case (.deploy, .deployed), (.deploy, .deploying), (.retract, .retracted), (.retract, .retracting):
      return .already(wing, state)
    case (.deploy, .retracting): return .deployWhileRetracting(wing)
    case (.retract, .deploying): return .retractWhileDeploying(wing)
    case (.rotate(_, .angle(let degrees)), _) where !ThermalLimits.rotaryJointRange.contains(degrees):
      return .beyondRange(.angle(degrees))
    case (.rotate, .deploying), (.rotate, .retracting): return .rotateWhileMoving(wing, state)
    default: return nil
    }
  }

  /// Carries the command out on its radiator's `deployment` and `pointing` as every thermal control
  /// system does: refused by ``refusal(given:)`` (nothing changes), else the panels start to deploy
  /// or retract, or the joint is told where to turn. The answer says which.
  public func carryOut(deployment: inout Deployment, pointing: inout RadiatorPointing) -> ThermalAcknowledgement {
    let answer = ThermalAcknowledgement(answering: self, given: deployment)
    guard answer.accepted else { return answer }
    switch self {
    case .deploy: deployment = .deploying
    case .retract: deployment = .retracting
    case .rotate(_, let target): pointing = target
    }
    return answer
  }
}

extension DeviceAcknowledgement where Refusal == ThermalRefusal, Result == Never {
  /// The thermal control system's answer to `command` while its radiator is `deployment`: refused
  /// with its ``ThermalCommand/refusal(given:)`` (nothing changes), else under way.
  public init(answering command: ThermalCommand, given deployment: Deployment?) {
    self.init(answering: command, refusal: command.refusal(given: deployment), outcome: command.outcome)
  }
}
