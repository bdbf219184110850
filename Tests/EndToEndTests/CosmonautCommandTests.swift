import Foundation
import Testing

/// The `cosmonaut` executable driven as a user would: one process per command, a temporary data directory.
@Suite("cosmonaut commands")
struct CosmonautCommandTests {
  @Test("a profile set in one process is read back by the next")
  func profilePersistsAcrossProcesses() throws {
    let sandbox = try Sandbox()
    let set = try sandbox.cosmonaut([
      "profile", "set", "--name", "Yuri Gagarin", "--agency", "Roscosmos", "--role=Commander", "--mission", "Vostok 1",
    ])
    #expect(set.status == 0, "stderr: \(set.stderr)")

    let show = try sandbox.cosmonaut(["profile", "show", "--json"])
    #expect(show.status == 0, "stderr: \(show.stderr)")
    let profile = try #require(try show.stdout.json() as? [String: Any])
    #expect(profile["name"] as? String == "Yuri Gagarin")
    #expect(profile["agency"] as? String == "Roscosmos")
    #expect(profile["role"] as? String == "Commander")
    #expect(profile["mission"] as? String == "Vostok 1")
  }

  @Test("consuming more than is in stock exits 65 and changes nothing")
  func overConsumptionIsRejected() throws {
    let sandbox = try Sandbox()
    let before = try quantity(of: "water", in: sandbox)
    let result = try sandbox.cosmonaut(["supplies", "consume", "water", String(before + 1)])
    #expect(result.status == 65)
    #expect(result.stdout.isEmpty)
    let lines = result.stderr.split(separator: "\n")
    #expect(lines.count == 1, "one clear line, got: \(result.stderr)")
    #expect(result.stderr.contains("water"))
    #expect(try quantity(of: "water", in: sandbox) == before)
    let pending = try sandbox.cosmonaut(["sync", "status", "--json"])
    let report = try #require(try pending.stdout.json() as? [String: Any])
    #expect((report["pending"] as? [Any])?.isEmpty == true, "a rejected change queues nothing for Houston")
  }

  @Test("two processes changing supplies at the same time lose no update")
  func concurrentProcessesLoseNoUpdate() async throws {
    let sandbox = try Sandbox()
    let before = try quantity(of: "water", in: sandbox)
    let rounds = 6
    try await withThrowingTaskGroup(of: [Int32].self) { group in
      for _ in 0..<2 {
        group.addTask {
          var statuses: [Int32] = []
          for _ in 0..<rounds {
            statuses.append(try sandbox.cosmonaut(["supplies", "consume", "water", "1"]).status)
          }
          return statuses
        }
      }
      for try await statuses in group {
        #expect(statuses.allSatisfy { $0 == 0 }, "statuses: \(statuses)")
      }
    }
    #expect(try quantity(of: "water", in: sandbox) == before - 2 * rounds)
    let pending = try sandbox.cosmonaut(["sync", "status", "--json"])
    let report = try #require(try pending.stdout.json() as? [String: Any])
    #expect((report["pending"] as? [Any])?.count == 2 * rounds, "every change waits for Houston exactly once")
  }

  @Test("an unknown command exits 64 with one helpful line")
  func unknownCommand() throws {
    let sandbox = try Sandbox()
    let result = try sandbox.cosmonaut(["launch"])
    #expect(result.status == 64)
    #expect(result.stdout.isEmpty)
    #expect(result.stderr.split(separator: "\n").count == 1)
    #expect(result.stderr.contains("unknown command \"launch\""))
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
  func badUsage(arguments: [String]) throws {
    let sandbox = try Sandbox()
    let result = try sandbox.cosmonaut(arguments)
    #expect(result.status == 64, "\(arguments): \(result.stderr)")
    #expect(result.stderr.split(separator: "\n").count == 1, "\(arguments): \(result.stderr)")
    #expect(result.stderr.hasPrefix("error: "))
  }

  @Test("--help on the app and on each command exits 0 and says how to call it")
  func help() throws {
    let sandbox = try Sandbox()
    let main = try sandbox.cosmonaut(["--help"])
    #expect(main.status == 0)
    for command in ["profile set", "supplies consume", "suit watch", "sync", "health", "open"] {
      #expect(main.stdout.contains(command), "main help lists \(command)")
    }
    let consume = try sandbox.cosmonaut(["supplies", "consume", "--help"])
    #expect(consume.status == 0)
    #expect(consume.stdout.contains("Usage: cosmonaut supplies consume ITEM QUANTITY"))
  }

  @Test("scripted output carries no colour codes when it is not a terminal")
  func noColorWhenPiped() throws {
    let sandbox = try Sandbox()
    let result = try sandbox.cosmonaut(["supplies", "list"])
    #expect(result.status == 0)
    #expect(result.stdout.contains("Drinking water") || result.stdout.contains("water"))
    #expect(!result.stdout.contains("\u{1B}["))
  }

  @Test("health and suit status work with the in-process simulated suit")
  func simulatedSuit() throws {
    let sandbox = try Sandbox()
    let health = try sandbox.cosmonaut(["health", "--json"])
    #expect(health.status == 0, "stderr: \(health.stderr)")
    let document = try #require(try health.stdout.json() as? [String: Any])
    let readings = try #require(document["readings"] as? [[String: Any]])
    #expect(readings.count >= 5)
    #expect(readings.allSatisfy { ["optimal", "warning", "critical"].contains($0["status"] as? String ?? "") })

    let set = try sandbox.cosmonaut(["suit", "set", "temperature", "22.5"])
    #expect(set.status == 0, "stderr: \(set.stderr)")
    #expect(set.stdout.contains("acknowledged"))

    let watch = try sandbox.cosmonaut(["suit", "watch", "--count", "3", "--interval-ms", "20", "--json"])
    #expect(watch.status == 0, "stderr: \(watch.stderr)")
    #expect((try watch.stdout.json() as? [Any])?.count == 3)
  }

  @Test("a suit that is not there is reported as unreachable (69)")
  func unreachableSuit() throws {
    let sandbox = try Sandbox()
    let result = try sandbox.cosmonaut(["--suit", "unix:\(sandbox.socketPath)", "suit", "status"])
    #expect(result.status == 69)
    #expect(result.stderr.split(separator: "\n").count == 1)
    #expect(result.stderr.contains(sandbox.socketPath))
  }

  private func quantity(of item: String, in sandbox: Sandbox) throws -> Int {
    let list = try sandbox.cosmonaut(["supplies", "list", "--json"])
    #expect(list.status == 0, "stderr: \(list.stderr)")
    let items = try #require(try list.stdout.json() as? [[String: Any]])
    let entry = try #require(items.first { $0["id"] as? String == item })
    return try #require(entry["quantity"] as? Int)
  }
}
