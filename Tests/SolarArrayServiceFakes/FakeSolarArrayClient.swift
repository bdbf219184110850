import CommandDeviceFakes
import FoundationEssentials
import SolarArrayService
import SolarArrayServiceInterface

/// The power system for domain tests and previews: its one model, `SolarArraySimulator`, run in
/// this process by `FakeDevice` on a clock the test moves (`advance(by:)`), from the scenario the
/// test gives; `setFailure(_:)`, `tell(_:)` and `sentCommands` script and record the rest.
public typealias FakeSolarArrayClient = FakeDevice<SolarArraySimulator>

extension FakeDevice: SolarArrayClient where Model == SolarArraySimulator {
  /// A power system at `start` as `scenario` describes it.
  public init(start: Date = referenceDate, scenario: PowerScenario = .nominal) {
    self.init(SolarArraySimulator(start: start, scenario: scenario))
  }
}
