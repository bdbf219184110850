import Persistence
import TemplateServiceInterface

/// The live Template client: the status is kept in an SQLite store (Persistence's `EntityStore`), so it
/// survives a restart, and two processes updating it at once lose no update.
public struct LiveTemplateClient: TemplateClient {
  /// Where the status lives in the store.
  static let collection = "template-status"
  /// The status's key in its collection.
  static let key = "current"
  private let store: EntityStore

  /// A client over `store`; an app's live services open it in the data directory, e.g.
  /// `EntityStore(configuration: StoreConfiguration(fileURL: launch.file("template.sqlite")))`.
  public init(store: EntityStore) {
    self.store = store
  }

  public func status() async throws -> TemplateStatus {
    try await store.perform { store in
      try store.get(TemplateStatus.self, key: Self.key, in: Self.collection) ?? .initial
    }
  }

  public func update(state: TemplateState, note: String) async throws -> TemplateStatus {
    try await store.perform { store in
      try store.transaction { transaction in
        let current = try transaction.get(TemplateStatus.self, key: Self.key, in: Self.collection) ?? .initial
        let next = current.updated(state: state, note: note)
        try transaction.put(next, key: Self.key, in: Self.collection)
        return next
      }
    }
  }
}
