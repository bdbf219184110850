import Foundation
import Testing

@testable import Persistence

/// A temp directory removed when the test's `defer` runs.
struct TemporaryDirectory: ~Copyable {
  let url = FileManager.default.temporaryDirectory.appendingPathComponent("PersistenceTests-\(UUID().uuidString)")

  func store(_ name: String = "store.sqlite", migrations: [Migration] = []) throws -> EntityStore {
    try EntityStore(
      configuration: StoreConfiguration(fileURL: url.appendingPathComponent(name)), migrations: migrations)
  }

  deinit { try? FileManager.default.removeItem(at: url) }
}

struct Supply: Codable, Equatable, Sendable {
  var name: String
  var quantity: Int
  var updated: Date
}

private let noon = Date(timeIntervalSince1970: 1_795_323_600)

@Test func putGetUpdateDeleteAndCount() throws {
  let directory = TemporaryDirectory()
  let store = try directory.store("nested/dir/crud.sqlite")
  let water = Supply(name: "Water", quantity: 40, updated: noon)
  try store.put(water, key: "water", in: "supplies")
  #expect(try store.get(Supply.self, key: "water", in: "supplies") == water)
  #expect(try store.get(Supply.self, key: "food", in: "supplies") == nil)
  #expect(try store.get(Supply.self, key: "water", in: "other") == nil)

  var less = water
  less.quantity = 38
  try store.put(less, key: "water", in: "supplies")
  #expect(try store.get(Supply.self, key: "water", in: "supplies")?.quantity == 38)
  #expect(try store.count(in: "supplies") == 1)

  #expect(try store.delete(key: "water", in: "supplies"))
  #expect(try !store.delete(key: "water", in: "supplies"))
  #expect(try store.count(in: "supplies") == 0)
}

@Test func allKeepsInsertionOrderAcrossUpdates() throws {
  let directory = TemporaryDirectory()
  let store = try directory.store()
  for key in ["oxygen", "water", "food", "medical"] { try store.put(key.count, key: key, in: "c") }
  try store.put(99, key: "oxygen", in: "c")  // an update keeps the first position
  try store.put(1, key: "elsewhere", in: "d")
  let all = try store.all(Int.self, in: "c")
  #expect(all.map(\.key) == ["oxygen", "water", "food", "medical"])
  #expect(all.map(\.value) == [99, 5, 4, 7])
  #expect(try store.keys(in: "d") == ["elsewhere"])
  #expect(try store.deleteAll(in: "c") == 4)
  #expect(try store.all(Int.self, in: "c").isEmpty)
}

@Test func valuesAreJSONWithISODatesAndDecodingErrorsNameTheEntity() throws {
  let directory = TemporaryDirectory()
  let store = try directory.store()
  try store.put(Supply(name: "Food", quantity: 3, updated: noon), key: "food", in: "supplies")
  #expect(try store.get(Supply.self, key: "food", in: "supplies")?.updated == noon)
  #expect {
    try store.get(Int.self, key: "food", in: "supplies")
  } throws: { error in
    guard case PersistenceError.decoding(let collection, let key, _) = error else { return false }
    return collection == "supplies" && key == "food"
  }
  // The line a person reads names the key path, not the decoder's dump.
  struct Labelled: Codable { let label: String }
  let error = #expect(throws: PersistenceError.self) { try store.get(Labelled.self, key: "food", in: "supplies") }
  #expect(
    error?.description == #"cannot decode supplies/food: label: missing key "label""#, "\(String(describing: error))")
}

@Test func transactionCommitsAndReturnsTheBodysValue() throws {
  let directory = TemporaryDirectory()
  let store = try directory.store()
  let total = try store.transaction { transaction in
    try transaction.put(1, key: "a", in: "n")
    try transaction.put(2, key: "b", in: "n")
    #expect(try transaction.count(in: "n") == 2)
    return try transaction.all(Int.self, in: "n").reduce(0) { $0 + $1.value }
  }
  #expect(total == 3)
  #expect(try store.keys(in: "n") == ["a", "b"])
}

private struct Abort: Error, Equatable {}

@Test func transactionRollsBackEverythingWhenTheBodyThrows() throws {
  let directory = TemporaryDirectory()
  let store = try directory.store()
  try store.put(10, key: "kept", in: "n")
  #expect(throws: Abort.self) {
    try store.transaction { transaction in
      try transaction.put(1, key: "new", in: "n")
      try transaction.put(20, key: "kept", in: "n")
      #expect(try transaction.delete(key: "kept", in: "n"))
      throw Abort()
    }
  }
  #expect(try store.keys(in: "n") == ["kept"])
  #expect(try store.get(Int.self, key: "kept", in: "n") == 10)
  // The store is usable again after a rollback.
  try store.transaction { try $0.put(2, key: "after", in: "n") }
  #expect(try store.count(in: "n") == 2)
}

@Test func dataSurvivesReopening() throws {
  let directory = TemporaryDirectory()
  do {
    let store = try directory.store()
    try store.put(Supply(name: "Oxygen", quantity: 7, updated: noon), key: "oxygen", in: "supplies")
    try store.transaction { try $0.put("yes", key: "flag", in: "meta") }
  }
  let reopened = try directory.store()
  #expect(try reopened.get(Supply.self, key: "oxygen", in: "supplies")?.quantity == 7)
  #expect(try reopened.get(String.self, key: "flag", in: "meta") == "yes")
}

@Test func openFailsWithAReasonWhenTheDirectoryCannotBeCreated() throws {
  let directory = TemporaryDirectory()
  try FileManager.default.createDirectory(at: directory.url, withIntermediateDirectories: true)
  let blocker = directory.url.appendingPathComponent("file")
  try Data("x".utf8).write(to: blocker)
  #expect {
    try EntityStore(configuration: StoreConfiguration(fileURL: blocker.appendingPathComponent("db.sqlite")))
  } throws: { error in
    guard case PersistenceError.openFailed(let path, let reason) = error else { return false }
    return path.hasSuffix("db.sqlite") && !reason.isEmpty
  }
}

@Test func storeIsDurableWALWithFullSync() throws {
  let directory = TemporaryDirectory()
  let store = try directory.store()
  #expect(try store.pragma("journal_mode") == "wal")
  #expect(try store.pragma("synchronous") == "2")  // FULL
  #expect(try store.pragma("busy_timeout") == "10000")
}

@Test func aNestedTransactionFailsInsteadOfDeadlocking() throws {
  let directory = TemporaryDirectory()
  let store = try directory.store()
  #expect(throws: PersistenceError.self) {
    try store.transaction { outer in
      try outer.put(1, key: "outer", in: "n")
      try store.transaction { try $0.put(2, key: "inner", in: "n") }
    }
  }
  #expect(try store.count(in: "n") == 0)
}

@Test func keysWithAnEmbeddedNULAreDistinctKeys() throws {
  let directory = TemporaryDirectory()
  let store = try directory.store()
  let plain = Supply(name: "Water", quantity: 40, updated: noon)
  let other = Supply(name: "Food", quantity: 7, updated: noon)
  try store.put(plain, key: "a", in: "supplies")
  try store.put(other, key: "a\u{0}b", in: "supplies")
  // Bound as C strings, "a\0b" was "a" and overwrote it.
  #expect(try store.get(Supply.self, key: "a", in: "supplies") == plain)
  #expect(try store.get(Supply.self, key: "a\u{0}b", in: "supplies") == other)
  #expect(try store.keys(in: "supplies") == ["a", "a\u{0}b"])
  #expect(try store.transaction { try $0.keys(in: "supplies") } == ["a", "a\u{0}b"])
  try store.put(plain, key: "", in: "empty-key")
  #expect(try store.get(Supply.self, key: "", in: "empty-key") == plain)
}
