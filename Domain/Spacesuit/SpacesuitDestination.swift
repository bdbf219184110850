import Navigation
import UIComponents

// The domain's places. No other domain names them, so they stay here; one that another domain
// should name would move to a small SpacesuitInterface module.

extension Destination {
  /// The spacesuit: telemetry, settings, commands.
  static let spacesuit = Destination(domain: "Spacesuit", place: "spacesuit")  // untranslated: a module name
  /// The cosmonaut's vitals from the suit's biomonitor.
  static let health = Destination(domain: "Spacesuit", place: "health")  // untranslated: a module name
}
