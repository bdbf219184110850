import PartnerConfiguration
import UIComponents

/// The TemplateBoard domain as an app hosts it: `.domain { _ in TemplateBoardDomain() }` in the app's
/// composition root. When the domain gets a service, its client comes in here and goes on to the
/// coordinator (`TemplateBoardDomain(client:)`).
public struct TemplateBoardDomain: HostedDomain {
  /// The module errors, events and logs are recorded under.
  nonisolated static let moduleName = "TemplateBoard"  // untranslated: a module name, never shown as prose

  /// The domain.
  public init() {}

  /// The screen the domain draws (`PartnerVocabulary.json`).
  public static var partnerVocabulary: PartnerVocabulary { .module }

  public var name: String { Self.moduleName }

  public func makeCoordinator(context: FlowContext) -> any Coordinator<TemplateBoardRoute> {
    TemplateBoardCoordinator(context: context)
  }
}
