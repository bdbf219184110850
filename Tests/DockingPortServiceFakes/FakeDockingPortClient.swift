import CommandDeviceFakes
import DockingPortService
import DockingPortServiceInterface
import FoundationEssentials

/// The docking system for domain tests and previews: its one model, `DockingSimulator`, run in this
/// process by `FakeDevice` on a clock the test moves (`advance(by:)`), from the scenario the test
/// gives; `setFailure(_:)`, `tell(_:)` and `sentCommands` script and record the rest.
public typealias FakeDockingPortClient = FakeDevice<DockingSimulator>

extension FakeDevice: DockingPortClient where Model == DockingSimulator {
  /// A docking system at `start` as `scenario` describes it.
  public init(start: Date = referenceDate, scenario: DockingScenario = .nominal) {
    self.init(DockingSimulator(start: start, scenario: scenario))
  }
}
