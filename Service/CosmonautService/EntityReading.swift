import Persistence

/// What the client reads from its store, inside a transaction or outside one (a read-only store
/// can still be read).
protocol EntityReading {
  func get<T: Decodable>(_ type: T.Type, key: String, in collection: String) throws -> T?
}

extension EntityStore: EntityReading {}
extension StoreTransaction: EntityReading {}
