import EndToEndSupport
import Foundation
import TestHarness
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// Runs an app as a user the data directory's files do not belong to, so that they are read-only
/// to it as on a read-only mount: as root (who ignores permissions) through `setpriv` as nobody;
/// as anyone else, as themselves (the test takes the write permissions away).
enum OtherUser {
  static let setpriv = "/usr/bin/setpriv"
  static var isRoot: Bool { geteuid() == 0 }
  /// Whether the app can be run so (as root, setpriv must be there).
  static var isAvailable: Bool { !isRoot || FileManager.default.isExecutableFile(atPath: setpriv) }

  static func run(_ executable: URL, _ arguments: [String], in sandbox: Sandbox) async throws -> ProcessResult {
    guard isRoot else { return try await sandbox.run(executable, arguments, environment: sandbox.environment) }
    return try await sandbox.run(
      URL(fileURLWithPath: setpriv),
      ["--reuid=65534", "--regid=65534", "--clear-groups", executable.path] + arguments,
      environment: sandbox.environment)
  }

  /// Takes away write permission on `paths` (for root's nobody, the files are root's already).
  static func makeReadOnly(_ paths: [String], mode: mode_t) {
    guard !isRoot else { return }
    for path in paths { chmod(path, mode) }
  }
}

private func quantity(of item: String, in result: ProcessResult) -> Int? {
  ((try? result.stdout.json()) as? [[String: Any]])?.first { $0["id"] as? String == item }?["quantity"] as? Int
}

private func fileSize(_ path: String) -> Int {
  ((try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int) ?? 0
}

/// The store as the days go by: its write-ahead log, its files deleted under a running app, a
/// data directory that can only be read, and the errno of a data directory that cannot be made.
@Suite("the store over time")
struct StorageOverTimeTests {
  @Test("100 restocks leave a write-ahead log of at most about 1 MiB, and every restock kept")
  func theLogStaysBounded() async throws {
    let sandbox = try Sandbox()
    var largest = 0
    for _ in 0..<100 {
      let restock = try await sandbox.cosmonaut(["supplies", "restock", "water", "1"])
      #expect(restock.status == 0, "\(restock.stderr)")
      largest = max(largest, fileSize(sandbox.dataDirectory + "/cosmonaut.sqlite-wal"))
    }
    // It grew by some 15 KB a command, for ever: 1.5 MB here, 25 MB after 6,200 commands.
    #expect(largest <= 1_200_000, "largest log: \(largest) bytes")
    let list = try await sandbox.cosmonaut(["supplies", "list", "--json"])
    #expect(quantity(of: "water", in: list) == 500)
  }

  @Test("the log deleted under the interactive app: the next change is refused with one line, not reported as saved")
  func logDeletedUnderTheRunningApp() async throws {
    let sandbox = try Sandbox()
    let session = try KeyboardSession(sandbox: sandbox)
    session.type("u")
    session.type("c")
    session.type("water")
    session.type("5")
    try await session.waitFor("Consumed 5 L of Drinking water; 395 L left.")
    try FileManager.default.removeItem(atPath: sandbox.dataDirectory + "/cosmonaut.sqlite-wal")
    session.type("c")
    session.type("water")
    session.type("5")
    try await session.waitFor("Choose 1-3", occurrence: 3)
    session.type("b")
    session.type("q")
    let result = try await session.finish()
    #expect(result.status == 74, "the session lost a change: \(result.stderr)")
    #expect(!result.stdout.contains("390 L left"), "no save that did not happen is reported")
    let errors = result.stderr.split(separator: "\n").filter { $0.contains("cosmonaut.sqlite-wal") }
    #expect(errors.count == 1, "\(result.stderr)")
    #expect(errors.first?.contains("deleted or replaced") == true && errors.first?.contains("not saved") == true)
  }

  @Test(
    "a read-only data directory: reads work (log and index, a log without its index, no log), a write is refused with one line, exit 73",
    .enabled(if: OtherUser.isAvailable, "needs setpriv to drop root; skipped"), .needsPython3,
    arguments: ["log", "log only", "none", "no store"])
  func readOnlyDataDirectory(log: String) async throws {
    let sandbox = try Sandbox()
    let data = sandbox.dataDirectory
    #expect(try await sandbox.cosmonaut(["supplies", "restock", "water", "3"]).status == 0)
    if log == "log only" {
      // The index (-shm) gone, which SQLite cannot make again in a read-only directory.
      try FileManager.default.removeItem(atPath: data + "/cosmonaut.sqlite-shm")
    }
    if log == "no store" {
      // Another app's data directory: this one's store was never made, and cannot be now.
      for suffix in ["", "-wal", "-shm"] {
        try FileManager.default.removeItem(atPath: data + "/cosmonaut.sqlite" + suffix)
      }
    }
    if log == "none" {
      // Another program checkpointed and closed last: -wal and -shm are gone.
      let checkpoint =
        "import sqlite3, sys; c = sqlite3.connect(sys.argv[1]); c.execute('PRAGMA wal_checkpoint(TRUNCATE)'); c.close()"
      let python = try await sandbox.run(
        URL(fileURLWithPath: "/usr/bin/env"), ["python3", "-c", checkpoint, data + "/cosmonaut.sqlite"],
        environment: sandbox.environment)
      #expect(python.status == 0)
      #expect(!FileManager.default.fileExists(atPath: data + "/cosmonaut.sqlite-wal"))
    }
    let files = (try FileManager.default.contentsOfDirectory(atPath: data)).map { data + "/" + $0 }
    OtherUser.makeReadOnly(files, mode: 0o444)
    OtherUser.makeReadOnly([data], mode: 0o555)
    defer { OtherUser.makeReadOnly([data], mode: 0o755) }
    let before = try? Data(contentsOf: URL(fileURLWithPath: data + "/cosmonaut.sqlite"))

    let list = try await OtherUser.run(
      Executables.cosmonaut, ["--data-dir", data, "supplies", "list", "--json"], in: sandbox)
    #expect(list.status == 0, "\(list.stderr)")
    #expect(quantity(of: "water", in: list) == (log == "no store" ? 400 : 403))
    #expect(list.stderr.isEmpty, "\(list.stderr)")
    let restock = try await OtherUser.run(
      Executables.cosmonaut, ["--data-dir", data, "supplies", "restock", "water", "1"], in: sandbox)
    #expect(restock.status == 73, "\(restock.stderr)")
    #expect(restock.stdout.isEmpty)
    #expect(restock.stderr.split(separator: "\n").count == 1, "\(restock.stderr)")
    #expect(restock.stderr.contains("read-only") && restock.stderr.contains("nothing was changed"), "\(restock.stderr)")
    #expect((try? Data(contentsOf: URL(fileURLWithPath: data + "/cosmonaut.sqlite"))) == before)
  }

  @Test(
    "laboratory on a read-only data directory (its store or none): every look works, a change is refused with 73",
    .enabled(if: OtherUser.isAvailable, "needs setpriv to drop root; skipped"), arguments: [true, false])
  func laboratoryReadsOnAReadOnlyDataDirectory(withStore: Bool) async throws {
    let sandbox = try Sandbox()
    let data = sandbox.dataDirectory
    if withStore {
      let login = try await sandbox.run(
        Executables.laboratory, ["--data-dir", data, "stowage", "log-in", "kriogem", "reference"],
        environment: sandbox.environment)
      #expect(login.status == 0, "\(login.stderr)")
    } else {
      #expect(try await sandbox.cosmonaut(["supplies", "list"]).status == 0)
    }
    let files = (try FileManager.default.contentsOfDirectory(atPath: data)).map { data + "/" + $0 }
    OtherUser.makeReadOnly(files, mode: 0o444)
    OtherUser.makeReadOnly([data], mode: 0o555)
    defer { OtherUser.makeReadOnly([data], mode: 0o755) }
    for look in [["stowage"], ["stowage", "--json"], ["labs"], ["results"], ["run", "list"]] {
      let result = try await OtherUser.run(Executables.laboratory, ["--data-dir", data] + look, in: sandbox)
      #expect(result.status == 0, "\(look): \(result.stderr)")
      #expect(result.stderr.isEmpty, "\(look): \(result.stderr)")
    }
    let change = try await OtherUser.run(
      Executables.laboratory, ["--data-dir", data, "stowage", "log-in", "kriogem", "reference"], in: sandbox)
    #expect(change.status == 73, "\(change.stderr)")
    #expect(change.stderr.split(separator: "\n").count == 1 && change.stderr.contains("read-only"), "\(change.stderr)")
  }

  @Test(
    "a read-only store file in a writable directory: a write exits 73 with one line, not 70",
    .enabled(if: OtherUser.isAvailable, "needs setpriv to drop root; skipped"))
  func readOnlyStoreFile() async throws {
    let sandbox = try Sandbox()
    let data = sandbox.dataDirectory
    #expect(try await sandbox.cosmonaut(["supplies", "restock", "water", "3"]).status == 0)
    let store = ["cosmonaut.sqlite", "cosmonaut.sqlite-wal", "cosmonaut.sqlite-shm"].map { data + "/" + $0 }
    OtherUser.makeReadOnly(store, mode: 0o444)
    if OtherUser.isRoot { chmod(data, 0o777) }
    let restock = try await OtherUser.run(
      Executables.cosmonaut, ["--data-dir", data, "supplies", "restock", "water", "1"], in: sandbox)
    #expect(restock.status == 73, "\(restock.stderr)")
    #expect(restock.stderr.split(separator: "\n").count == 1, "\(restock.stderr)")
    #expect(restock.stderr.contains("read-only"), "\(restock.stderr)")
    let list = try await OtherUser.run(
      Executables.cosmonaut, ["--data-dir", data, "supplies", "list", "--json"], in: sandbox)
    #expect(quantity(of: "water", in: list) == 403)
  }

  @Test("a data directory that cannot be made says the system's reason: a symbolic link loop, a name too long")
  func dataDirectoryErrno() async throws {
    let sandbox = try Sandbox()
    let (a, b) = (
      sandbox.directory.appendingPathComponent("a").path, sandbox.directory.appendingPathComponent("b").path
    )
    try FileManager.default.createSymbolicLink(atPath: a, withDestinationPath: b)
    try FileManager.default.createSymbolicLink(atPath: b, withDestinationPath: a)
    let cases: [(String, String)] = [
      (a, "symbolic link loop"), (a + "/iss", "symbolic link loop"),
      (sandbox.directory.appendingPathComponent(String(repeating: "n", count: 300)).path, "too long"),
    ]
    for (directory, reason) in cases {
      let result = try await sandbox.run(
        Executables.cosmonaut, ["--data-dir", directory, "supplies", "list"], environment: sandbox.environment)
      #expect(result.status == 73, "\(directory): \(result.stderr)")
      #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
      #expect(result.stderr.contains(reason), "\(result.stderr)")
      #expect(!result.stderr.contains("permission denied or read-only"), "\(result.stderr)")
    }
  }

  @Test(
    "a data directory this user may not open or create is 'permission denied', naming it",
    .enabled(if: OtherUser.isRoot && OtherUser.isAvailable, "needs root to run as nobody; skipped"))
  func dataDirectoryPermissionDenied() async throws {
    let sandbox = try Sandbox()
    let closed = sandbox.directory.appendingPathComponent("closed").path
    try FileManager.default.createDirectory(atPath: closed, withIntermediateDirectories: false)
    chmod(closed, 0o700)
    let opening = try await OtherUser.run(
      Executables.cosmonaut, ["--data-dir", closed + "/iss", "supplies", "list"], in: sandbox)
    #expect(opening.status == 73)
    #expect(opening.stderr.contains("permission denied: this user may not open \(closed)/iss"), "\(opening.stderr)")
    chmod(closed, 0o755)
    let creating = try await OtherUser.run(
      Executables.cosmonaut, ["--data-dir", closed + "/iss", "supplies", "list"], in: sandbox)
    #expect(creating.status == 73)
    #expect(creating.stderr.contains("permission denied: this user may not create \(closed)/iss"), "\(creating.stderr)")
  }

  @Test(
    "a data directory on a read-only file system: creating it says so; an existing one is read",
    .enabled("mounting a small tmpfs needs root; skipped") { await SmallDisk.isAvailable() })
  func readOnlyFileSystem() async throws {
    let disk = try await SmallDisk.mount()
    let sandbox = try Sandbox()
    let data = disk.mountPoint.appendingPathComponent("data").path
    let restock = try await sandbox.run(
      Executables.cosmonaut, ["--data-dir", data, "supplies", "restock", "water", "2"], environment: sandbox.environment
    )
    #expect(restock.status == 0, "\(restock.stderr)")
    #expect(await disk.makeReadOnly())
    let create = try await sandbox.run(
      Executables.cosmonaut, ["--data-dir", disk.mountPoint.appendingPathComponent("new").path, "supplies", "list"],
      environment: sandbox.environment)
    #expect(create.status == 73)
    #expect(create.stderr.contains("its file system is read-only"), "\(create.stderr)")
    let list = try await sandbox.run(
      Executables.cosmonaut, ["--data-dir", data, "supplies", "list", "--json"], environment: sandbox.environment)
    #expect(list.status == 0, "\(list.stderr)")
    #expect(quantity(of: "water", in: list) == 402)
    let consume = try await sandbox.run(
      Executables.cosmonaut, ["--data-dir", data, "supplies", "consume", "water", "1"], environment: sandbox.environment
    )
    #expect(consume.status == 73, "\(consume.stderr)")
    #expect(consume.stderr.split(separator: "\n").count == 1 && consume.stderr.contains("read-only"))
    await disk.unmount()
  }
}
