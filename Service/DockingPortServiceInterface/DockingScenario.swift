import FoundationEssentials

/// How a docking system starts: which vehicles are where (a bench simulator's or a test's fake's start).
public struct DockingScenario: Codable, Sendable, Equatable {
  /// Vehicles docked with their hatches open at the start.
  public var docked: [DockingPort: VehicleKind]

  /// A scenario with `docked` vehicles.
  public init(docked: [DockingPort: VehicleKind]) {
    self.docked = docked
  }

  /// A usual day: Crew Dragon at Harmony zenith, Soyuz MS at Rassvet, Progress MS at Zvezda aft
  /// and Poisk; Harmony forward and Prichal free.
  public static let nominal = DockingScenario(docked: [
    .harmonyZenith: .crewDragon, .rassvetNadir: .soyuzMS, .zvezdaAft: .progressMS, .poiskZenith: .progressMS,
  ])
}
