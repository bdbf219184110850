import EndToEndSupport
import Foundation
import TestHarness
import Testing

/// The `cosmonaut` executable driven as a user would: one process per command, a temporary data directory.
@Suite("cosmonaut commands")
struct CosmonautCommandTests {
  @Test("a profile set in one process is read back by the next")
  func profilePersistsAcrossProcesses() async throws {
    let sandbox = try Sandbox()
    let set = try await sandbox.cosmonaut([
      "profile", "set", "--name", "Yuri Gagarin", "--agency", "Roscosmos", "--role=Commander", "--mission", "Vostok 1",
    ])
    #expect(set.status == 0, "stderr: \(set.stderr)")

    let show = try await sandbox.cosmonaut(["profile", "show", "--json"])
    #expect(show.status == 0, "stderr: \(show.stderr)")
    let profile = try #require(try show.stdout.json() as? [String: Any])
    #expect(profile["name"] as? String == "Yuri Gagarin")
    #expect(profile["agency"] as? String == "Roscosmos")
    #expect(profile["role"] as? String == "Commander")
    #expect(profile["mission"] as? String == "Vostok 1")
  }

  @Test("consuming more than is in stock exits 65 and changes nothing")
  func overConsumptionIsRejected() async throws {
    let sandbox = try Sandbox()
    let before = try await quantity(of: "water", in: sandbox)
    let result = try await sandbox.cosmonaut(["supplies", "consume", "water", String(before + 1)])
    #expect(result.status == 65)
    #expect(result.stdout.isEmpty)
    let lines = result.stderr.split(separator: "\n")
    #expect(lines.count == 1, "one clear line, got: \(result.stderr)")
    #expect(result.stderr.contains("water"))
    #expect(try await quantity(of: "water", in: sandbox) == before)
    #expect(try await pendingChanges(in: sandbox).isEmpty, "a rejected change queues nothing for Houston")
  }

  @Test("two processes changing supplies at the same time lose no update")
  func concurrentProcessesLoseNoUpdate() async throws {
    let sandbox = try Sandbox()
    let before = try await quantity(of: "water", in: sandbox)
    let rounds = 6
    try await withThrowingTaskGroup(of: [Int32].self) { group in
      for _ in 0..<2 {
        group.addTask {
          var statuses: [Int32] = []
          for _ in 0..<rounds {
            statuses.append(try await sandbox.cosmonaut(["supplies", "consume", "water", "1"]).status)
          }
          return statuses
        }
      }
      for try await statuses in group {
        #expect(statuses.allSatisfy { $0 == 0 }, "statuses: \(statuses)")
      }
    }
    #expect(try await quantity(of: "water", in: sandbox) == before - 2 * rounds)
    #expect(try await pendingChanges(in: sandbox).count == 2 * rounds, "every change waits for Houston exactly once")
  }

  @Test("commands started at once on a new data directory all make and open one store, losing no update")
  func concurrentFirstCommandsShareOneNewStore() async throws {
    let initial = try await quantity(of: "water", in: try Sandbox())
    let sandbox = try Sandbox()
    let processes = 6
    let results = try await withThrowingTaskGroup(of: ProcessResult.self) { group in
      for _ in 0..<processes {
        group.addTask { try await sandbox.cosmonaut(["supplies", "consume", "water", "1"]) }
      }
      return try await group.reduce(into: []) { $0.append($1) }
    }
    for result in results { #expect(result.status == 0, "stderr: \(result.stderr)") }
    #expect(try await quantity(of: "water", in: sandbox) == initial - processes)
  }

  @Test("an unknown command exits 64 with one helpful line")
  func unknownCommand() async throws {
    let sandbox = try Sandbox()
    let result = try await sandbox.cosmonaut(["launch"])
    #expect(result.status == 64)
    #expect(result.stdout.isEmpty)
    #expect(result.stderr.split(separator: "\n").count == 1)
    #expect(result.stderr.contains("unknown command 'launch'"))
    #expect(result.stderr.contains("cosmonaut --help"))
  }

  @Test(
    "bad usage exits 64 with one line",
    arguments: [
      ["supplies", "consume", "water"], ["supplies", "consume", "water", "lots"], ["suit", "set", "temperature", "99"],
      ["suit", "set", "warp", "9"], ["--suit", "bluetooth", "health"], ["--houston", "ftp://x", "sync"],
      ["--log-level", "loud", "profile", "show"], ["profile", "set"], ["profile", "show", "--verbose"], ["suit"],
      ["suit", "watch", "--json"],
    ])
  func badUsage(arguments: [String]) async throws {
    let sandbox = try Sandbox()
    let result = try await sandbox.cosmonaut(arguments)
    #expect(result.status == 64, "\(arguments): \(result.stderr)")
    #expect(result.stderr.split(separator: "\n").count == 1, "\(arguments): \(result.stderr)")
    #expect(result.stderr.hasPrefix("error: "))
  }

  @Test("a blank Houston token is refused (64) before anything is touched")
  func blankHoustonToken() async throws {
    let sandbox = try Sandbox()
    let result = try await sandbox.cosmonaut(
      ["--houston", "http://127.0.0.1:9", "sync"], extraEnvironment: ["ISS_HOUSTON_TOKEN": "   "])
    #expect(result.status == 64)
    #expect(
      result.stderr
        == "error: ISS_HOUSTON_TOKEN is empty; set it to Houston's token, or unset it for the token built into the app\n"
    )
    #expect(!FileManager.default.fileExists(atPath: sandbox.dataDirectory + "/cosmonaut.sqlite"))
  }

  @Test("--help on the app and on each command exits 0 and says how to call it")
  func help() async throws {
    let sandbox = try Sandbox()
    let main = try await sandbox.cosmonaut(["--help"])
    #expect(main.status == 0)
    for command in ["profile set", "supplies consume", "suit watch", "sync", "health", "open"] {
      #expect(main.stdout.contains(command), "main help lists \(command)")
    }
    let consume = try await sandbox.cosmonaut(["supplies", "consume", "--help"])
    #expect(consume.status == 0)
    #expect(consume.stdout.contains("USAGE: cosmonaut supplies consume <item> <quantity> [--json]"))
  }

  @Test("scripted output carries no colour codes when it is not a terminal")
  func noColorWhenPiped() async throws {
    let sandbox = try Sandbox()
    let result = try await sandbox.cosmonaut(["supplies", "list"])
    #expect(result.status == 0)
    #expect(result.stdout.contains("Drinking water") || result.stdout.contains("water"))
    #expect(!result.stdout.contains("\u{1B}["))
  }

  @Test("health and suit status work with the in-process simulated suit")
  func simulatedSuit() async throws {
    let sandbox = try Sandbox()
    let health = try await sandbox.cosmonaut(["health", "--json"])
    #expect(health.status == 0, "stderr: \(health.stderr)")
    let document = try #require(try health.stdout.json() as? [String: Any])
    let readings = try #require(document["readings"] as? [[String: Any]])
    #expect(readings.count >= 5)
    #expect(readings.allSatisfy { ["optimal", "warning", "critical"].contains($0["status"] as? String ?? "") })

    let set = try await sandbox.cosmonaut(["suit", "set", "temperature", "22.5"])
    #expect(set.status == 0, "stderr: \(set.stderr)")
    #expect(set.stdout.contains("acknowledged"))

    let watch = try await sandbox.cosmonaut(["suit", "watch", "--count", "3", "--interval-ms", "20", "--json"])
    #expect(watch.status == 0, "stderr: \(watch.stderr)")
    #expect((try watch.stdout.json() as? [Any])?.count == 3)
  }

  @Test("a suit that is not there is reported as unreachable (69)")
  func unreachableSuit() async throws {
    let sandbox = try Sandbox()
    let result = try await sandbox.cosmonaut(["--suit", "unix:\(sandbox.socketPath)", "suit", "status"])
    #expect(result.status == 69)
    #expect(result.stderr.split(separator: "\n").count == 1)
    #expect(result.stderr.contains(sandbox.socketPath))
  }

  /// The kinds of the outbox entries that record a change (status reports left out).
  private func pendingChanges(in sandbox: Sandbox) async throws -> [String] {
    let status = try await sandbox.cosmonaut(["sync", "status", "--json"])
    let report = try #require(try status.stdout.json() as? [String: Any])
    let pending = try #require(report["pending"] as? [[String: Any]])
    return pending.compactMap { $0["kind"] as? String }.filter { $0 != "status.report" }
  }

  private func quantity(of item: String, in sandbox: Sandbox) async throws -> Int {
    let list = try await sandbox.cosmonaut(["supplies", "list", "--json"])
    #expect(list.status == 0, "stderr: \(list.stderr)")
    let items = try #require(try list.stdout.json() as? [[String: Any]])
    let entry = try #require(items.first { $0["id"] as? String == item })
    return try #require(entry["quantity"] as? Int)
  }
}
