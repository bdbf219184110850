import DockingPortServiceInterface
import HeatRadiatorServiceInterface
import SolarArrayServiceInterface
import UIComponents

/// The Peripheries domain as an app hosts it: built with the station's services.
public struct PeripheriesDomain: HostedDomain {
  private let power: any SolarArrayClient
  private let thermal: any HeatRadiatorClient
  private let docking: any DockingPortClient
  private let schedule: any VehicleScheduleClient
  private let features: PeripheriesFeatures

  /// The domain over the power, thermal and docking systems and the vehicle schedule (live or
  /// fake), with the partner's `features`.
  public init(
    power: any SolarArrayClient, thermal: any HeatRadiatorClient, docking: any DockingPortClient,
    schedule: any VehicleScheduleClient, features: PeripheriesFeatures = PeripheriesFeatures()
  ) {
    self.features = features
    self.power = power
    self.thermal = thermal
    self.docking = docking
    self.schedule = schedule
  }

  public var name: String { "Peripheries" }  // untranslated: the module name errors, events and logs are recorded under

  public func makeCoordinator(context: FlowContext) -> any Coordinator<PeripheriesRoute> {
    PeripheriesCoordinator(
      context: context, power: power, thermal: thermal, docking: docking, schedule: schedule, features: features)
  }
}
