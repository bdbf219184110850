import CosmonautServiceInterface
import LaboratoryServiceInterface
import PartnerConfiguration
import UIComponents

/// The Laboratory domain as an app hosts it: built with the labs' service and the cosmonaut's
/// (whose profile names who runs an experiment, and whose inventory a run draws supplies from).
public struct LaboratoryDomain: HostedDomain {
  private let lab: any LaboratoryClient
  private let cosmonaut: any CosmonautClient
  private let features: LaboratoryFeatures

  /// The domain over `lab` and `cosmonaut` (live or fake), with the partner's `features` (the domain
  /// reads its own toggles).
  public init(lab: any LaboratoryClient, cosmonaut: any CosmonautClient, features: FeatureToggles = FeatureToggles()) {
    self.lab = lab
    self.cosmonaut = cosmonaut
    self.features = LaboratoryFeatures(sendsResultsOnCompletion: features[.resultsOnCompletion])
  }

  /// The toggles the domain reads and the screens it draws (`PartnerVocabulary.json`).
  public static var partnerVocabulary: PartnerVocabulary { .module }

  public var name: String { "Laboratory" }  // untranslated: the module name errors, events and logs are recorded under

  public func makeCoordinator(context: FlowContext) -> any Coordinator<LaboratoryRoute> {
    LaboratoryCoordinator(context: context, lab: lab, cosmonaut: cosmonaut, features: features)
  }
}
