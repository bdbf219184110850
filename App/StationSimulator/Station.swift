import DockingPortService
import DockingPortServiceInterface
import FoundationEssentials
import HeatRadiatorService
import HeatRadiatorServiceInterface
import Logging
import Radio
import SolarArrayService
import SolarArrayServiceInterface

/// The station's three systems behind one bus: each request frame goes to the system whose
/// message types it carries. Every connection shares the same station.
struct Station: Sendable {
  let power: SolarArraySimulation
  let thermal: HeatRadiatorSimulation
  let docking: DockingPortSimulation

  /// The message type of an answer to a request no system knows.
  static let unknownRequestType: UInt8 = 0xFF
  /// The request bands the station answers: its three systems'.
  static let bands = [PowerSystem.identity, ThermalControlSystem.identity, DockingSystem.identity].map(\.firstRequest)

  /// A station as `scenario` describes it at `start`, its time read from `clock`.
  init(scenario: StationScenario, start: Date, clock: @escaping @Sendable () -> Date, logger: Logger) {
    power = SolarArraySimulation(
      simulator: SolarArraySimulator(start: start, scenario: scenario.power(at: start)), clock: clock, logger: logger)
    thermal = HeatRadiatorSimulation(
      simulator: HeatRadiatorSimulator(start: start, scenario: scenario.thermal), clock: clock, logger: logger)
    docking = DockingPortSimulation(
      simulator: DockingSimulator(start: start, scenario: scenario.docking), clock: clock, logger: logger)
  }

  /// The answer to one request frame.
  func answer(_ request: Frame) async -> Frame {
    if PowerSystem.handles(request.type) { return await power.answer(request) }
    if ThermalControlSystem.handles(request.type) { return await thermal.answer(request) }
    if DockingSystem.handles(request.type) { return await docking.answer(request) }
    let message = Data(#"{"message":"no system of this station answers message type \#(request.type)"}"#.utf8)
    return Frame(type: Self.unknownRequestType, sequence: request.sequence, payload: Array(message))
  }
}
