import CommandDeviceFakes
import FoundationEssentials
import HeatRadiatorService
import HeatRadiatorServiceInterface

/// The thermal control system for domain tests and previews: its one model, `HeatRadiatorSimulator`,
/// run in this process by `FakeDevice` on a clock the test moves (`advance(by:)`), from the scenario
/// the test gives; `setFailure(_:)`, `tell(_:)` and `sentCommands` script and record the rest.
public typealias FakeHeatRadiatorClient = FakeDevice<HeatRadiatorSimulator>

extension FakeDevice: HeatRadiatorClient where Model == HeatRadiatorSimulator {
  /// A thermal control system at `start` as `scenario` describes it.
  public init(start: Date = referenceDate, scenario: ThermalScenario = .nominal) {
    self.init(HeatRadiatorSimulator(start: start, scenario: scenario))
  }
}
