import Foundation
import Testing

@testable import Persistence

#if canImport(Glibc)
  import Glibc
#endif

private struct Reading: Codable, Equatable {
  var text: String
}

@Test func aFullDiskFailsTheWriteAsDiskFullAndChangesNothing() throws {
  let directory = TemporaryDirectory()
  let store = try directory.store()
  try store.put(Reading(text: "kept"), key: "a", in: "r")
  let pages = try #require(Int(try store.pragma("page_count")))
  // The database may not grow by a single page: SQLite answers SQLITE_FULL, as on a full disk.
  _ = try store.pragma("max_page_count = \(pages)")
  let big = Reading(text: String(repeating: "x", count: 64 * 1024))
  let error = #expect(throws: PersistenceError.self) {
    try store.transaction { transaction in
      try transaction.put(Reading(text: "changed"), key: "a", in: "r")
      try transaction.put(big, key: "b", in: "r")
    }
  }
  guard case .diskFull(let path) = error else {
    Issue.record("expected diskFull, got \(String(describing: error))")
    return
  }
  #expect(path.hasSuffix("store.sqlite"))
  #expect(error?.kind == .io)
  #expect(error?.userMessage.contains("full") == true)
  #expect(error?.userMessage.contains("move") == false)
  #expect(try store.get(Reading.self, key: "a", in: "r") == Reading(text: "kept"), "the transaction was rolled back")
  #expect(try store.get(Reading.self, key: "b", in: "r") == nil)
  // Reads still work, and so does a write that fits.
  try store.put(Reading(text: "small"), key: "a", in: "r")
  #expect(try store.get(Reading.self, key: "a", in: "r") == Reading(text: "small"))
}

@Test func aLockHeldTooLongIsBusyNotAnInternalError() throws {
  let directory = TemporaryDirectory()
  let url = directory.url.appendingPathComponent("busy.sqlite")
  let holder = try EntityStore(configuration: StoreConfiguration(fileURL: url))
  let waiter = try EntityStore(configuration: StoreConfiguration(fileURL: url, busyTimeout: .milliseconds(50)))
  let error = #expect(throws: PersistenceError.self) {
    try holder.transaction { transaction in
      try transaction.put(1, key: "x", in: "n")
      try waiter.put(2, key: "y", in: "n")
    }
  }
  #expect(error == .busy(path: url.path))
  #expect(error?.kind == .unavailable)
  #expect(error?.userMessage.contains("try again") == true)
  #expect(try waiter.count(in: "n") == 0)
}

/// Writes a database the way another program would: `sql` on a fresh file `name` in `directory`.
private func database(_ name: String, in directory: borrowing TemporaryDirectory, _ sql: String) throws -> URL {
  let url = directory.url.appendingPathComponent(name)
  try FileManager.default.createDirectory(at: directory.url, withIntermediateDirectories: true)
  try SQLiteDatabase(path: url.path).execute(sql)
  return url
}

@Test func anotherProgramsSQLiteFileIsRefusedAndLeftUntouched() throws {
  let directory = TemporaryDirectory()
  // A database of another program: its own table, nothing of ours.
  let url = try database(
    "cosmonaut.sqlite", in: directory,
    "PRAGMA journal_mode=DELETE; CREATE TABLE photos(id INTEGER PRIMARY KEY, caption TEXT)")
  let before = try Data(contentsOf: url)
  let error = #expect(throws: PersistenceError.self) {
    try EntityStore(configuration: StoreConfiguration(fileURL: url))
  }
  guard case .notAStore(let path, let reason) = error else {
    Issue.record("expected notAStore, got \(String(describing: error))")
    return
  }
  #expect(path == url.path)
  #expect(reason.contains("photos"))
  #expect(error?.kind == .cannotCreate)
  #expect(try Data(contentsOf: url) == before, "no table added, nothing written")
  #expect(!FileManager.default.fileExists(atPath: url.path + "-wal"))
}

@Test func aFileMarkedByAnotherApplicationIsRefused() throws {
  let directory = TemporaryDirectory()
  let url = try database("marked.sqlite", in: directory, "PRAGMA application_id = 1234")
  #expect(throws: PersistenceError.notAStore(path: url.path, reason: "its application id is 1234, not 1230197553")) {
    try EntityStore(configuration: StoreConfiguration(fileURL: url))
  }
}

@Test func aStoreWrittenBeforeFilesWereMarkedStillOpens() throws {
  let directory = TemporaryDirectory()
  let url = try database(
    "old.sqlite", in: directory,
    """
    CREATE TABLE entities(collection TEXT NOT NULL, key TEXT NOT NULL, value BLOB NOT NULL,
      updated_at REAL NOT NULL, PRIMARY KEY(collection, key));
    INSERT INTO entities VALUES('r', 'a', '{"text":"old"}', 0);
    """)
  let store = try EntityStore(configuration: StoreConfiguration(fileURL: url))
  #expect(try store.get(Reading.self, key: "a", in: "r") == Reading(text: "old"))
}

@Test func aNewStoreIsMarkedAsOne() throws {
  let directory = TemporaryDirectory()
  let store = try directory.store()
  #expect(try store.pragma("application_id") == String(StoreSchema.applicationID))
}

@Test func aFileThatIsNotADatabaseIsDamagedAndLeftUntouched() throws {
  let directory = TemporaryDirectory()
  try FileManager.default.createDirectory(at: directory.url, withIntermediateDirectories: true)
  let url = directory.url.appendingPathComponent("garbage.sqlite")
  let garbage = Data((0..<4096).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) })
  try garbage.write(to: url)
  let error = #expect(throws: PersistenceError.self) {
    try EntityStore(configuration: StoreConfiguration(fileURL: url))
  }
  guard case .damaged(let path, _) = error else {
    Issue.record("expected damaged, got \(String(describing: error))")
    return
  }
  #expect(path == url.path)
  #expect(error?.userMessage.contains("move") == false)
  #expect(try Data(contentsOf: url) == garbage)
}

@Test func theWriteAheadLogAndItsIndexStayForTheNextProcess() throws {
  let directory = TemporaryDirectory()
  let url = directory.url.appendingPathComponent("kept.sqlite")
  do {
    let store = try EntityStore(configuration: StoreConfiguration(fileURL: url))
    try store.put(Reading(text: "durable"), key: "a", in: "r")
  }
  // Closed: the -wal and -shm files stay, so the next open needs no new disk space to read.
  #expect(FileManager.default.fileExists(atPath: url.path + "-wal"))
  #expect(FileManager.default.fileExists(atPath: url.path + "-shm"))
  let reopened = try EntityStore(configuration: StoreConfiguration(fileURL: url))
  #expect(try reopened.get(Reading.self, key: "a", in: "r") == Reading(text: "durable"))
}
