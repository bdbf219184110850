import CosmonautInterface
import Navigation
import UIComponents

// The domain's places that no other domain names (those that others name are in CosmonautInterface).

extension Destination {
  /// What waits for mission control, and delivering it.
  static let missionControlSync = Destination(domain: CosmonautDestinations.domain, place: "missionControlSync")
}
