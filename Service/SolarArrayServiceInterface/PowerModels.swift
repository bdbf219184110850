import DeviceServiceInterface
import FoundationEssentials
import Localization

/// One of the station's eight power channels, each fed by one solar array wing: 1A … 4B.
///
/// The starboard solar alpha rotary joint (SARJ) turns the S4 and S6 segments (channels 1A, 3A,
/// 1B, 3B); the port SARJ turns P4 and P6 (2A, 4A, 2B, 4B).
public enum PowerChannel: String, Codable, Sendable, CaseIterable, Comparable {
  case c1A = "1A", c1B = "1B", c2A = "2A", c2B = "2B", c3A = "3A", c3B = "3B", c4A = "4A", c4B = "4B"

  /// The joint that turns this wing's truss segment.
  public var joint: AlphaJoint {
    switch self {
    case .c1A, .c1B, .c3A, .c3B: .starboard
    case .c2A, .c2B, .c4A, .c4B: .port
    }
  }

  /// The truss segment the wing sits on: S4, S6, P4 or P6.
  public var segment: String {
    switch self {
    case .c1A, .c3A: "S4"
    case .c1B, .c3B: "S6"
    case .c2A, .c4A: "P4"
    case .c2B, .c4B: "P6"
    }
  }

  public static func < (lhs: PowerChannel, rhs: PowerChannel) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// A solar alpha rotary joint: it turns the outboard truss (and its four wings) once per orbit.
public enum AlphaJoint: String, Codable, Sendable, CaseIterable {
  case port, starboard

  /// The joint's side as a person reads it (`port` / `левый`).
  public var localizedName: LocalizedText {
    switch self {
    case .port: Strings.jointPort
    case .starboard: Strings.jointStarboard
    }
  }
}

/// How a beta gimbal or an alpha joint is driven.
public enum PointingMode: Codable, Sendable, Hashable, CustomStringConvertible {
  /// Follows the sun (autotrack).
  case track
  /// Holds a commanded angle, degrees (−180…180).
  case angle(Double)
  /// Beta gimbals only: edge-on to the approach corridors (``PowerLimits/featherAngle``), as
  /// the docking procedure requires for the wings near a port.
  case feather

  /// `track`, `feather` or the angle, e.g. `-35`.
  public var description: String {
    switch self {
    case .track: "track"
    case .feather: "feather"
    case .angle(let degrees): degrees.rounded() == degrees ? String(Int(degrees)) : String(degrees)
    }
  }

  /// The mode as a person reads it: `track` / `слежение`, `feather` / `флюгер`, or the angle
  /// written as the language writes numbers (`-35.5` / `-35,5`).
  public var localizedName: LocalizedText {
    switch self {
    case .track: Strings.modeTrack
    case .feather: Strings.modeFeather
    case .angle(let degrees): Self.degrees(degrees)
    }
  }

  /// An angle with as many decimals as it has (up to two): `-35`, `-35.5`, `12.25`.
  static func degrees(_ value: Double) -> LocalizedText {
    if value.rounded() == value, abs(value) < 1e9 { return .number(Int(value)) }
    return .number(value, fractionDigits: (value * 10).rounded() == value * 10 ? 1 : 2)
  }

  /// Reads `track`, `feather` or an angle from −180 to 180 (as a person writes it in `language`:
  /// `WrittenNumber`, `12,5` in Russian); nil otherwise.
  public init?(text: String, in language: Language = .english) {
    switch text.lowercased() {
    case "track": self = .track
    case "feather": self = .feather
    default:
      guard let degrees = WrittenNumber.decimal(text, in: language), (-180...180).contains(degrees) else { return nil }
      self = .angle(degrees)
    }
  }
}

/// One wing as telemetry reports it: its gimbal, its power and its channel's battery.
public struct WingStatus: Codable, Sendable, Equatable {
  /// The channel the wing feeds.
  public var channel: PowerChannel
  /// How its beta gimbal is driven.
  public var mode: PointingMode
  /// The beta gimbal angle, degrees.
  public var angle: Double
  /// Where the gimbal is driven to, degrees.
  public var targetAngle: Double
  /// Whether the gimbal turned during the last interval.
  public var isMoving: Bool
  /// Edge-on to the approach corridors: in `feather` mode and at the feather angle.
  public var isFeathered: Bool
  /// What the wing could deliver now, kW (0 in eclipse).
  public var availableKW: Double
  /// What it delivers to its channel (load and battery charging), kW.
  public var powerKW: Double
  /// Its current at the 160 V primary bus, A.
  public var currentA: Double
  /// The channel's batteries, % state of charge.
  public var batteryChargePercent: Double
  /// Into the batteries (positive, charging) or out of them (negative), kW.
  public var batteryKW: Double

  /// A wing's status as telemetry reports it.
  public init(
    channel: PowerChannel, mode: PointingMode, angle: Double, targetAngle: Double, isMoving: Bool, isFeathered: Bool,
    availableKW: Double, powerKW: Double, currentA: Double, batteryChargePercent: Double, batteryKW: Double
  ) {
    self.channel = channel
    self.mode = mode
    self.angle = angle
    self.targetAngle = targetAngle
    self.isMoving = isMoving
    self.isFeathered = isFeathered
    self.availableKW = availableKW
    self.powerKW = powerKW
    self.currentA = currentA
    self.batteryChargePercent = batteryChargePercent
    self.batteryKW = batteryKW
  }
}

/// One alpha joint as telemetry reports it.
public struct JointStatus: Codable, Sendable, Equatable {
  /// Which joint.
  public var joint: AlphaJoint
  /// How it is driven (`track` or an angle).
  public var mode: PointingMode
  /// Its angle, degrees (0…360).
  public var angle: Double
  /// Where it is driven to, degrees (0…360).
  public var targetAngle: Double

  /// A joint's status as telemetry reports it.
  public init(
    joint: AlphaJoint, mode: PointingMode, angle: Double, targetAngle: Double
  ) {
    self.joint = joint
    self.mode = mode
    self.angle = angle
    self.targetAngle = targetAngle
  }
}

/// Where the station is and whether it sees the sun.
public struct OrbitStatus: Codable, Sendable, Equatable {
  /// Degrees north.
  public var latitude: Double
  /// Degrees east.
  public var longitude: Double
  /// Kilometres above the surface.
  public var altitudeKm: Double
  /// Orbital speed, km/s.
  public var speedKmPerSecond: Double
  /// False in the Earth's shadow.
  public var inSunlight: Bool
  /// The sun's angle above the orbit plane, degrees.
  public var betaAngle: Double
  /// One orbit, minutes.
  public var periodMinutes: Double
  /// The shadowed part of each orbit, minutes (about 36 of 92 at low beta angles).
  public var eclipseMinutes: Double
  /// Until sunset (in sunlight) or sunrise (in eclipse), minutes.
  public var minutesToTransition: Double

  /// The orbit as telemetry reports it.
  public init(
    latitude: Double, longitude: Double, altitudeKm: Double, speedKmPerSecond: Double, inSunlight: Bool,
    betaAngle: Double, periodMinutes: Double, eclipseMinutes: Double, minutesToTransition: Double
  ) {
    self.latitude = latitude
    self.longitude = longitude
    self.altitudeKm = altitudeKm
    self.speedKmPerSecond = speedKmPerSecond
    self.inSunlight = inSunlight
    self.betaAngle = betaAngle
    self.periodMinutes = periodMinutes
    self.eclipseMinutes = eclipseMinutes
    self.minutesToTransition = minutesToTransition
  }
}

/// The power system at one moment: wings, joints, batteries, orbit, generation and load.
public struct PowerStatus: Codable, Sendable, Equatable {
  /// When it was measured.
  public var timestamp: Date
  /// Where the station is.
  public var orbit: OrbitStatus
  /// The eight wings, 1A … 4B.
  public var wings: [WingStatus]
  /// The two alpha joints.
  public var joints: [JointStatus]
  /// What the station consumes, kW.
  public var consumedKW: Double

  /// The power system's status at `timestamp`.
  public init(
    timestamp: Date, orbit: OrbitStatus, wings: [WingStatus], joints: [JointStatus], consumedKW: Double
  ) {
    self.timestamp = timestamp
    self.orbit = orbit
    self.wings = wings
    self.joints = joints
    self.consumedKW = consumedKW
  }

  /// What the wings deliver, kW.
  public var generatedKW: Double { wings.reduce(0) { $0 + $1.powerKW } }
  /// What the wings could deliver, kW.
  public var availableKW: Double { wings.reduce(0) { $0 + $1.availableKW } }
  /// The mean battery state of charge, %.
  public var batteryChargePercent: Double {
    wings.isEmpty ? 0 : wings.reduce(0) { $0 + $1.batteryChargePercent } / Double(wings.count)
  }

  /// The status of one wing.
  public func wing(_ channel: PowerChannel) -> WingStatus? { wings.first { $0.channel == channel } }
}

/// A command the power system carries out.
public enum PowerCommand: Codable, Sendable, Hashable, CustomStringConvertible {
  /// Drive one wing's beta gimbal.
  case wing(PowerChannel, PointingMode)
  /// Drive one alpha joint (`track` or an angle; joints do not feather).
  case joint(AlphaJoint, PointingMode)

  /// The command as text for the wire, logs and analytics (English): `wing 1A feather`.
  public var description: String {
    switch self {
    case .wing(let channel, let mode): "wing \(channel.rawValue) \(mode)"
    case .joint(let joint, let mode): "\(joint.rawValue) SARJ \(mode)"  // untranslated: the command's wire and log form
    }
  }

  /// What carrying it out does, as a person reads it: `beta gimbal 1A tracks the sun`.
  public var outcome: LocalizedText {
    switch self {
    case .wing(let channel, let mode): Strings.outcomeGimbal(wing: channel.rawValue, change: Self.change(mode))
    case .joint(let joint, let mode): Strings.outcomeJoint(joint: joint.localizedName, change: Self.change(mode))
    }
  }

  private static func change(_ mode: PointingMode) -> LocalizedText {
    switch mode {
    case .track: Strings.outcomeTracks
    case .feather: Strings.outcomeFeathers(angle: Int(PowerLimits.featherAngle))
    case .angle(let degrees) where degrees < 0: Strings.outcomeTurnsNegative(angle: PointingMode.degrees(degrees))
    case .angle(let degrees): Strings.outcomeTurnsPositive(angle: PointingMode.degrees(degrees))
    }
  }
}

/// Why the power system refused a command, in a form every language can show.
public enum PowerRefusal: DeviceRefusal {
  /// An alpha joint was told to feather (only beta gimbals feather).
  case jointDoesNotFeather

  /// The reason as a person reads it.
  public var text: LocalizedText {
    switch self {
    case .jointDoesNotFeather: Strings.refusalJointDoesNotFeather
    }
  }
}

extension PowerCommand {
  /// Why the power system refuses this command, or nil when it carries it out: the rule every
  /// power system applies alike (the simulator, a test's fake).
  public var refusal: PowerRefusal? {
    if case .joint(_, .feather) = self { return .jointDoesNotFeather }
    return nil
  }
}

extension DeviceAcknowledgement where Refusal == PowerRefusal, Result == Never {
  /// The power system's answer to `command`: refused with its `refusal` (nothing changes), else
  /// carried out with its `outcome`.
  public init(answering command: PowerCommand) {
    self.init(answering: command, refusal: command.refusal, outcome: command.outcome)
  }
}
