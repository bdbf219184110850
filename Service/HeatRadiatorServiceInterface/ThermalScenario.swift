import FoundationEssentials

/// How a thermal control system starts: the scenario a bench simulator (or a test's fake) starts from.
public struct ThermalScenario: Codable, Sendable, Equatable {
  /// Heat each loop picks up from the station, kW.
  public var loadKW: [CoolantLoop: Double]
  /// A loop whose pump has tripped.
  public var failedPump: CoolantLoop?
  /// Radiators that start retracted.
  public var retracted: Set<RadiatorWing>

  /// A scenario; the defaults are a nominal day.
  public init(
    loadKW: [CoolantLoop: Double] = [.a: 13, .b: 12], failedPump: CoolantLoop? = nil,
    retracted: Set<RadiatorWing> = []
  ) {
    self.loadKW = loadKW
    self.failedPump = failedPump
    self.retracted = retracted
  }

  /// Both loops running, both radiators deployed and tracking.
  public static let nominal = ThermalScenario()
}
