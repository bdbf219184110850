import FoundationEssentials

/// How a power system starts: the scenario a bench simulator (or a test's fake) starts from.
public struct PowerScenario: Codable, Sendable, Equatable {
  /// The sun's angle above the orbit plane, degrees (−75…75).
  public var betaAngle: Double
  /// Where in the orbit the station starts: 0 orbit noon, 0.5 orbit midnight.
  public var orbitPhase: Double
  /// What the station consumes, kW.
  public var loadKW: Double
  /// A wing whose beta gimbal is stuck, and the angle it is stuck at.
  public var stuckGimbal: StuckGimbal?
  /// Channels whose batteries start at another charge than 95 %.
  public var batteryCharge: [PowerChannel: Double]

  /// A gimbal that does not move.
  public struct StuckGimbal: Codable, Sendable, Equatable {
    /// Its wing.
    public var channel: PowerChannel
    /// Where it is stuck, degrees.
    public var angle: Double

    /// A gimbal stuck at `angle`.
    public init(channel: PowerChannel, angle: Double) {
      self.channel = channel
      self.angle = angle
    }
  }

  /// A scenario; the defaults are a nominal day in sunlight.
  public init(
    betaAngle: Double = 15, orbitPhase: Double = 0.1, loadKW: Double = 92, stuckGimbal: StuckGimbal? = nil,
    batteryCharge: [PowerChannel: Double] = [:]
  ) {
    self.betaAngle = betaAngle
    self.orbitPhase = orbitPhase
    self.loadKW = loadKW
    self.stuckGimbal = stuckGimbal
    self.batteryCharge = batteryCharge
  }

  /// A nominal day in sunlight.
  public static let nominal = PowerScenario()
}
