import PartnerConfiguration
import SpacesuitServiceInterface
import UIComponents

/// The Spacesuit domain as an app hosts it: built with its suit client and thresholds.
public struct SpacesuitDomain: HostedDomain {
  private let client: any SpacesuitClient
  private let thresholds: Thresholds

  /// The domain over `client` (live or fake); `thresholds` classify every reading.
  public init(client: any SpacesuitClient, thresholds: Thresholds = .standard) {
    self.client = client
    self.thresholds = thresholds
  }

  /// The screens the domain draws (`PartnerVocabulary.json`).
  public static var partnerVocabulary: PartnerVocabulary { .module }

  public var name: String { "Spacesuit" }  // untranslated: the module name errors, events and logs are recorded under

  public func makeCoordinator(context: FlowContext) -> any Coordinator<SpacesuitRoute> {
    SpacesuitCoordinator(context: context, client: client, thresholds: thresholds)
  }
}
