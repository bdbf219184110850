import FoundationEssentials

/// Where a mission control is reached and the token it expects: what the command line and the
/// environment give, before anything connects.
public struct MissionControlAddress: Sendable, Equatable {
  /// The centre's URL (http or https); request paths are appended to it.
  public let url: URL
  /// The bearer token (never shown).
  public let token: String

  /// An address; nil when `token` is empty or only white space, or holds a control character
  /// (a line break would end the request's header: it would go out without the token).
  public init?(url: URL, token: String) {
    guard Self.isToken(token) else { return nil }
    self.url = url
    self.token = token
  }

  /// Whether `token` can be sent as a bearer token: some text that is not white space, and no
  /// control character.
  public static func isToken(_ token: String) -> Bool {
    let inner = token.drop { $0.isWhitespace }.reversed().drop { $0.isWhitespace }
    return !inner.isEmpty && !inner.contains { $0.unicodeScalars.contains { $0.properties.generalCategory == .control } }
  }
}
