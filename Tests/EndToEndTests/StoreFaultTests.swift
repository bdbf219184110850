import EndToEndSupport
import Foundation
import TestHarness
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// A small tmpfs mounted for one test, so the disk can really be filled; unmounted afterwards.
final class SmallDisk: Sendable {
  let mountPoint: URL

  /// Whether this process may mount a tmpfs (it must be root, and the kernel must allow it); probed once.
  static func isAvailable() async -> Bool { await availability.value }

  private static let availability = Task<Bool, Never> {
    guard geteuid() == 0, let probe = try? await SmallDisk.mount(size: "64k") else { return false }
    await probe.unmount()
    return true
  }

  private init(mountPoint: URL) {
    self.mountPoint = mountPoint
  }

  /// Mounts a tmpfs of `size` on a fresh folder.
  static func mount(size: String = "1m") async throws -> SmallDisk {
    let mountPoint = URL(fileURLWithPath: "/tmp/iss-disk-\(UUID().uuidString.prefix(8))", isDirectory: true)
    try FileManager.default.createDirectory(at: mountPoint, withIntermediateDirectories: true)
    let mounted = try? await ChildProcess.run(
      "/bin/mount", ["-t", "tmpfs", "-o", "size=\(size)", "tmpfs", mountPoint.path])
    guard mounted?.status == 0 else {
      try? FileManager.default.removeItem(at: mountPoint)
      throw CocoaError(.fileWriteNoPermission)
    }
    return SmallDisk(mountPoint: mountPoint)
  }

  /// Mounts the disk again read-only (what it holds stays readable); whether that worked.
  func makeReadOnly() async -> Bool {
    (try? await ChildProcess.run("/bin/mount", ["-o", "remount,ro", mountPoint.path]))?.status == 0
  }

  /// Unmounts the disk and removes its folder; released without it, the disk is unmounted in the background.
  func unmount() async {
    _ = try? await ChildProcess.run("/bin/umount", [mountPoint.path])
    try? FileManager.default.removeItem(at: mountPoint)
  }

  deinit {
    let mountPoint = mountPoint
    guard FileManager.default.fileExists(atPath: mountPoint.path) else { return }
    Task.detached {
      _ = try? await ChildProcess.run("/bin/umount", [mountPoint.path])
      try? FileManager.default.removeItem(at: mountPoint)
    }
  }

  /// Bytes still free on the disk.
  var available: Int {
    var info = statvfs()
    guard statvfs(mountPoint.path, &info) == 0 else { return 0 }
    return Int(info.f_bavail) * Int(info.f_frsize)
  }

  /// Fills the disk with one file until only about `free` bytes are left.
  func fill(leaving free: Int) throws {
    let filler = mountPoint.appendingPathComponent("filler")
    _ = FileManager.default.createFile(atPath: filler.path, contents: nil)
    let handle = try FileHandle(forWritingTo: filler)
    defer { try? handle.close() }
    try handle.seekToEnd()
    let chunk = Data(count: 4096)
    while available > free + chunk.count { try handle.write(contentsOf: chunk) }
  }
}

/// Runs a python3 snippet (the standard library's sqlite3 stands in for another program).
private func python(_ script: String, _ arguments: [String] = [], in sandbox: Sandbox) async throws -> Int32 {
  try await sandbox.run(
    URL(fileURLWithPath: "/usr/bin/env"), ["python3", "-c", script] + arguments, environment: sandbox.environment
  ).status
}

/// `cosmonaut` with its data directory on a small disk of its own.
private struct OnSmallDisk {
  let disk: SmallDisk
  let sandbox: Sandbox
  let data: String

  init() async throws {
    disk = try await SmallDisk.mount()
    sandbox = try Sandbox()
    data = disk.mountPoint.appendingPathComponent("data").path
  }

  func cosmonaut(_ arguments: [String]) async throws -> ProcessResult {
    try await sandbox.run(Executables.cosmonaut, ["--data-dir", data] + arguments, environment: sandbox.environment)
  }
}

private func water(_ result: ProcessResult) -> Int? {
  ((try? result.stdout.json()) as? [[String: Any]])?.first { $0["id"] as? String == "water" }?["quantity"] as? Int
}

/// The data directory on a disk that fills up (issue 8 item 5), a lock held by another process,
/// and a database that belongs to another program (item 12).
@Suite("cosmonaut and its store under faults")
struct StoreFaultTests {
  @Test(
    "on a nearly full disk, reads work and a write fails with 'disk full' (exit 74), changing nothing",
    .enabled("mounting a small tmpfs needs root; skipped") { await SmallDisk.isAvailable() })
  func nearlyFullDisk() async throws {
    let small = try await OnSmallDisk()
    let (disk, data, cosmonaut) = (small.disk, small.data, small.cosmonaut)
    #expect(try await cosmonaut(["supplies", "restock", "water", "5"]).status == 0)
    #expect(try await cosmonaut(["profile", "set", "--name", "Valentina Tereshkova"]).status == 0)
    try disk.fill(leaving: 6 * 1024)

    let list = try await cosmonaut(["supplies", "list", "--json"])
    #expect(list.status == 0, "\(list.stderr)")
    #expect(water(list) == 405)
    #expect(try await cosmonaut(["profile", "show", "--json"]).status == 0)

    // Writes that still fit succeed; the first that cannot fit fails with one clear line.
    var consumed = 0
    var failure: ProcessResult?
    for _ in 0..<20 {
      let consume = try await cosmonaut(["supplies", "consume", "water", "1"])
      guard consume.status == 0 else {
        failure = consume
        break
      }
      consumed += 1
    }
    let full = try #require(failure, "the disk never filled up")
    #expect(full.status == 74, "stdout: \(full.stdout) stderr: \(full.stderr)")
    #expect(full.stdout.isEmpty)
    #expect(full.stderr.split(separator: "\n").count == 1, "\(full.stderr)")
    #expect(full.stderr.contains("full"))
    #expect(!full.stderr.contains("move"))
    let after = try await cosmonaut(["supplies", "list", "--json"])
    #expect(after.status == 0, "reads still work: \(after.stderr)")
    #expect(water(after) == 405 - consumed, "the failed write changed nothing")

    // The files the app appends to still hold whole lines only.
    let analytics = try String(contentsOfFile: data + "/analytics.jsonl", encoding: .utf8)
    for line in analytics.split(separator: "\n") {
      #expect((try? JSONSerialization.jsonObject(with: Data(line.utf8))) != nil, "a broken line: \(line)")
    }
    let log = try String(contentsOfFile: data + "/cosmonaut.log", encoding: .utf8)
    #expect(log.isEmpty || log.hasSuffix("\n"))
    for line in log.split(separator: "\n") { #expect(line.hasPrefix("20"), "a broken line: \(line)") }
  }

  @Test(
    "a store whose write-ahead files are gone still opens for reading on a full disk", .needsPython3,
    .enabled("mounting a small tmpfs needs root; skipped") { await SmallDisk.isAvailable() })
  func fullDiskWithoutSharedMemoryFile() async throws {
    let small = try await OnSmallDisk()
    let (disk, sandbox, data, cosmonaut) = (small.disk, small.sandbox, small.data, small.cosmonaut)
    #expect(try await cosmonaut(["supplies", "restock", "water", "1"]).status == 0)
    // Another program (here python's sqlite3) checkpoints and closes last: -wal and -shm are deleted.
    let checkpoint =
      "import sqlite3, sys; c = sqlite3.connect(sys.argv[1]); c.execute('PRAGMA wal_checkpoint(TRUNCATE)'); c.close()"
    #expect(try await python(checkpoint, [data + "/cosmonaut.sqlite"], in: sandbox) == 0)
    #expect(!FileManager.default.fileExists(atPath: data + "/cosmonaut.sqlite-shm"))
    try disk.fill(leaving: 4 * 1024)

    let list = try await cosmonaut(["supplies", "list", "--json"])
    #expect(list.status == 0, "\(list.stderr)")
    #expect(water(list) == 401)
    let consume = try await cosmonaut(["supplies", "consume", "water", "1"])
    #expect(consume.status == 74, "\(consume.stderr)")
    #expect(!consume.stderr.contains("move"))
  }

  @Test("a database locked by another process is 'busy, try again' (exit 69), not an internal error", .needsPython3)
  func lockedDatabase() async throws {
    let sandbox = try Sandbox()
    #expect(try await sandbox.cosmonaut(["supplies", "list"]).status == 0)
    let database = sandbox.dataDirectory + "/cosmonaut.sqlite"
    // Holds the write lock for longer than cosmonaut waits for it (10 s).
    let holder = try await BackgroundServer.launch(
      URL(fileURLWithPath: "/usr/bin/env"),
      [
        "python3", "-c",
        "import signal, sqlite3, sys, time; signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGTERM}); "
          + "c = sqlite3.connect(sys.argv[1], isolation_level=None); "
          + "c.execute('BEGIN IMMEDIATE'); print('locked', flush=True); time.sleep(40)",
        database,
      ], marker: "locked", environment: sandbox.environment)
    defer { holder.terminate() }
    let consume = try await sandbox.cosmonaut(["supplies", "consume", "water", "1"])
    #expect(consume.status == 69, "\(consume.stderr)")
    #expect(consume.stderr.contains("busy"))
    #expect(consume.stderr.contains("try again"))
    #expect(!consume.stderr.contains("move"))
  }

  @Test("another program's SQLite file named cosmonaut.sqlite is refused and left as it was", .needsPython3)
  func foreignDatabase() async throws {
    let sandbox = try Sandbox()
    try FileManager.default.createDirectory(atPath: sandbox.dataDirectory, withIntermediateDirectories: true)
    let database = sandbox.dataDirectory + "/cosmonaut.sqlite"
    let create =
      "import sqlite3, sys; c = sqlite3.connect(sys.argv[1]); c.execute('CREATE TABLE photos(id INTEGER PRIMARY KEY, caption TEXT)'); c.execute(\"INSERT INTO photos VALUES(1, 'Earthrise')\"); c.commit(); c.close()"
    #expect(try await python(create, [database], in: sandbox) == 0)
    let before = try Data(contentsOf: URL(fileURLWithPath: database))

    for arguments in [["supplies", "list"], ["supplies", "consume", "water", "1"], ["profile", "show"]] {
      let result = try await sandbox.cosmonaut(arguments)
      #expect(result.status == 73, "\(arguments): \(result.stderr)")
      #expect(result.stderr.split(separator: "\n").count == 1)
      #expect(result.stderr.contains("not a store"), "\(result.stderr)")
      #expect(result.stderr.contains("photos"))
      #expect(!result.stderr.contains("move"))
    }
    #expect(try Data(contentsOf: URL(fileURLWithPath: database)) == before, "no table added, nothing written")
  }
}
