import Localization
import Network
import Persistence

/// Why mission control did not take a report, in no language: Network's `DeliveryReason`, kept in
/// the outbox (`OutboxMessage.lastReason`) next to the English line, so `cosmonaut sync status`,
/// `sync set-aside` and the sync screen show it in the reader's language. Its English `text` is the
/// line kept in `lastError`.
public typealias DeliveryReason = Network.DeliveryReason

extension DeliveryReason {
  /// The reason for a network failure, its texts cleared of `personal` data; nil when Network's
  /// line is not one of these (e.g. the HTTP library is missing), which is then kept as text only.
  public init?(_ error: NetworkError, personal: PersonalData) {
    self.init(error, redacting: personal.redact)
  }

  /// The reason, one short phrase in every language, the centre named in it ("Хьюстон", "ЦУП").
  public var text: LocalizedText { text(centerName: ControlCenter.localizedName(of:)) }

  /// The form the outbox keeps: a code and its values.
  public var stored: OutboxReason { OutboxReason(code: code, values: values) }

  /// The reason the outbox kept; nil for a code (or values) this version does not know.
  public init?(_ stored: OutboxReason) {
    self.init(code: stored.code, values: stored.values)
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
