import FoundationEssentials

/// How a receiver of acknowledged messages is spoken to: where one message goes, where a batch
/// goes (when it takes batches), how a batch is laid out, and how its answers acknowledge.
///
/// The owner of the messages says what each message is (its body); the dialect, which its owner
/// gives whole (Network has none of its own), says the rest.
public struct DeliveryDialect: Sendable {
  /// Where one message is POSTed, below the client's base URL.
  public var path: String
  /// Where several messages are POSTed in one request; nil when the receiver takes none.
  public var batchPath: String?
  /// How many messages one batch carries at most.
  public var batchSize: Int
  /// How a batch's body holds its messages.
  public var batchLayout: BatchLayout
  /// How the receiver's answers acknowledge messages.
  public var acknowledgement: Acknowledgement

  /// A dialect: where messages go, how many a batch carries at most (at least 1), how it is laid
  /// out, and how answers acknowledge.
  public init(
    path: String, batchPath: String?, batchSize: Int, batchLayout: BatchLayout, acknowledgement: Acknowledgement
  ) {
    self.path = path
    self.batchPath = batchPath
    self.batchSize = max(1, batchSize)
    self.batchLayout = batchLayout
    self.acknowledgement = acknowledgement
  }
}

/// How the body of a batch holds its messages: a JSON object whose member `list` is an array of
/// entries, each either `{KEY: idempotency key, BODY: message}` or the message itself (when every
/// message carries its own key).
public struct BatchLayout: Sendable, Equatable {
  /// The member of the body that holds the entries, e.g. "reports".
  public var list: String
  /// The members of an entry that hold the key and the message; nil: the entry is the message.
  public var entry: Entry?

  /// The members of a keyed entry.
  public struct Entry: Sendable, Equatable {
    /// The member holding the idempotency key, e.g. "key".
    public var key: String
    /// The member holding the message, e.g. "report".
    public var body: String
  }

  /// `{"<list>":[{"<key>":KEY,"<body>":MESSAGE},…]}`, e.g. `{"reports":[{"key":…,"report":…}]}`.
  public static func keyed(list: String, key: String, body: String) -> BatchLayout {
    BatchLayout(list: list, entry: Entry(key: key, body: body))
  }

  /// `{"<list>":[MESSAGE,…]}`: each message names its own key.
  public static func bare(list: String) -> BatchLayout {
    BatchLayout(list: list, entry: nil)
  }
}

/// How a receiver's answers acknowledge messages: the answer to one message, and the answer to a
/// batch (one outcome per key sent, in order). Only the answer says what was delivered: a message
/// its answer does not acknowledge is `failed(.unacknowledged)`.
public struct Acknowledgement: Sendable {
  /// Reads the 2xx answer to the message with key `key`.
  public var single: @Sendable (_ answer: HTTPResponse, _ key: String) -> AcknowledgedDelivery.Outcome
  /// Reads the 2xx answer to a batch whose messages have keys `keys`, in order.
  public var batch: @Sendable (_ answer: HTTPResponse, _ keys: [String]) -> [AcknowledgedDelivery.Outcome]

  /// Acknowledgements read by `single` and `batch`.
  public init(
    single: @escaping @Sendable (HTTPResponse, String) -> AcknowledgedDelivery.Outcome,
    batch: @escaping @Sendable (HTTPResponse, [String]) -> [AcknowledgedDelivery.Outcome]
  ) {
    self.single = single
    self.batch = batch
  }

  /// One message: `{"acknowledged":KEY,"status":"applied"|"duplicate"}`; a batch:
  /// `{"results":[{"key":KEY,"status":"applied"|"duplicate"|"refused","error":…,"httpStatus":…},…]}`.
  public static let byKey = Acknowledgement(
    single: AcknowledgedDelivery.classify, batch: AcknowledgedBatchDelivery.classify)
}
