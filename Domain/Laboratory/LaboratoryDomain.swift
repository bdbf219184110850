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

  /// A change a typed link asks for is checked against the data first: a run, a sample or a refused
  /// result that is not there is said at once, never offered.
  public func preflight(_ route: LaboratoryRoute) async throws {
    switch route {
    case .done(let run, _, _), .skip(let run, _, _), .pause(let run), .abort(let run, _):
      _ = try await lab.run(run)
    case .retryResult(let key), .discardResult(let key):
      let refused = try await lab.results().setAside.map(\.id)
      guard refused.contains(where: { $0.hasPrefix(key.lowercased()) }) else {
        throw LaboratoryError.invalid(Strings.reasonNoRefusedResult(key: key))
      }
    default:
      break
    }
  }

  public func makeCoordinator(context: FlowContext) -> any Coordinator<LaboratoryRoute> {
    LaboratoryCoordinator(context: context, lab: lab, cosmonaut: cosmonaut, features: features)
  }
}
