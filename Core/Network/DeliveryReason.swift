import Localization

/// Why a receiver did not take a delivery, in no language: what an outbox keeps next to the English
/// line (as `code` and `values`), so the reason reads in the reader's language whenever it is shown.
/// The owner of the outbox stores and reads it back (`init?(code:values:)`); the cases are the
/// receiver's refusal and each `NetworkError`.
public enum DeliveryReason: Sendable, Equatable {
  /// The receiver named `center` ("Houston", "TsUP": an identifier, named in the reader's language
  /// when shown) refused it for good (HTTP `status`), saying `reason`.
  case refused(center: String, status: Int, reason: String)
  /// No answer within the time allowed.
  case timeout
  /// The server could not be reached; `detail` is the system's reason, verbatim.
  case unreachable(detail: String)
  /// The server answered with an error status and `body`.
  case status(code: Int, body: String)
  /// The answer did not decode (at `keyPath`, empty for the whole answer); `detail` is verbatim.
  case invalidAnswer(keyPath: String, detail: String)
  /// The answer to a delivery did not acknowledge it.
  case unacknowledged(status: Int, answer: String)
  /// The URL is not one a request can go to.
  case invalidURL(String)
  /// The delivery could not be encoded.
  case encoding(detail: String)
  /// What answered refused messages of different kinds alike (HTTP `status`, saying `reason`).
  case refusedAlike(status: Int, reason: String)

  /// The reason for a network failure, its texts passed through `redact` (e.g. to clear personal
  /// data); nil when the failure is not one of these (e.g. the HTTP library is missing), which is
  /// then kept as text only.
  public init?(_ error: NetworkError, redacting redact: (String) -> String) {
    switch error {
    case .timeout: self = .timeout
    case .unreachable(let detail):
      guard error.isTransient else { return nil }
      self = .unreachable(detail: redact(detail))
    case .status(let code, let body): self = .status(code: code, body: redact(body))
    case .decoding(let keyPath, let detail): self = .invalidAnswer(keyPath: keyPath, detail: redact(detail))
    case .unacknowledged(let status, let answer): self = .unacknowledged(status: status, answer: redact(answer))
    case .invalidURL(let url): self = .invalidURL(url)
    case .encoding(let detail): self = .encoding(detail: redact(detail))
    case .refusedAlike(let status, let reason): self = .refusedAlike(status: status, reason: redact(reason))
    }
  }

  /// The reason, one short phrase in the reader's language; `centerName` gives a refusing
  /// receiver's name in it (a network failure reads in Network's words).
  public func text(centerName: (String) -> LocalizedText) -> LocalizedText {
    switch self {
    case .refused(let center, let status, let reason):
      Strings.deliveryRefused(center: centerName(center), status: String(status), reason: reason)
    case .timeout: NetworkError.timeout.translatedMessage
    case .unreachable(let detail): NetworkError.unreachable(detail).translatedMessage
    case .status(let code, let body): NetworkError.status(code: code, body: body).translatedMessage
    case .invalidAnswer(let keyPath, let detail):
      NetworkError.decoding(keyPath: keyPath, reason: detail).translatedMessage
    case .unacknowledged(let status, let answer):
      NetworkError.unacknowledged(status: status, answer: answer).translatedMessage
    case .invalidURL(let url): NetworkError.invalidURL(url).translatedMessage
    case .encoding(let detail): NetworkError.encoding(detail).translatedMessage
    case .refusedAlike(let status, let reason):
      NetworkError.refusedAlike(status: status, reason: reason).translatedMessage
    }
  }

  /// What the outbox keeps: the code (an identifier a script may read in `--json`; never renamed)…
  public var code: String {
    switch self {
    case .refused: Code.refused
    case .timeout: Code.timeout
    case .unreachable: Code.unreachable
    case .status: Code.status
    case .invalidAnswer: Code.invalidAnswer
    case .unacknowledged: Code.unacknowledged
    case .invalidURL: Code.invalidURL
    case .encoding: Code.encoding
    case .refusedAlike: Code.refusedAlike
    }
  }

  /// …and the values it names, verbatim (numbers as digits).
  public var values: [String: String] {
    switch self {
    case .refused(let center, let status, let reason): ["center": center, "status": String(status), "reason": reason]
    case .timeout: [:]
    case .unreachable(let detail): ["detail": detail]
    case .status(let code, let body): ["status": String(code), "body": body]
    case .invalidAnswer(let keyPath, let detail): ["keyPath": keyPath, "detail": detail]
    case .unacknowledged(let status, let answer): ["status": String(status), "answer": answer]
    case .invalidURL(let url): ["url": url]
    case .encoding(let detail): ["detail": detail]
    case .refusedAlike(let status, let reason): ["status": String(status), "reason": reason]
    }
  }

  /// The reason kept as `code` and `values`; nil for a code (or values) this version does not know.
  public init?(code: String, values: [String: String]) {
    func int(_ key: String) -> Int? { values[key].flatMap { Int($0) } }
    switch code {
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
    case Code.refusedAlike:
      guard let status = int("status"), let reason = values["reason"] else { return nil }
      self = .refusedAlike(status: status, reason: reason)
    default: return nil
    }
  }

  /// The codes kept (identifiers; never renamed).
  enum Code {
    static let refused = "refused"
    static let timeout = "timeout"
    static let unreachable = "unreachable"
    static let status = "status"
    static let invalidAnswer = "invalidAnswer"
    static let unacknowledged = "unacknowledged"
    static let invalidURL = "invalidURL"
    static let encoding = "encoding"
    static let refusedAlike = "refusedAlike"
  }
}
