import Localization
import URLSessionBridgeInterface

/// Why a server could not be reached, in the reader's language: the cause the helper named
/// (``UnreachableCause``) in Network's words, never the HTTP library's English; a reason that names
/// no cause as it came.
enum UnreachableText {
  /// The reason a person reads.
  static func text(_ reason: String) -> LocalizedText {
    let (cause, detail) = UnreachableCause.parse(reason)
    return cause.map(words) ?? .verbatim(detail)
  }

  /// The English line for logs and analytics: the cause and the HTTP library's own detail.
  static func logLine(_ reason: String) -> String? {
    let (cause, detail) = UnreachableCause.parse(reason)
    return cause.map { "\(words($0).description) (\(detail))" }
  }

  private static func words(_ cause: UnreachableCause) -> LocalizedText {
    switch cause {
    case .couldNotConnect: Strings.unreachableCouldNotConnect
    case .hostNotFound: Strings.unreachableHostNotFound
    case .connectionLost: Strings.unreachableConnectionLost
    case .noNetwork: Strings.unreachableNoNetwork
    case .secureConnectionFailed: Strings.unreachableSecureConnectionFailed
    }
  }
}
