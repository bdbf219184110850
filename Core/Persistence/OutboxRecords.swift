import AppAnalytics
import FoundationEssentials
import Localization

/// What an outbox knows about one message besides its payload.
public struct OutboxMessage: Codable, Sendable, Equatable {
  /// The idempotency key (a lowercase UUID): a receiver applies a message once per key.
  public var id: String
  /// What the message is about; the owner of the outbox decides the kinds.
  public var kind: String
  /// When the message was queued.
  public var createdAt: Date
  /// How many delivery rounds tried it (a delivered message counts its successful round).
  public var attempts: Int
  /// Why the last round failed, or why the receiver refused it (for a set-aside message).
  public var lastError: String?
  /// The same reason in no language (a code and its values), when the owner gave one: the owner
  /// renders it in the reader's language. Nil for a reason kept as text only (e.g. by an older version).
  public var lastReason: OutboxReason?

  /// Creates a message record.
  public init(
    id: String, kind: String, createdAt: Date, attempts: Int = 0, lastError: String? = nil,
    lastReason: OutboxReason? = nil
  ) {
    self.id = id
    self.kind = kind
    self.createdAt = createdAt
    self.attempts = attempts
    self.lastError = lastError
    self.lastReason = lastReason
  }
}

/// Why a message was not delivered, in no language: a code the outbox's owner defines and the
/// values it names (e.g. `refused` with `status` and `reason`). Kept next to the English line, so the
/// owner can show the reason in the reader's language; a code it does not know is shown as the line.
public struct OutboxReason: Codable, Sendable, Equatable {
  /// What happened, e.g. `refused`, `timeout`.
  public var code: String
  /// The values the code names, verbatim (numbers as digits).
  public var values: [String: String]

  /// A reason with `code` and its `values`.
  public init(code: String, values: [String: String] = [:]) {
    self.code = code
    self.values = values
  }
}

/// A delivery failure that can say why in no language: `Outbox.deliver` keeps `outboxReason` next
/// to the failure's description.
public protocol ExplainedDeliveryFailure: Error {
  /// The reason, as a code and its values.
  var outboxReason: OutboxReason? { get }
}

/// A queued (or set-aside) message with its payload and its place in the delivery order.
public struct OutboxItem<Payload: Codable & Sendable>: Codable, Sendable {
  /// The message (stored under "entry").
  public var entry: OutboxMessage
  /// Its place in the delivery order (1, 2, …).
  public var sequence: Int
  /// What the owner of the outbox queued.
  public var payload: Payload
  /// When the receiver's refusal set it aside (nil while queued).
  public var setAsideAt: Date?
}

/// A delivered message, kept in the bounded history.
public struct DeliveredMessage: Codable, Sendable, Equatable {
  /// The message as delivered.
  public var entry: OutboxMessage
  /// Its place in the delivery order.
  public var sequence: Int
  /// When its delivery was recorded.
  public var deliveredAt: Date
}

/// The last sequence number an outbox handed out.
struct SequenceCounter: Codable {
  var value = 0
}

/// The order-only part of a record, decoded without its payload.
struct OutboxHead: Decodable {
  var entry: OutboxMessage
  var sequence: Int
  var setAsideAt: Date?
}

/// How one message's delivery ended, as the outbox's owner tells `Outbox.deliver`.
public enum DeliveryVerdict: Sendable {
  /// The receiver acknowledged it: it leaves the queue for the history.
  case delivered
  /// The receiver refused it for good: it is set aside with `reason` (and `explained`, the same
  /// reason in no language, as its `lastReason`), and delivery goes on.
  case refused(reason: String, explained: OutboxReason? = nil)
  /// Not delivered this time: it stays first in the queue with `error` (its description becomes
  /// the message's `lastError`; an `ExplainedDeliveryFailure`'s reason its `lastReason`), and
  /// delivery stops.
  case failed(any Error)
}

/// What one `Outbox.deliver` round did.
public struct DeliveryRound: Sendable {
  /// Messages delivered and recorded, in order.
  public var delivered: [OutboxMessage] = []
  /// Messages set aside in this round, with their reasons in `lastError`.
  public var setAside: [OutboxMessage] = []
  /// The message delivery stopped at (attempts counted, `lastError` set) and the error, when it did.
  public var stopped: (message: OutboxMessage, error: any Error)?
}

/// A set-aside message could not be found by the id given.
public enum OutboxError: ReportableError, TranslatedError, Equatable, CustomStringConvertible {
  /// No set-aside message has this id (or id prefix).
  case notSetAside(String)
  /// Several set-aside messages start with this prefix.
  case ambiguous(String, matches: [String])

  /// One line saying what was wrong, in every language.
  public var translatedMessage: LocalizedText {
    switch self {
    case .notSetAside(let id): Strings.errorNotSetAside(key: id)
    case .ambiguous(let prefix, let matches):
      Strings.errorAmbiguousKey(prefix: prefix, count: matches.count, matches: matches.joined(separator: ", "))
    }
  }

  /// The message in English.
  public var description: String { translatedMessage.description }

  /// Same as `description`.
  public var userMessage: String { description }
  /// A wrong id is bad usage.
  public var kind: ErrorKind { .usage }
}

/// A group's sender returned fewer verdicts than it was given messages: the first without one
/// counts as not delivered.
struct OutboxDeliveryGap: Error, CustomStringConvertible {
  // untranslated: a programming fault's reason, kept in the log and the message's lastError
  var description: String { "the sender gave no verdict for this message" }
}
