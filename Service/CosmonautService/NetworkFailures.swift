import Localization
import MissionControlInterface
import Network
import Persistence

extension MissionControlFailure {
  /// What `error` says the centre did, texts that came from it passed through `redact`.
  init(_ error: NetworkError, redacting redact: (String) -> String) {
    let reason =
      DeliveryReason(error, redacting: redact)?.text(centerName: { .verbatim($0) })
      ?? .verbatim(redact(error.description))
    switch error {
    case .status(let code, _) where code == 401 || code == 403: self = .refusedToken(status: code, reason: reason)
    case .status(let code, let body): self = .answered(status: code, body: redact(body), reason: reason)
    case .unacknowledged, .decoding, .refusedAlike: self = .invalidAnswer(reason: reason)
    case .timeout: self = .noAnswer(reason: reason)
    case .unreachable, .invalidURL, .encoding: self = .unreachable(reason: reason)
    }
  }

  /// Any error a delivery stopped at: a network failure as the centre's, anything else as it says.
  init(_ error: any Error, redacting redact: (String) -> String) {
    switch error {
    case let failure as ChannelDeliveryFailure: self = failure.failure
    case let error as NetworkError: self.init(error, redacting: redact)
    case let error as MissionControlFailure: self = error
    case let error as any TranslatedError: self = .failed(reason: error.translatedMessage)
    default: self = .failed(reason: .verbatim(redact(String(describing: error))))
    }
  }
}

/// A report the centre did not take this time: what the outbox keeps with it (the English line as
/// `description`, the same reason in no language as `outboxReason`) and the failure a round that
/// stops here reports.
struct ChannelDeliveryFailure: ExplainedDeliveryFailure, CustomStringConvertible {
  /// What the centre did.
  let failure: MissionControlFailure
  /// The reason in no language, when it is one `DeliveryReason` knows.
  let reason: DeliveryReason?
  /// The reason in English, cleared of personal data.
  let description: String

  /// The failure `error` of a delivery to `center`; texts that came from it passed through `redact`.
  init(_ error: NetworkError, center: ControlCenter, redacting redact: (String) -> String) {
    failure = MissionControlFailure(error, redacting: redact)
    reason = DeliveryReason(error, redacting: redact)
    description = reason?.text(centerName: center.localizedName(of:)).description ?? redact(error.description)
  }

  var outboxReason: OutboxReason? { reason.map { OutboxReason(code: $0.code, values: $0.values) } }
}

extension DeliveryVerdict {
  /// The outbox's verdict on a delivery to `center`: acknowledged, refused for good (set aside with
  /// the centre's reason), or not this time; texts that came from the centre passed through `redact`.
  init(_ outcome: AcknowledgedDelivery.Outcome, center: ControlCenter, redacting redact: (String) -> String) {
    switch outcome {
    case .acknowledged:
      self = .delivered
    case .refused(let status, let reason):
      let refused = DeliveryReason.refused(center: center.name, status: status, reason: redact(reason))
      self = .refused(
        reason: refused.text(centerName: center.localizedName(of:)).description,
        explained: OutboxReason(code: refused.code, values: refused.values))
    case .failed(let error):
      self = .failed(ChannelDeliveryFailure(error, center: center, redacting: redact))
    }
  }
}

extension QueuedReport {
  /// The report an outbox message is, its reason in the reader's language (`center` named in it).
  init(_ message: OutboxMessage, center: ControlCenter) {
    let reason = message.lastReason.flatMap { DeliveryReason(code: $0.code, values: $0.values) }
    self.init(
      id: message.id, kind: message.kind, createdAt: message.createdAt, attempts: message.attempts,
      lastError: message.lastError,
      lastReason: message.lastReason.map { ReportReason(code: $0.code, values: $0.values) },
      lastErrorText: reason?.text(centerName: center.localizedName(of:)))
  }
}
