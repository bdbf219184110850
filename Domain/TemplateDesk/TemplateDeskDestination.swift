import Navigation
import UIComponents

// The domain's places. No other domain names them, so they stay here; one that another domain
// should name would move to a small TemplateDeskInterface module (as CosmonautInterface does).

extension Destination {
  /// The Template Desk screen: what the service answers.
  static let templateDesk = Destination(domain: TemplateDeskDomain.moduleName, place: "templateDesk")
}
