import Foundation
import Testing

@testable import Persistence

private func record(_ version: Int) -> Migration {
  Migration(
    version: version,
    statements: [
      "INSERT INTO entities(collection, key, value, updated_at) VALUES('migrations', 'm\(version)', '\(version)', 0)"
    ])
}

@Test func migrationsRunInOrderExactlyOnce() throws {
  let directory = TemporaryDirectory()
  do {
    let store = try directory.store(migrations: [record(2), record(1)])
    #expect(try store.schemaVersion() == 2)
    #expect(try store.keys(in: "migrations") == ["m1", "m2"])
  }
  do {
    // A re-run of migration 1 or 2 would violate the primary key; only 3 is new.
    let store = try directory.store(migrations: [record(1), record(2), record(3)])
    #expect(try store.schemaVersion() == 3)
    #expect(try store.all(Int.self, in: "migrations").map(\.value) == [1, 2, 3])
  }
}

@Test func aFreshStoreWithoutMigrationsIsVersionZero() throws {
  let directory = TemporaryDirectory()
  #expect(try directory.store().schemaVersion() == 0)
}

@Test func aNewerDatabaseIsRefused() throws {
  let directory = TemporaryDirectory()
  _ = try directory.store(migrations: [record(1), record(2), record(3)])
  #expect(throws: PersistenceError.schemaTooNew(found: 3, supported: 1)) {
    try directory.store(migrations: [record(1)])
  }
  #expect(throws: PersistenceError.schemaTooNew(found: 3, supported: 0)) { try directory.store() }
}

@Test func aFailingMigrationRollsBackAndReportsSQLiteMessage() throws {
  let directory = TemporaryDirectory()
  let broken = Migration(
    version: 2,
    statements: [
      "INSERT INTO entities(collection, key, value, updated_at) VALUES('migrations', 'half', '0', 0)",
      "CREATE TABLLE oops(a)",
    ])
  #expect {
    try directory.store(migrations: [record(1), broken])
  } throws: { error in
    guard case PersistenceError.migrationFailed(let version, let reason) = error else { return false }
    return version == 2 && reason.contains("syntax error")
  }
  let store = try directory.store(migrations: [record(1)])
  #expect(try store.schemaVersion() == 1)
  #expect(try store.keys(in: "migrations") == ["m1"])
}

@Test func duplicateMigrationVersionsAreRejected() throws {
  let directory = TemporaryDirectory()
  #expect(throws: PersistenceError.self) { try directory.store(migrations: [record(1), record(1)]) }
}
