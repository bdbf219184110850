import CSQLite
import Foundation
import Localization
import Synchronization
import Testing

@testable import Persistence

#if canImport(Glibc)
  import Glibc
#endif

private struct Stock: Codable, Equatable, CheckedEntity {
  var quantity: Int

  var impossibility: LocalizedText? { quantity < 0 ? .verbatim("a negative stock (\(quantity))") : nil }
}

private func size(_ path: String) -> Int {
  ((try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int) ?? -1
}

/// The store's file copied alone (no `-wal`, no `-shm`) into a new directory, opened as a store
/// with `migrations`.
private func copyAlone(
  _ url: URL, into directory: borrowing TemporaryDirectory, migrations: [Migration] = []
) throws -> EntityStore {
  let copy = directory.url.appendingPathComponent("copy/\(url.lastPathComponent)")
  try FileManager.default.createDirectory(at: copy.deletingLastPathComponent(), withIntermediateDirectories: true)
  try FileManager.default.copyItem(at: url, to: copy)
  return try EntityStore(configuration: StoreConfiguration(fileURL: copy), migrations: migrations)
}

// MARK: Every acknowledged write is in the database file

@Test func everyWriteIsInTheDatabaseFileWhenItReturnsAndTheLogIsEmpty() throws {
  let directory = TemporaryDirectory()
  let url = directory.url.appendingPathComponent("store.sqlite")
  let migrations = [Migration(version: 1, statements: ["CREATE TABLE extra(x)"])]
  let store = try EntityStore(configuration: StoreConfiguration(fileURL: url), migrations: migrations)
  for index in 1...50 {
    try store.put(Stock(quantity: index), key: "water", in: "supplies")
    #expect(size(url.path + "-wal") == 0, "after write \(index)")
  }
  try store.transaction { transaction in
    try transaction.put(Stock(quantity: 7), key: "food", in: "supplies")
    try transaction.put(Stock(quantity: 8), key: "oxygen", in: "supplies")
  }
  try store.delete(key: "oxygen", in: "supplies")
  #expect(size(url.path + "-wal") == 0)
  // The file people copy, copied alone while the store is open, holds everything the store acknowledged.
  let copy = try copyAlone(url, into: directory, migrations: migrations)
  #expect(try copy.get(Stock.self, key: "water", in: "supplies") == Stock(quantity: 50))
  #expect(try copy.get(Stock.self, key: "food", in: "supplies") == Stock(quantity: 7))
  #expect(try copy.get(Stock.self, key: "oxygen", in: "supplies") == nil)
  #expect(try copy.schemaVersion() == 1)
}

@Test func aLogLeftHoldingDataIsCopiedIntoTheFileWhenTheStoreOpens() throws {
  let directory = TemporaryDirectory()
  let url = directory.url.appendingPathComponent("left.sqlite")
  _ = try EntityStore(configuration: StoreConfiguration(fileURL: url))
  // A program that never copies its log (as this store did before) leaves a change only in it.
  try SQLiteDatabase(path: url.path).execute(
    "INSERT INTO entities VALUES('supplies', 'water', '{\"quantity\":340}', 0)")
  #expect(size(url.path + "-wal") > 0)
  let store = try EntityStore(configuration: StoreConfiguration(fileURL: url))
  #expect(size(url.path + "-wal") == 0)
  #expect(try copyAlone(url, into: directory).get(Stock.self, key: "water", in: "supplies") == Stock(quantity: 340))
  #expect(try store.count(in: "supplies") == 1)
}

// MARK: A delivery round: each request recorded before the next, the file whole when it ends

/// An outbox at `url` holding `count` stock reports.
private func outbox(at url: URL, holding count: Int) throws -> Outbox<Stock> {
  let outbox = Outbox<Stock>(store: try EntityStore(configuration: StoreConfiguration(fileURL: url)), name: "reports")
  for quantity in 1...count {
    try outbox.store.transaction {
      try outbox.enqueue("stock", Stock(quantity: quantity), createdAt: Date(timeIntervalSince1970: 0), in: $0)
    }
  }
  return outbox
}

@Test func aDeliveryRoundRecordsEachRequestBeforeTheNextAndLeavesAllInTheFileWhenItEnds() async throws {
  let directory = TemporaryDirectory()
  let url = directory.url.appendingPathComponent("round.sqlite")
  let outbox = try outbox(at: url, holding: 6)
  let pendingSeenByAnotherProcess = Mutex<[Int]>([])
  let round = try await outbox.deliver(window: 2) { items in
    // Another connection (as another process would) sees the verdicts of every request before this one.
    let other = Outbox<Stock>(store: try EntityStore(configuration: StoreConfiguration(fileURL: url)), name: "reports")
    let pending = try other.pendingCount()
    pendingSeenByAnotherProcess.withLock { $0.append(pending) }
    return items.map { _ in .delivered }
  }
  #expect(round.delivered.count == 6)
  #expect(pendingSeenByAnotherProcess.withLock(\.self) == [6, 4, 2])
  #expect(size(url.path + "-wal") == 0)
  let copy = Outbox<Stock>(store: try copyAlone(url, into: directory), name: "reports")
  #expect(try copy.pendingCount() == 0)
  #expect(try copy.history().map(\.entry.id) == round.delivered.map(\.id))
}

@Test func aDeliveryRoundThatFailsMidwayLeavesWhatItRecordedInTheFile() async throws {
  let directory = TemporaryDirectory()
  let url = directory.url.appendingPathComponent("failed.sqlite")
  let outbox = try outbox(at: url, holding: 4)
  struct LinkDown: Error {}
  let requests = Mutex(0)
  await #expect(throws: LinkDown.self) {
    _ = try await outbox.deliver(window: 2) { items in
      guard
        requests.withLock({
          $0 += 1; return $0
        }) == 1
      else { throw LinkDown() }
      return items.map { _ in .delivered }
    }
  }
  #expect(size(url.path + "-wal") == 0)
  let copy = Outbox<Stock>(store: try copyAlone(url, into: directory), name: "reports")
  #expect(try copy.pendingCount() == 2)
  #expect(try copy.history().count == 2)
}

@Test func writesLeftInTheLogAreCopiedWhenItFillsAndWhenTheirOwnerSaysSo() throws {
  let directory = TemporaryDirectory()
  let url = directory.url.appendingPathComponent("run.sqlite")
  let store = try EntityStore(configuration: StoreConfiguration(fileURL: url))
  let frame = 24 + 4096
  let bound = 32 + (Int(SQLiteDatabase.logLimitFrames) + 8) * frame
  var largest = 0
  for index in 1...300 {
    // Some 3 pages a write: 300 of them reach the log's limit more than once.
    try store.transactionInLog { try $0.put(String(repeating: "x", count: 9_000), key: "k\(index)", in: "notes") }
    largest = max(largest, size(url.path + "-wal"))
  }
  #expect(largest > 32 + 64 * frame, "the writes stayed in the log")
  #expect(largest <= bound, "the log was copied once it filled")
  #expect(try copyAlone(url, into: directory).count(in: "notes") < 300)
  try store.copyLogIntoFile()
  #expect(size(url.path + "-wal") == 0)
  #expect(try copyAlone(url, into: TemporaryDirectory()).count(in: "notes") == 300)
}

// MARK: The log changed under a running store

@Test(arguments: ["truncated", "overwritten in place"])
func aLogChangedUnderARunningStoreLosesNoAcknowledgedWrite(change: String) throws {
  let directory = TemporaryDirectory()
  let url = directory.url.appendingPathComponent("session.sqlite")
  let store = try EntityStore(configuration: StoreConfiguration(fileURL: url))
  for quantity in [401, 402, 403] { try store.put(Stock(quantity: quantity), key: "water", in: "supplies") }
  let log = url.path + "-wal"
  if change == "truncated" {
    #expect(truncate(log, 0) == 0)
  } else {
    // Same file (same inode), random bytes: what `head -c … /dev/urandom > cosmonaut.sqlite-wal` does.
    let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: log))
    try handle.write(contentsOf: Data((0..<70_000).map { _ in UInt8.random(in: 0...255) }))
    try handle.close()
  }
  try store.put(Stock(quantity: 410), key: "water", in: "supplies")
  try store.put(Stock(quantity: 1), key: "food", in: "supplies")
  let reopened = try EntityStore(configuration: StoreConfiguration(fileURL: url))
  #expect(try reopened.get(Stock.self, key: "water", in: "supplies") == Stock(quantity: 410))
  #expect(try reopened.get(Stock.self, key: "food", in: "supplies") == Stock(quantity: 1))
}

@Test func aWriteAfterTheLogWasCutWhileItHeldChangesNotYetInTheFileIsRefused() throws {
  let directory = TemporaryDirectory()
  let url = directory.url.appendingPathComponent("held.sqlite")
  let store = try EntityStore(configuration: StoreConfiguration(fileURL: url, busyTimeout: .milliseconds(50)))
  try store.put(Stock(quantity: 1), key: "water", in: "supplies")
  // Another connection reads at a snapshot older than the next change, so that change cannot be
  // copied into the file yet: it is saved in the log only, and the store says so.
  let reader = try SQLiteDatabase(path: url.path)
  try reader.execute("BEGIN; SELECT count(*) FROM entities;")
  let notCopied = #expect(throws: PersistenceError.self) {
    try store.put(Stock(quantity: 2), key: "water", in: "supplies")
  }
  guard case .notCopiedIntoFile(let path, _) = notCopied else {
    Issue.record("expected notCopiedIntoFile, got \(String(describing: notCopied))")
    return
  }
  #expect(path == url.path)
  #expect(notCopied?.kind == .io)
  #expect(notCopied?.userMessage.contains("was saved") == true)
  #expect(try store.get(Stock.self, key: "water", in: "supplies") == Stock(quantity: 2), "it is saved")
  // The log is cut under the store while it holds that change: the next write would put its pages
  // after a hole, and a checkpoint would copy zeros into the database. It is refused instead.
  #expect(truncate(url.path + "-wal", 0) == 0)
  let error = #expect(throws: PersistenceError.self) { try store.put(Stock(quantity: 3), key: "food", in: "supplies") }
  #expect(error == .changed(path: url.path + "-wal"))
  #expect(error?.kind == .io)
  #expect(error?.userMessage.contains("this change was not saved") == true)
  try reader.execute("COMMIT")
}

@Test func theLogsHeaderIsOneSQLiteWritesOrTheLogIsRefused() throws {
  // A header SQLite wrote, taken from a real log.
  let directory = TemporaryDirectory()
  let url = directory.url.appendingPathComponent("header.sqlite")
  _ = try EntityStore(configuration: StoreConfiguration(fileURL: url))
  try SQLiteDatabase(path: url.path).execute("INSERT INTO entities VALUES('r', 'a', 'x', 0)")
  let header = Array(try Data(contentsOf: URL(fileURLWithPath: url.path + "-wal")).prefix(32))
  #expect(WriteAheadLog.isValidHeader(header))
  var flipped = header
  flipped[20] ^= 1  // a salt byte: the checksum no longer matches
  #expect(!WriteAheadLog.isValidHeader(flipped))
  #expect(!WriteAheadLog.isValidHeader(Array(header.prefix(31))))
  #expect(!WriteAheadLog.isValidHeader([UInt8](repeating: 0, count: 32)))
}

// MARK: A store that existed is never treated as new

@Test(arguments: ["random bytes", "a few bytes"])
func aLogThatIsNoLogIsRefusedAtOpenAndLeftUntouched(content: String) throws {
  let directory = TemporaryDirectory()
  let url = directory.url.appendingPathComponent("cosmonaut.sqlite")
  do {
    let store = try EntityStore(configuration: StoreConfiguration(fileURL: url))
    try store.put(Stock(quantity: 340), key: "water", in: "supplies")
  }
  let log = url.path + "-wal"
  let bytes = content == "random bytes" ? Data((0..<100_000).map { _ in UInt8.random(in: 0...255) }) : Data("oops".utf8)
  try bytes.write(to: URL(fileURLWithPath: log))
  let error = #expect(throws: PersistenceError.self) {
    try EntityStore(configuration: StoreConfiguration(fileURL: url))
  }
  #expect(error == .damagedLog(path: log))
  #expect(error?.kind == .io)
  #expect(error?.userMessage.contains(log) == true)
  #expect(error?.userMessage.contains("backup") == true && error?.userMessage.contains("move") == true)
  #expect(try Data(contentsOf: URL(fileURLWithPath: log)) == bytes, "the log is left as it was")
  // Moved away, as the line says: the file holds everything the store acknowledged.
  unlink(log)
  let store = try EntityStore(configuration: StoreConfiguration(fileURL: url))
  #expect(try store.get(Stock.self, key: "water", in: "supplies") == Stock(quantity: 340))
}

@Test(arguments: ["empty file", "database without tables"])
func aStoreFileWithoutTablesIsRefusedNotStartedOver(kind: String) throws {
  let directory = TemporaryDirectory()
  try FileManager.default.createDirectory(at: directory.url, withIntermediateDirectories: true)
  let url = directory.url.appendingPathComponent("cosmonaut.sqlite")
  if kind == "empty file" {
    #expect(FileManager.default.createFile(atPath: url.path, contents: Data()))
  } else {
    // A database whose only table was dropped: a header and pages, no table.
    try SQLiteDatabase(path: url.path).execute("PRAGMA journal_mode=WAL; CREATE TABLE t(x); DROP TABLE t")
    #expect(size(url.path) > 0)
  }
  let before = try Data(contentsOf: url)
  let error = #expect(throws: PersistenceError.self) {
    try EntityStore(configuration: StoreConfiguration(fileURL: url))
  }
  #expect(error == .noTables(path: url.path))
  #expect(error?.kind == .cannotCreate)
  #expect(error?.userMessage.contains(url.path) == true && error?.userMessage.contains("backup") == true)
  #expect(try Data(contentsOf: url) == before, "nothing was written to it")
}

@Test func aStoreWhoseFileIsGoneWhileItsLogHoldsDataIsRefused() throws {
  let directory = TemporaryDirectory()
  let url = directory.url.appendingPathComponent("gone.sqlite")
  _ = try EntityStore(configuration: StoreConfiguration(fileURL: url))
  try SQLiteDatabase(path: url.path).execute("INSERT INTO entities VALUES('r', 'a', 'x', 0)")
  unlink(url.path)
  let error = #expect(throws: PersistenceError.self) {
    try EntityStore(configuration: StoreConfiguration(fileURL: url))
  }
  #expect(error == .storeMissing(path: url.path, log: url.path + "-wal"))
  #expect(error?.kind == .io)
  #expect(!FileManager.default.fileExists(atPath: url.path), "no new store stands in for it")
}

/// Runs `body` (given its index) on `count` threads of their own, released together once all are
/// started; the function returned waits for them and returns the errors they threw.
private func startAtOnce(_ count: Int, _ body: @escaping @Sendable (Int) throws -> Void) -> () -> [String] {
  let failures = FailureLog()
  let ready = DispatchGroup()
  let done = DispatchGroup()
  let start = DispatchSemaphore(value: 0)
  for index in 0..<count {
    ready.enter()
    done.enter()
    Thread.detachNewThread {
      defer { done.leave() }
      ready.leave()
      start.wait()
      do { try body(index) } catch { failures.append("\(error)") }
    }
  }
  ready.wait()
  for _ in 0..<count { start.signal() }
  return {
    done.wait()
    return failures.values
  }
}

@Test func aNewStoreIsMadeWholeOnceEvenWhenManyOpenItAtOnce() throws {
  let directory = TemporaryDirectory()
  try FileManager.default.createDirectory(at: directory.url, withIntermediateDirectories: true)
  let url = directory.url.appendingPathComponent("new.sqlite")
  // A temporary file of a process that was killed while making the store is cleared away.
  let leftover = directory.url.appendingPathComponent(".new.sqlite.999999999-0123abcd.new").path
  #expect(FileManager.default.createFile(atPath: leftover, contents: Data("half".utf8)))
  // Connections of one process lock each other as those of several processes do.
  let openers = 16
  let failures = startAtOnce(openers) { index in
    let store = try EntityStore(configuration: StoreConfiguration(fileURL: url))
    try store.put(Stock(quantity: index), key: "k\(index)", in: "r")
  }()
  #expect(failures.isEmpty, "every opener waits for the others instead of failing")
  let store = try EntityStore(configuration: StoreConfiguration(fileURL: url))
  #expect(try store.count(in: "r") == openers)
  let names = try FileManager.default.contentsOfDirectory(atPath: directory.url.path).sorted()
  #expect(names == ["new.sqlite", "new.sqlite-shm", "new.sqlite-wal"], "no temporary file is left")
}

@Test func aNewStoreFileHasItsNameOnlyOnceItUsesTheWriteAheadLog() throws {
  let directory = TemporaryDirectory()
  try FileManager.default.createDirectory(at: directory.url, withIntermediateDirectories: true)
  let url = directory.url.appendingPathComponent("new.sqlite")
  try StoreCreation.createIfMissing(at: url.path)
  // The file format's read and write versions (bytes 18 and 19) are 2 in write-ahead-log mode, so
  // no one opening the store has to switch it.
  let header = try Data(contentsOf: url).prefix(20)
  #expect(Array(header.suffix(2)) == [2, 2])
  #expect(try FileManager.default.contentsOfDirectory(atPath: directory.url.path) == ["new.sqlite"])
}

@Test func aStoreInRollbackModeOpenedByManyWhileAnotherWritesItIsSwitchedOnce() throws {
  let directory = TemporaryDirectory()
  let original = try EntityStore(
    configuration: StoreConfiguration(fileURL: directory.url.appendingPathComponent("original.sqlite")))
  try original.put(Stock(quantity: 1), key: "before", in: "r")
  // A backup is one file in rollback-journal mode, as is a store restored from one.
  let url = try backUp(original, into: directory.url.appendingPathComponent("restored"))
  #expect(try SQLiteDatabase(path: url.path, create: false).pragma("journal_mode") == "delete")
  // Another connection holds the write lock of the file in rollback mode meanwhile.
  let holder = try SQLiteDatabase(path: url.path, create: false)
  holder.setBusyTimeout(.seconds(10))
  try holder.execute("BEGIN IMMEDIATE; INSERT INTO entities VALUES('r', 'held', '{\"quantity\":2}', 0)")
  let openers = 8
  let finish = startAtOnce(openers) { index in
    let store = try EntityStore(configuration: StoreConfiguration(fileURL: url))
    try store.put(Stock(quantity: index), key: "k\(index)", in: "r")
  }
  usleep(100_000)  // time for the openers to reach the lock; the outcome is the same without it
  try holder.execute("COMMIT")
  #expect(finish().isEmpty, "every opener waits for the writer and the others instead of failing")
  let store = try EntityStore(configuration: StoreConfiguration(fileURL: url))
  #expect(try store.keys(in: "r").sorted() == (["before", "held"] + (0..<openers).map { "k\($0)" }).sorted())
  #expect(try store.pragma("journal_mode") == "wal")
}

// MARK: I/O errors

@Test(arguments: [
  SQLITE_IOERR, SQLITE_IOERR | (2 << 8), SQLITE_IOERR | (4 << 8), SQLITE_IOERR | (3 << 8), SQLITE_CANTOPEN,
  SQLITE_PROTOCOL,
])
func everySQLiteIOErrorIsAnIOErrorNamingTheFile(code: Int32) {
  let error = PersistenceError.classify(
    code: code, systemErrno: EIO, message: "disk I/O error", path: "/data/cosmonaut.sqlite")
  #expect(error == .io(path: "/data/cosmonaut.sqlite", code: code, reason: "disk I/O error (Input/output error)"))
  #expect(error.kind == .io)
  #expect(error.userMessage.contains("/data/cosmonaut.sqlite"))
  #expect(!error.userMessage.contains("\(code)"), "no bare error number")
  #expect(error.translatedMessage.resolved(in: .russian).contains("/data/cosmonaut.sqlite"))
}

// MARK: Impossible values

@Test func aValueThatCannotBeRightIsRefusedNamingTheFile() throws {
  let directory = TemporaryDirectory()
  let url = directory.url.appendingPathComponent("cosmonaut.sqlite")
  let store = try EntityStore(configuration: StoreConfiguration(fileURL: url))
  try store.put(Stock(quantity: 5), key: "water", in: "supplies")
  try store.put(Stock(quantity: -5), key: "food", in: "supplies")
  let expected = PersistenceError.impossibleValue(
    path: url.path, collection: "supplies", key: "food", reason: .verbatim("a negative stock (-5)"))
  #expect(throws: expected) { try store.get(Stock.self, key: "food", in: "supplies") }
  #expect(throws: expected) { try store.all(Stock.self, in: "supplies") }
  #expect(throws: expected) { try store.transaction { try $0.get(Stock.self, key: "food", in: "supplies") } }
  #expect(throws: expected) { try store.transaction { try $0.all(Stock.self, in: "supplies") } }
  #expect(try store.get(Stock.self, key: "water", in: "supplies") == Stock(quantity: 5))
  // A list is checked element by element (an inventory stored as one list).
  try store.put([Stock(quantity: 1), Stock(quantity: -2)], key: "inventory", in: "supplies")
  #expect(
    throws: PersistenceError.impossibleValue(
      path: url.path, collection: "supplies", key: "inventory", reason: .verbatim("a negative stock (-2)"))
  ) { try store.get([Stock].self, key: "inventory", in: "supplies") }
  #expect(expected.kind == .rejected)
  #expect(expected.userMessage.contains(url.path) && expected.userMessage.contains("supplies/food"))
  #expect(expected.userMessage.contains("a negative stock (-5)") && expected.userMessage.contains("backup"))
  // A check across values is the owner's, with the same line.
  let across = store.impossibleValue("more used than ever stocked", in: "supplies", key: "water")
  #expect(
    across
      == .impossibleValue(
        path: url.path, collection: "supplies", key: "water", reason: .verbatim("more used than ever stocked")))
}

// MARK: Backups

@Test func aBackupIsOneFileThatOpensAsTheStoreAndNeverOverwrites() throws {
  let directory = TemporaryDirectory()
  let store = try directory.store("cosmonaut.sqlite", migrations: [Migration(version: 2, statements: [])])
  try store.put(Stock(quantity: 340), key: "water", in: "supplies")
  let backups = directory.url.appendingPathComponent("backups/monday")
  let file = try backUp(store, into: backups)
  #expect(file == backups.appendingPathComponent("cosmonaut.sqlite"))
  #expect(
    try FileManager.default.contentsOfDirectory(atPath: backups.path) == ["cosmonaut.sqlite"], "one file, no temporary")
  let copy = try EntityStore(
    configuration: StoreConfiguration(fileURL: file), migrations: [Migration(version: 2, statements: [])])
  #expect(try copy.get(Stock.self, key: "water", in: "supplies") == Stock(quantity: 340))
  #expect(try copy.schemaVersion() == 2)
  // A second backup to the same place is refused, and the first is left as it was.
  try store.put(Stock(quantity: 1), key: "water", in: "supplies")
  let before = try Data(contentsOf: file)
  let error = #expect(throws: PersistenceError.self) { try store.backup(to: file) }
  #expect(error == .backupExists(path: file.path))
  #expect(error?.kind == .cannotCreate)
  #expect(try Data(contentsOf: file) == before)
}

@Test func aBackupWhileAnotherConnectionWritesIsASnapshotThatOpens() async throws {
  let directory = TemporaryDirectory()
  let url = directory.url.appendingPathComponent("busy.sqlite")
  let store = try EntityStore(configuration: StoreConfiguration(fileURL: url))
  try store.put(Stock(quantity: 0), key: "counter", in: "r")
  let writer = Task.detached {
    let other = try EntityStore(configuration: StoreConfiguration(fileURL: url))
    for index in 1...200 {
      try other.transaction { transaction in
        try transaction.put(Stock(quantity: index), key: "counter", in: "r")
        try transaction.put(Stock(quantity: index), key: "row\(index)", in: "r")
      }
    }
  }
  var seen: [Int] = []
  for round in 0..<10 {
    let file = directory.url.appendingPathComponent("backups/\(round)/busy.sqlite")
    try store.backup(to: file)
    let copy = try EntityStore(configuration: StoreConfiguration(fileURL: file))
    let counter = try #require(try copy.get(Stock.self, key: "counter", in: "r")).quantity
    // A snapshot: the counter and the rows written with it in one transaction agree.
    #expect(try copy.count(in: "r") == counter + 1)
    seen.append(counter)
  }
  try await writer.value
  #expect(seen == seen.sorted())
}

private func backUp(_ store: EntityStore, into directory: URL) throws -> URL {
  let file = directory.appendingPathComponent(store.configuration.fileURL.lastPathComponent)
  try store.backup(to: file)
  return file
}
