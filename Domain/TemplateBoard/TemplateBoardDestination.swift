import Navigation
import UIComponents

// The domain's places. No other domain names them, so they stay here; one that another domain
// should name would move to a small TemplateBoardInterface module (as CosmonautInterface does).

extension Destination {
  /// The TemplateBoard screen: the domain's status and commands.
  static let templateBoard = Destination(domain: TemplateBoardDomain.moduleName, place: "templateBoard")
}
