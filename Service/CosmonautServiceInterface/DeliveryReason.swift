import Localization
import Network
import Persistence

/// Why mission control did not take a report, in no language: what the outbox keeps next to the
/// English line (`OutboxMessage.lastReason`), so `cosmonaut sync status`, `sync set-aside` and the
/// sync screen show it in the reader's language. Its English `text` is the line kept in `lastError`.
public enum DeliveryReason: Sendable, Equatable {
  /// The centre named `center` ("Houston", "TsUP") refused the report for good (HTTP `status`), saying `reason`.
  case refused(center: String, status: Int, reason: String)
  /// No answer within the time allowed.
  case timeout
  /// The server could not be reached; `detail` is the system's reason, verbatim.
  case unreachable(detail: String)
  /// The server answered with an error status and `body`.
  case status(code: Int, body: String)
  /// The answer did not decode (at `keyPath`, empty for the whole answer); `detail` is verbatim.
  case invalidAnswer(keyPath: String, detail: String)
  /// The answer to a report did not acknowledge it.
  case unacknowledged(status: Int, answer: String)
  /// The URL is not one a request can go to.
  case invalidURL(String)
  /// The report could not be encoded.
  case encoding(detail: String)

  /// The reason for a network failure, its texts cleared of `personal` data; nil when Network's
  /// line is not one of these (e.g. the HTTP library is missing), which is then kept as text only.
  public init?(_ error: NetworkError, personal: PersonalData) {
    switch error {
    case .timeout: self = .timeout
    case .unreachable(let detail):
      guard error.isTransient else { return nil }
      self = .unreachable(detail: personal.redact(detail))
    case .status(let code, let body): self = .status(code: code, body: personal.redact(body))
    case .decoding(let keyPath, let detail): self = .invalidAnswer(keyPath: keyPath, detail: personal.redact(detail))
    case .unacknowledged(let status, let answer):
      self = .unacknowledged(status: status, answer: personal.redact(answer))
    case .invalidURL(let url): self = .invalidURL(url)
    case .encoding(let detail): self = .encoding(detail: personal.redact(detail))
    }
  }

  /// The reason, one short phrase in every language (a network failure in Network's words).
  public var text: LocalizedText {
    switch self {
    case .refused(let center, let status, let reason):
      Strings.reasonRefused(center: ControlCenter.localizedName(of: center), status: String(status), reason: reason)
    case .timeout: NetworkError.timeout.translatedMessage
    case .unreachable(let detail): NetworkError.unreachable(detail).translatedMessage
    case .status(let code, let body): NetworkError.status(code: code, body: body).translatedMessage
    case .invalidAnswer(let keyPath, let detail):
      NetworkError.decoding(keyPath: keyPath, reason: detail).translatedMessage
    case .unacknowledged(let status, let answer):
      NetworkError.unacknowledged(status: status, answer: answer).translatedMessage
    case .invalidURL(let url): NetworkError.invalidURL(url).translatedMessage
    case .encoding(let detail): NetworkError.encoding(detail).translatedMessage
    }
  }

  /// The form the outbox keeps: a code and its values.
  public var stored: OutboxReason {
    switch self {
    case .refused(let center, let status, let reason):
      OutboxReason(code: Code.refused, values: ["center": center, "status": String(status), "reason": reason])
    case .timeout: OutboxReason(code: Code.timeout)
    case .unreachable(let detail): OutboxReason(code: Code.unreachable, values: ["detail": detail])
    case .status(let code, let body):
      OutboxReason(code: Code.status, values: ["status": String(code), "body": body])
    case .invalidAnswer(let keyPath, let detail):
      OutboxReason(code: Code.invalidAnswer, values: ["keyPath": keyPath, "detail": detail])
    case .unacknowledged(let status, let answer):
      OutboxReason(code: Code.unacknowledged, values: ["status": String(status), "answer": answer])
    case .invalidURL(let url): OutboxReason(code: Code.invalidURL, values: ["url": url])
    case .encoding(let detail): OutboxReason(code: Code.encoding, values: ["detail": detail])
    }
  }

  /// The reason the outbox kept; nil for a code (or values) this version does not know.
  public init?(_ stored: OutboxReason) {
    let values = stored.values
    func int(_ key: String) -> Int? { values[key].flatMap { Int($0) } }
    switch stored.code {
    case Code.refused:
      guard let center = values["center"], let status = int("status"), let reason = values["reason"] else { return nil }
      self = .refused(center: center, status: status, reason: reason)
    case Code.timeout: self = .timeout
    case Code.unreachable:
      guard let detail = values["detail"] else { return nil }
      self = .unreachable(detail: detail)
    case Code.status:
      guard let code = int("status"), let body = values["body"] else { return nil }
      self = .status(code: code, body: body)
    case Code.invalidAnswer:
      guard let keyPath = values["keyPath"], let detail = values["detail"] else { return nil }
      self = .invalidAnswer(keyPath: keyPath, detail: detail)
    case Code.unacknowledged:
      guard let status = int("status"), let answer = values["answer"] else { return nil }
      self = .unacknowledged(status: status, answer: answer)
    case Code.invalidURL:
      guard let url = values["url"] else { return nil }
      self = .invalidURL(url)
    case Code.encoding:
      guard let detail = values["detail"] else { return nil }
      self = .encoding(detail: detail)
    default: return nil
    }
  }

  /// The codes kept in the outbox (identifiers a script may read in `--json`; never renamed).
  enum Code {
    static let refused = "refused"
    static let timeout = "timeout"
    static let unreachable = "unreachable"
    static let status = "status"
    static let invalidAnswer = "invalidAnswer"
    static let unacknowledged = "unacknowledged"
    static let invalidURL = "invalidURL"
    static let encoding = "encoding"
  }
}

extension OutboxMessage {
  /// Why it was not delivered, in the reader's language: the reason kept in no language when this
  /// version recorded one, else `lastError` as it was kept (e.g. by an older version); nil when none.
  public var lastErrorText: LocalizedText? {
    if let reason = lastReason.flatMap(DeliveryReason.init) { return reason.text }
    return lastError.map(LocalizedText.verbatim)
  }
}

extension DeliveryReason {
  /// The outbox's verdict for a report `center` refused for good (HTTP `status`, saying `reason`):
  /// the English line and the reason in no language, `reason` cleared of `personal` data.
  public static func refusal(
    by center: ControlCenter, status: Int, reason: String, personal: PersonalData
  ) -> DeliveryVerdict {
    let refused = DeliveryReason.refused(center: center.name, status: status, reason: personal.redact(reason))
    return .refused(reason: refused.text.description, explained: refused.stored)
  }
}

/// A report mission control did not take this time: the error a sync ends with, and the reason
/// kept with the report (its English line as `description`, the same in no language as `outboxReason`).
public struct DeliveryFailure: ExplainedDeliveryFailure, CustomStringConvertible {
  /// The error a sync that stops here ends with.
  public let error: CosmonautServiceError
  /// The reason in no language, when it is one `DeliveryReason` knows.
  public let reason: DeliveryReason?
  /// The reason in English, cleared of personal data.
  public let description: String

  /// The failure `failure` of a delivery to `center`; texts that came from it are cleared of `personal` data.
  public init(_ failure: NetworkError, center: ControlCenter, personal: PersonalData) {
    error = CosmonautServiceError(failure, center: center, personal: personal)
    reason = DeliveryReason(failure, personal: personal)
    description = reason?.text.description ?? personal.redact(failure.description)
  }

  /// The reason the outbox keeps next to `description`.
  public var outboxReason: OutboxReason? { reason?.stored }
}
