import EndToEndSupport
import Foundation
import TestHarness
import Testing

#if canImport(Glibc)
  import Glibc
#endif

private func quantity(of item: String, in result: ProcessResult) -> Int? {
  ((try? result.stdout.json()) as? [[String: Any]])?.first { $0["id"] as? String == item }?["quantity"] as? Int
}

private func fileSize(_ path: String) -> Int {
  ((try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int) ?? -1
}

/// `cosmonaut.sqlite` alone (no `-wal`, no `-shm`), copied as a person copies the file README
/// names, into a new sandbox's data directory.
private func copyOfTheStoreAlone(from sandbox: Sandbox) throws -> Sandbox {
  let copy = try Sandbox()
  try FileManager.default.createDirectory(atPath: copy.dataDirectory, withIntermediateDirectories: true)
  try FileManager.default.copyItem(
    atPath: sandbox.dataDirectory + "/cosmonaut.sqlite", toPath: copy.dataDirectory + "/cosmonaut.sqlite")
  return copy
}

extension KeyboardSession {
  /// At the Supplies screen: the change `key` (`r` restock, `c` consume) of `quantity` of `item`.
  fileprivate func supplies(_ key: String, _ item: String, _ quantity: Int) {
    type(key)
    type(item)
    type(String(quantity))
  }
}

/// Data at rest: what a command acknowledged is in the file people copy when it ends, a log
/// changed under the app loses nothing it confirmed, a store that existed is never started over,
/// and `backup` copies a store safely while others write to it.
@Suite("data at rest")
struct DataAtRestTests {
  @Test("after 50 restocks, cosmonaut.sqlite copied alone holds every one, and the log is empty")
  func theFileAloneHoldsEverything() async throws {
    let sandbox = try Sandbox()
    for _ in 0..<50 {
      let restock = try await sandbox.cosmonaut(["supplies", "restock", "water", "1"])
      #expect(restock.status == 0, "\(restock.stderr)")
      #expect(fileSize(sandbox.dataDirectory + "/cosmonaut.sqlite-wal") == 0)
    }
    let copy = try copyOfTheStoreAlone(from: sandbox)
    let list = try await copy.cosmonaut(["supplies", "list", "--json"])
    #expect(list.status == 0, "\(list.stderr)")
    #expect(quantity(of: "water", in: list) == 450, "not re-seeded with the default stock")
    let original = try await sandbox.cosmonaut(["supplies", "list", "--json"])
    #expect(list.stdout == original.stdout)
  }

  @Test("a log of random bytes between commands is refused with one line naming it (74), never reset with 0")
  func aLogOfRandomBytesIsRefused() async throws {
    let sandbox = try Sandbox()
    #expect(try await sandbox.cosmonaut(["supplies", "consume", "water", "60"]).status == 0)
    let log = sandbox.dataDirectory + "/cosmonaut.sqlite-wal"
    let garbage = Data((0..<100_000).map { _ in UInt8.random(in: 0...255) })
    try garbage.write(to: URL(fileURLWithPath: log))
    for arguments in [["supplies", "list", "--json"], ["supplies", "restock", "water", "1"], ["sync", "status"]] {
      let result = try await sandbox.cosmonaut(arguments)
      #expect(result.status == 74, "\(arguments): \(result.stdout)\(result.stderr)")
      #expect(result.stdout.isEmpty)
      let lines = result.stderr.split(separator: "\n")
      #expect(lines.count == 1 && lines[0].contains(log) && lines[0].contains("backup"), "\(result.stderr)")
    }
    #expect(try Data(contentsOf: URL(fileURLWithPath: log)) == garbage, "the log is left as it was")
    // As the line says: moved away, the store opens as its file holds it, with every change.
    try FileManager.default.moveItem(atPath: log, toPath: log + ".damaged")
    let list = try await sandbox.cosmonaut(["supplies", "list", "--json"])
    #expect(list.status == 0, "\(list.stderr)")
    #expect(quantity(of: "water", in: list) == 340)
  }

  @Test(
    "the log cut, overwritten or deleted under an interactive session loses no confirmed write",
    arguments: ["truncated", "overwritten", "deleted"])
  func aLogChangedUnderASession(change: String) async throws {
    let sandbox = try Sandbox()
    let log = sandbox.dataDirectory + "/cosmonaut.sqlite-wal"
    let session = try KeyboardSession(sandbox: sandbox)
    session.type("u")
    for (index, expected) in [407, 414, 421].enumerated() {
      session.supplies("r", "water", 7)
      try await session.waitFor("Restocked 7 L of Drinking water; \(expected) L left.")
      // Confirmed: the file people copy holds it, while the session still runs.
      let copy = try copyOfTheStoreAlone(from: sandbox)
      #expect(quantity(of: "water", in: try await copy.cosmonaut(["supplies", "list", "--json"])) == expected)
      if index == 1 {
        switch change {
        case "truncated": #expect(truncate(log, 0) == 0)
        case "overwritten":
          let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: log))
          try handle.write(contentsOf: Data((0..<50_000).map { _ in UInt8.random(in: 0...255) }))
          try handle.close()
        default: try FileManager.default.removeItem(atPath: log)
        }
        // Another process meanwhile reads every confirmed change (it got 70, "database error 522").
        let other = try await sandbox.cosmonaut(["supplies", "list", "--json"])
        #expect(other.status == 0 || other.status == 74, "\(other.stderr)")
        if other.status == 0 { #expect(quantity(of: "water", in: other) == 414) }
        if change == "deleted" { break }
      }
    }
    if change == "deleted" {
      // The next change is refused with one line naming the log, not reported as saved.
      session.supplies("r", "water", 7)
      try await session.waitFor("Choose 1-3", occurrence: 4)
    }
    session.type("b")
    session.type("q")
    let result = try await session.finish()
    let list = try await sandbox.cosmonaut(["supplies", "list", "--json"])
    #expect(list.status == 0, "\(list.stderr)")
    if change == "deleted" {
      #expect(result.status == 74, "\(result.stderr)")
      #expect(!result.stdout.contains("421 L left"))
      #expect(result.stderr.split(separator: "\n").filter { $0.contains("cosmonaut.sqlite-wal") }.count == 1)
      #expect(quantity(of: "water", in: list) == 414, "every confirmed restock is kept")
    } else {
      #expect(result.status == 0, "\(result.stderr)")
      #expect(quantity(of: "water", in: list) == 421, "every confirmed restock is kept")
    }
  }

  @Test(
    "a store file that exists without tables is refused with one line (73) and left untouched, never re-seeded",
    .needsPython3, arguments: ["empty file", "database without tables"])
  func aStoreWithoutTablesIsRefused(kind: String) async throws {
    let sandbox = try Sandbox()
    let file = sandbox.dataDirectory + "/cosmonaut.sqlite"
    try FileManager.default.createDirectory(atPath: sandbox.dataDirectory, withIntermediateDirectories: true)
    if kind == "empty file" {
      #expect(FileManager.default.createFile(atPath: file, contents: Data()))
    } else {
      // A database whose only table was dropped: a header and pages, no table.
      let script =
        "import sqlite3, sys; c = sqlite3.connect(sys.argv[1]); c.execute('CREATE TABLE t(x)'); c.execute('DROP TABLE t'); c.commit(); c.close()"
      let python = try await sandbox.run(
        URL(fileURLWithPath: "/usr/bin/env"), ["python3", "-c", script, file], environment: sandbox.environment)
      #expect(python.status == 0)
    }
    let before = try Data(contentsOf: URL(fileURLWithPath: file))
    for arguments in [["supplies", "list"], ["supplies", "consume", "water", "1"]] {
      let result = try await sandbox.cosmonaut(arguments)
      #expect(result.status == 73, "\(result.stdout)\(result.stderr)")
      #expect(result.stdout.isEmpty)
      let lines = result.stderr.split(separator: "\n")
      #expect(lines.count == 1 && lines[0].contains(file) && lines[0].contains("no tables"), "\(result.stderr)")
    }
    #expect(try Data(contentsOf: URL(fileURLWithPath: file)) == before)
  }

  @Test(
    "a stock below zero written into the store is refused with one line (65), never offered as advice",
    .needsPython3)
  func anImpossibleStockIsRefused() async throws {
    let sandbox = try Sandbox()
    #expect(try await sandbox.cosmonaut(["supplies", "consume", "water", "1"]).status == 0)
    let file = sandbox.dataDirectory + "/cosmonaut.sqlite"
    // Another program sets the water's stock to -5 in the stored inventory.
    let script = """
      import json, sqlite3, sys
      c = sqlite3.connect(sys.argv[1])
      (value,) = c.execute("SELECT value FROM entities WHERE collection='cosmonaut.supplies' AND key='inventory'").fetchone()
      items = json.loads(value)
      for item in items:
          if item["id"] == "water": item["quantity"] = -5
      c.execute("UPDATE entities SET value=? WHERE collection='cosmonaut.supplies' AND key='inventory'", (json.dumps(items).encode(),))
      c.commit(); c.close()
      """
    let python = try await sandbox.run(
      URL(fileURLWithPath: "/usr/bin/env"), ["python3", "-c", script, file], environment: sandbox.environment)
    #expect(python.status == 0, "\(python.stderr)")
    for arguments in [
      ["supplies", "list"], ["supplies", "consume", "water", "1"], ["supplies", "restock", "water", "9"],
    ] {
      let result = try await sandbox.cosmonaut(arguments)
      #expect(result.status == 65, "\(result.stdout)\(result.stderr)")
      #expect(result.stdout.isEmpty)
      let lines = result.stderr.split(separator: "\n")
      #expect(
        lines.count == 1 && lines[0].contains(file) && lines[0].contains("water has a stock of -5"), "\(result.stderr)")
    }
  }

  @Test("backup while another process restocks: each copy is a whole store, and none is overwritten")
  func backupWhileAnotherProcessWrites() async throws {
    let sandbox = try Sandbox()
    #expect(try await sandbox.cosmonaut(["supplies", "list"]).status == 0)
    let writer = Task {
      var statuses: [Int32] = []
      for _ in 0..<40 { statuses.append(try await sandbox.cosmonaut(["supplies", "restock", "water", "1"]).status) }
      return statuses
    }
    var seen: [Int] = []
    for round in 0..<6 {
      let target = sandbox.directory.appendingPathComponent("backups/\(round)").path
      let backup = try await sandbox.cosmonaut(["backup", target, "--json"])
      #expect(backup.status == 0, "\(backup.stderr)")
      let files = (try backup.stdout.json() as? [String: Any])?["files"] as? [String]
      #expect(files == [target + "/cosmonaut.sqlite"])
      let restored = try Sandbox()
      try FileManager.default.createDirectory(atPath: restored.dataDirectory, withIntermediateDirectories: true)
      try FileManager.default.copyItem(
        atPath: target + "/cosmonaut.sqlite", toPath: restored.dataDirectory + "/cosmonaut.sqlite")
      let list = try await restored.cosmonaut(["supplies", "list", "--json"])
      #expect(list.status == 0, "\(list.stderr)")
      let water = try #require(quantity(of: "water", in: list))
      #expect((400...440).contains(water))
      seen.append(water)
    }
    #expect(try await writer.value.allSatisfy { $0 == 0 })
    #expect(seen == seen.sorted())
    // Never overwritten: the same directory again is one line, exit 73, and the copy is as it was.
    let target = sandbox.directory.appendingPathComponent("backups/0").path
    let before = try Data(contentsOf: URL(fileURLWithPath: target + "/cosmonaut.sqlite"))
    let again = try await sandbox.cosmonaut(["backup", target])
    #expect(again.status == 73, "\(again.stderr)")
    #expect(again.stdout.isEmpty)
    #expect(again.stderr.split(separator: "\n").count == 1 && again.stderr.contains("already exists"))
    #expect(try Data(contentsOf: URL(fileURLWithPath: target + "/cosmonaut.sqlite")) == before)
    let plain = try await sandbox.cosmonaut(["backup", sandbox.directory.appendingPathComponent("plain").path])
    #expect(plain.status == 0)
    #expect(plain.stdout == "Backed up to \(sandbox.directory.path)/plain/cosmonaut.sqlite\n")
  }
}
