import CSQLite
import Foundation
import TestHarness
import Testing

@testable import Persistence

#if canImport(Glibc)
  import Glibc
#endif

private struct Entry: Codable, Equatable {
  var text: String
}

private func size(_ path: String) -> Int {
  ((try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int) ?? 0
}

/// The most the write-ahead log may hold between two commands: the limit, plus one commit's pages.
private let logBound = (Int(SQLiteDatabase.logLimitFrames) + 16) * (4096 + 24)

// MARK: The write-ahead log over time

@Test func theWriteAheadLogStaysBoundedOverManyCommandsEachInItsOwnConnection() throws {
  let directory = TemporaryDirectory()
  let url = directory.url.appendingPathComponent("commands.sqlite")
  // Each round is what one command does: open, change, close (no checkpoint at close). A new
  // connection forgets what the last one copied into the database, so SQLite's own automatic
  // checkpoint never lets the log start over: it grew by some 15 KB per command, for ever.
  for index in 0..<400 {
    let store = try EntityStore(configuration: StoreConfiguration(fileURL: url))
    try store.put(Entry(text: "restock \(index)"), key: "water", in: "supplies")
    try store.put(Entry(text: "report \(index)"), key: "report-\(index)", in: "outbox")
    #expect(size(url.path + "-wal") <= logBound, "after \(index + 1) commands")
    if size(url.path + "-wal") > logBound { break }
  }
  let store = try EntityStore(configuration: StoreConfiguration(fileURL: url))
  #expect(try store.count(in: "outbox") == 400, "every acknowledged write is kept")
  #expect(try store.get(Entry.self, key: "water", in: "supplies") == Entry(text: "restock 399"))
}

@Test func theWriteAheadLogStaysBoundedInALongRunningProcess() throws {
  let directory = TemporaryDirectory()
  let store = try directory.store("long.sqlite")
  let wal = directory.url.appendingPathComponent("long.sqlite-wal").path
  var largest = 0
  for index in 0..<2_000 {
    try store.put(Entry(text: String(repeating: "x", count: 200) + "\(index)"), key: "k\(index % 500)", in: "r")
    largest = max(largest, size(wal))
  }
  #expect(largest <= logBound, "largest log: \(largest) bytes")
  #expect(try store.count(in: "r") == 500)
}

@Test func anOversizedLogLeftBehindIsEmptiedWhenTheStoreOpensAndNothingIsLost() throws {
  let directory = TemporaryDirectory()
  let url = directory.url.appendingPathComponent("old.sqlite")
  do {
    _ = try EntityStore(configuration: StoreConfiguration(fileURL: url))
    // A program that never checkpoints (as this store did before) leaves a large log.
    let old = try SQLiteDatabase(path: url.path)
    try old.execute("PRAGMA wal_autocheckpoint=0")
    for index in 0..<600 {
      try old.execute(
        "INSERT INTO entities VALUES('r', 'k\(index)', '{\"text\":\"\(String(repeating: "y", count: 3000))\"}', 0)")
    }
  }
  #expect(size(url.path + "-wal") > 2 * logBound)
  let store = try EntityStore(configuration: StoreConfiguration(fileURL: url))
  #expect(size(url.path + "-wal") <= logBound)
  #expect(try store.count(in: "r") == 600)
}

// MARK: Files deleted or replaced under an open store

@Test(arguments: ["-wal", "-shm", ""])
func aWriteAfterAFileOfTheStoreWasDeletedIsRefusedNotReportedAsSaved(suffix: String) throws {
  let directory = TemporaryDirectory()
  let store = try directory.store("kept.sqlite")
  let path = directory.url.appendingPathComponent("kept.sqlite").path
  try store.put(Entry(text: "before"), key: "a", in: "r")
  unlink(path + suffix)
  let error = #expect(throws: PersistenceError.self) { try store.put(Entry(text: "after"), key: "a", in: "r") }
  #expect(error == .replaced(path: path + suffix))
  #expect(error?.kind == .io)
  #expect(error?.userMessage.contains("was not saved") == true)
  #expect(throws: PersistenceError.replaced(path: path + suffix)) {
    try store.transaction { try $0.put(Entry(text: "after"), key: "b", in: "r") }
  }
  #expect(throws: PersistenceError.replaced(path: path + suffix)) { try store.delete(key: "a", in: "r") }
  #expect(try store.get(Entry.self, key: "a", in: "r") == Entry(text: "before"), "reads go on")
}

@Test func aWriteAfterTheDatabaseWasReplacedByAnotherFileIsRefused() throws {
  let directory = TemporaryDirectory()
  let store = try directory.store("swapped.sqlite")
  try store.put(Entry(text: "before"), key: "a", in: "r")
  let path = directory.url.appendingPathComponent("swapped.sqlite").path
  let copy = path + ".copy"
  try FileManager.default.copyItem(atPath: path, toPath: copy)
  #expect(rename(copy, path) == 0)
  #expect(throws: PersistenceError.replaced(path: path)) { try store.put(Entry(text: "after"), key: "a", in: "r") }
}

@Test func sqliteReadOnlyCodesAreReadOnlyOrMoved() {
  let readOnly = PersistenceError.classify(code: SQLITE_READONLY, systemErrno: EROFS, message: "readonly", path: "/d/s")
  #expect(readOnly == .readOnly(path: "/d/s"))
  #expect(readOnly.kind == .cannotCreate)
  #expect(readOnly.userMessage.contains("read-only") && readOnly.userMessage.contains("nothing was changed"))
  let moved = PersistenceError.classify(
    code: SQLITE_READONLY | (4 << 8), systemErrno: 0, message: "moved", path: "/d/s")
  #expect(moved == .replaced(path: "/d/s"))
}

// MARK: A store that can only be read

/// A small tmpfs of our own, made read-only after the test wrote to it; needs root (else skipped).
private final class ReadOnlyMount: Sendable {
  let mountPoint: URL

  /// Whether this process may mount a tmpfs (root, and a kernel that allows it); probed once.
  static func isAvailable() async -> Bool { await availability.value }

  private static let availability = Task<Bool, Never> {
    guard geteuid() == 0, let probe = try? await ReadOnlyMount.mount() else { return false }
    await probe.unmount()
    return true
  }

  private init(mountPoint: URL) {
    self.mountPoint = mountPoint
  }

  /// Mounts a 4 MiB tmpfs on a fresh folder.
  static func mount() async throws -> ReadOnlyMount {
    let mountPoint = URL(fileURLWithPath: "/tmp/iss-ro-\(UUID().uuidString.prefix(8))", isDirectory: true)
    try FileManager.default.createDirectory(at: mountPoint, withIntermediateDirectories: true)
    let mounted = try? await ChildProcess.run("/bin/mount", ["-t", "tmpfs", "-o", "size=4m", "tmpfs", mountPoint.path])
    guard mounted?.status == 0 else {
      try? FileManager.default.removeItem(at: mountPoint)
      throw CocoaError(.fileWriteNoPermission)
    }
    return ReadOnlyMount(mountPoint: mountPoint)
  }

  /// Mounts it again read-only; whether that worked.
  func makeReadOnly() async -> Bool {
    (try? await ChildProcess.run("/bin/mount", ["-o", "remount,ro", mountPoint.path]))?.status == 0
  }

  /// Unmounts it and removes its folder.
  func unmount() async {
    _ = try? await ChildProcess.run("/bin/umount", [mountPoint.path])
    try? FileManager.default.removeItem(at: mountPoint)
  }

  /// Runs `body` on a fresh mount, unmounted afterwards (whatever `body` opened is closed by then).
  static func with(_ body: (ReadOnlyMount) async throws -> Void) async throws {
    let mount = try await mount()
    do {
      try await body(mount)
    } catch {
      await mount.unmount()
      throw error
    }
    await mount.unmount()
  }
}

@Test(
  "a store on a read-only file system is read, and a write refused as read-only",
  .enabled("mounting a tmpfs read-only needs root; skipped") { await ReadOnlyMount.isAvailable() },
  arguments: ["log", "log only", "none"])
func aStoreOnAReadOnlyFileSystem(log: String) async throws {
  try await ReadOnlyMount.with { mount in
    let url = mount.mountPoint.appendingPathComponent("data/store.sqlite")
    do {
      let store = try EntityStore(configuration: StoreConfiguration(fileURL: url))
      if log == "log only" {
        // A change only in the log: left by a program that never copies its log into the file (as
        // this store did before every write was copied).
        try SQLiteDatabase(path: url.path).execute("INSERT INTO entities VALUES('r', 'a', '{\"text\":\"kept\"}', 0)")
      } else {
        try store.put(Entry(text: "kept"), key: "a", in: "r")
      }
    }
    if log == "log only" {
      // The log's index gone, which SQLite cannot make again there: the write is only in the log.
      #expect(size(url.path + "-wal") > 0)
      unlink(url.path + "-shm")
    }
    if log == "none" {
      // Another program checkpointed and closed last: -wal and -shm are gone, all is in the file.
      let other = try SQLiteDatabase(path: url.path)
      try other.execute("PRAGMA wal_checkpoint(TRUNCATE)")
      unlink(url.path + "-wal")
      unlink(url.path + "-shm")
    }
    #expect(await mount.makeReadOnly())
    let store = try EntityStore(configuration: StoreConfiguration(fileURL: url))
    #expect(try store.get(Entry.self, key: "a", in: "r") == Entry(text: "kept"))
    #expect(try store.count(in: "r") == 1)
    let error = #expect(throws: PersistenceError.self) { try store.put(Entry(text: "changed"), key: "a", in: "r") }
    #expect(error == .readOnly(path: url.path))
    #expect(error?.kind == .cannotCreate)
    #expect(try store.get(Entry.self, key: "a", in: "r") == Entry(text: "kept"))
  }
}

@Test(
  "no store yet in a read-only directory: an empty store is read, and a write refused as read-only",
  .enabled("mounting a tmpfs read-only needs root; skipped") { await ReadOnlyMount.isAvailable() })
func noStoreInAReadOnlyDirectory() async throws {
  try await ReadOnlyMount.with { mount in
    let directory = mount.mountPoint.appendingPathComponent("data")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    #expect(await mount.makeReadOnly())
    let url = directory.appendingPathComponent("store.sqlite")
    let store = try EntityStore(configuration: StoreConfiguration(fileURL: url))
    #expect(try store.count(in: "r") == 0)
    #expect(try store.get(Entry.self, key: "a", in: "r") == nil)
    let error = #expect(throws: PersistenceError.self) { try store.put(Entry(text: "new"), key: "a", in: "r") }
    #expect(error == .readOnly(path: url.path))
    #expect(!FileManager.default.fileExists(atPath: url.path))
  }
}
