/// Why a server could not be reached, as the helper tells the app: the words a person reads are the
/// app's (in their language), the HTTP library's own English detail follows for the log.
///
/// The helper writes a failure's message as `<cause>: <detail>` (``tagged(_:)``); the app reads the
/// cause back with ``parse(_:)``, and a message without one stays as it came.
public enum UnreachableCause: String, Sendable, CaseIterable {
  /// Nothing accepted the connection (refused, no route).
  case couldNotConnect = "could-not-connect"
  /// The host name does not resolve.
  case hostNotFound = "host-not-found"
  /// The connection dropped while the request was under way.
  case connectionLost = "connection-lost"
  /// This machine has no network.
  case noNetwork = "no-network"
  /// The TLS handshake failed.
  case secureConnectionFailed = "secure-connection-failed"

  /// `detail` with this cause in front, for the helper's reply.
  public func tagged(_ detail: String) -> String { "\(rawValue): \(detail)" }

  /// The cause a reply's message names in front, and the detail after it; nil and the whole message
  /// when it names none.
  public static func parse(_ message: String) -> (cause: UnreachableCause?, detail: String) {
    for cause in allCases where message.hasPrefix(cause.rawValue + ": ") {
      return (cause, String(message.dropFirst(cause.rawValue.count + 2)))
    }
    return (nil, message)
  }
}
