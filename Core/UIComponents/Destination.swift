/// A place one domain may send the user without knowing which domain shows it.
///
/// The vocabulary of cross-domain navigation, defined below every domain: a flow asks its
/// ``Navigator`` for a destination; the host asks each domain's ``DomainRoute`` whether it shows it.
public enum Destination: String, Sendable, Hashable, CaseIterable {
  /// The cosmonaut's profile.
  case profile
  /// The supplies inventory (food, water, medical supplies, …).
  case supplies
  /// What waits for mission control, and delivering it.
  case missionControlSync
  /// The spacesuit: telemetry, settings, commands.
  case spacesuit
  /// The cosmonaut's vitals from the suit's biomonitor.
  case health
}
