import FoundationEssentials

/// Where a mission control is reached and the token it expects: what the command line and the
/// environment give, before anything connects.
public struct MissionControlAddress: Sendable, Equatable {
  /// The centre's URL (http or https); request paths are appended to it.
  public let url: URL
  /// The bearer token (never shown).
  public let token: String

  /// An address; nil when `token` is empty or only white space.
  public init?(url: URL, token: String) {
    guard token.contains(where: { !$0.isWhitespace }) else { return nil }
    self.url = url
    self.token = token
  }
}
