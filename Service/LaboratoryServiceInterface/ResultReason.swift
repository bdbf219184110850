import Localization
import Network
import Persistence

/// Why Houston did not take a lab result: kept in the outbox in no language (Network's
/// `DeliveryReason` as the message's `lastReason`) next to the English `lastError`, and shown in the
/// reader's language.
public enum ResultReason {
  /// The receiver's identifier kept with a refusal (named in the reader's language when shown).
  static let houston = "Houston"  // untranslated: the receiver's identifier, kept and matched

  /// The outbox's verdict on a delivery of a result to Houston: acknowledged, refused for good (set
  /// aside with Houston's reason), or not this time.
  public static func verdict(_ outcome: AcknowledgedDelivery.Outcome) -> DeliveryVerdict {
    switch outcome {
    case .acknowledged: .delivered
    case .refused(let status, let reason): refusal(status: status, reason: reason)
    case .failed(let error): .failed(error)
    }
  }

  /// The outbox's verdict for a result Houston refused for good (HTTP `status`, saying `reason`):
  /// the English line and the same reason in no language.
  public static func refusal(status: Int, reason: String) -> DeliveryVerdict {
    let refused = DeliveryReason.refused(center: houston, status: status, reason: reason)
    return .refused(
      reason: refused.text(centerName: centerName).description,
      explained: OutboxReason(code: refused.code, values: refused.values))
  }

  /// Why `message` was refused or waits, in the reader's language: the reason kept in no language
  /// when this version knows it, else `lastError` as it was kept (e.g. by an older version); nil
  /// when none.
  public static func text(of message: OutboxMessage) -> LocalizedText? {
    if let kept = message.lastReason, let reason = DeliveryReason(code: kept.code, values: kept.values) {
      return reason.text(centerName: centerName)
    }
    return message.lastError.map(LocalizedText.verbatim)
  }

  /// Houston's name in the reader's language; another name stays as it was kept.
  private static func centerName(_ name: String) -> LocalizedText {
    name == houston ? Strings.centerHouston : .verbatim(name)
  }
}
