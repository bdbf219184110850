import FoundationEssentials

/// An outbox's queue as a delivery round read it: its rows in delivery order, undecoded. Each
/// window of messages is decoded when a request is prepared for it, with a decoder of its own, so
/// decoding runs outside the store's lock while the store records the request before.
struct OutboxWindows<Payload: Codable & Sendable>: Sendable {
  /// The rows, in the order of their `sequence`.
  let rows: [EntityQueries.Row]
  /// The most messages a window holds.
  let size: Int
  /// The queue's collection, named by a decoding error.
  let collection: String
  /// The store's file, named by an impossible value's error.
  let store: String

  /// How many messages the queue held.
  var count: Int { rows.count }

  /// The messages of the window that starts at `start`, decoded. Throws `PersistenceError.decoding`
  /// naming the first row that does not decode.
  func items(from start: Int) throws -> [OutboxItem<Payload>] {
    let codec = EntityCodec(path: store)
    return try rows[start..<min(start + size, rows.count)].map {
      try codec.decode(OutboxItem<Payload>.self, from: $0.value, collection: collection, key: $0.key)
    }
  }
}
