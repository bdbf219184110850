import Localization
import Persistence

/// What the client reads from its store, inside a transaction or outside one (a read-only store
/// can still be read).
protocol EntityReading {
  func get<T: Decodable>(_ type: T.Type, key: String, in collection: String) throws -> T?
  /// The error for a value read that cannot be right, naming the store's file.
  func impossibleValue(_ reason: some TextArgument, in collection: String, key: String) -> PersistenceError
}

extension EntityStore: EntityReading {}
extension StoreTransaction: EntityReading {}
