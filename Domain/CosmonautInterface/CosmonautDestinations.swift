import Navigation

// The Cosmonaut domain's places that other domains name. Constants only: a domain that links this
// module can ask for them (`context.navigate(to: .supplies)`) without linking the Cosmonaut domain.

extension Destination {
  /// The cosmonaut's profile (name, mission, role), shown by the Cosmonaut domain.
  public static let profile = Destination(domain: CosmonautDestinations.domain, place: "profile")
  /// The supplies inventory (food, water, medical supplies, …), shown by the Cosmonaut domain.
  public static let supplies = Destination(domain: CosmonautDestinations.domain, place: "supplies")
}

/// The Cosmonaut domain's destinations that other domains name.
public enum CosmonautDestinations {
  /// The module name of the domain that shows them.
  public static let domain = "Cosmonaut"  // untranslated: a module name, never shown as prose
  /// Every one of them.
  public static let all: [Destination] = [.profile, .supplies]
}
