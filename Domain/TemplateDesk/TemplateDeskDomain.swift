import PartnerConfiguration
import TemplateServiceInterface
import UIComponents

/// The Template Desk domain as an app hosts it: built with the client of its service, live in an app
/// (`.domain { TemplateDeskDomain(client: $0.…) }` in its composition root), fake in the tests.
public struct TemplateDeskDomain: HostedDomain {
  /// The module errors, events and logs are recorded under.
  nonisolated static let moduleName = "TemplateDesk"  // untranslated: a module name, never shown as prose

  private let client: any TemplateClient

  /// The domain over `client`, the service's client the app builds (or a fake in tests).
  public init(client: any TemplateClient) {
    self.client = client
  }

  /// The screen the domain draws (`PartnerVocabulary.json`).
  public static var partnerVocabulary: PartnerVocabulary { .module }

  public var name: String { Self.moduleName }

  public func makeCoordinator(context: FlowContext) -> any Coordinator<TemplateDeskRoute> {
    TemplateDeskCoordinator(context: context, client: client)
  }
}
