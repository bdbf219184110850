import DockingPortServiceInterface
import HeatRadiatorServiceInterface
import PartnerConfiguration
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
  /// fake), with the partner's `features` (the domain reads its own toggles).
  public init(
    power: any SolarArrayClient, thermal: any HeatRadiatorClient, docking: any DockingPortClient,
    schedule: any VehicleScheduleClient, features: FeatureToggles = FeatureToggles()
  ) {
    self.features = PeripheriesFeatures(showsVehicleSchedule: features[.dockingSchedule])
    self.power = power
    self.thermal = thermal
    self.docking = docking
    self.schedule = schedule
  }

  /// The toggles the domain reads and the screens it draws (`PartnerVocabulary.json`).
  public static var partnerVocabulary: PartnerVocabulary { .module }

  public var name: String { "Peripheries" }  // untranslated: the module name errors, events and logs are recorded under

  public func makeCoordinator(context: FlowContext) -> any Coordinator<PeripheriesRoute> {
    PeripheriesCoordinator(
      context: context, power: power, thermal: thermal, docking: docking, schedule: schedule, features: features)
  }
}
