import EndToEndSupport
import Foundation
import TestHarness
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// One delivery mechanism for every receiver (issue 20): TsUP and the lab results go out in batches
/// as Houston's reports do, a receiver without a batch endpoint gets one message per request, and a
/// sync killed mid-delivery re-sends nothing the receiver had acknowledged. Counted on the server's
/// side: `Scripts/houston` says which keys arrived, how often, and in how many requests.
@Suite("delivery in batches, and after a kill")
struct DeliveryTests {
  /// What a receiver of `Scripts/houston` says arrived.
  struct Arrivals {
    /// How many times each key arrived, in the order first arrived.
    var times: [(key: String, times: Int)]
    /// Requests that carried one message, and batches.
    var single: Int
    var batch: Int

    /// Arrivals of a key already seen: what was sent again.
    var resent: Int { times.reduce(0) { $0 + $1.times - 1 } }

    /// What arrived at `path` (e.g. "/api/v2/telemetry") of the server at `base`.
    static func at(_ base: String, _ path: String) async throws -> Arrivals {
      guard let url = URL(string: base + path + "/received") else { throw URLError(.badURL) }
      let (data, _) = try await URLSession.shared.data(from: url)
      let body = try JSONSerialization.jsonObject(with: data) as? [String: Any]
      guard let received = body?["received"] as? [[String: Any]], let requests = body?["requests"] as? [String: Int]
      else { throw URLError(.cannotParseResponse) }
      return Arrivals(
        times: received.compactMap { entry in
          (entry["key"] as? String).map { ($0, entry["times"] as? Int ?? 0) }
        }, single: requests["single"] ?? 0, batch: requests["batch"] ?? 0)
    }
  }

  /// A flavour of the cosmonaut app; its mission control counts what arrived at its `appliedPath`.
  typealias Flavour = FlavourTests.Flavour

  func run(_ flavour: Flavour, _ sandbox: Sandbox, _ arguments: [String]) async throws -> ProcessResult {
    try await sandbox.run(
      flavour.executable, ["--data-dir", sandbox.dataDirectory] + arguments,
      environment: sandbox.environment.merging(["ISS_LANGUAGE": "en"]) { $1 })
  }

  /// `count` supply changes queued offline (the first sync adds the status report).
  func queue(_ count: Int, _ flavour: Flavour, _ sandbox: Sandbox) async throws {
    for index in 0..<count {
      let change = index % 2 == 0 ? "restock" : "consume"
      #expect(try await run(flavour, sandbox, ["supplies", change, "water", "1"]).status == 0)
    }
  }

  @Test("cosmonaut-ru sends TsUP its messages in batches, each applied once")
  func tsupBatches() async throws {
    let sandbox = try Sandbox()
    try await queue(3, .tsup, sandbox)
    let (server, url) = try await sandbox.houston(["--dialect", "tsup"])
    defer { server.terminate() }
    let sync = try await run(.tsup, sandbox, ["--tsup", url, "sync", "--json"])
    #expect(sync.status == 0, "\(sync.stderr)")
    #expect(((try sync.stdout.json() as? [String: Any])?["delivered"] as? [Any])?.count == 4)
    let arrivals = try await Arrivals.at(url, Flavour.tsup.appliedPath)
    #expect(arrivals.batch == 1 && arrivals.single == 0, "one batch: \(arrivals)")
    #expect(arrivals.times.count == 4 && arrivals.resent == 0)
    let applied = try await FlavourTests.list("/api/v2/telemetry", "messages", at: url)
    #expect(applied.count == 4)
  }

  @Test("a TsUP without the batch endpoint gets one message per request, asked for batches once")
  func tsupWithoutBatches() async throws {
    let sandbox = try Sandbox()
    try await queue(2, .tsup, sandbox)
    let (server, url) = try await sandbox.houston(["--dialect", "tsup", "--no-batch"])
    defer { server.terminate() }
    let sync = try await run(.tsup, sandbox, ["--tsup", url, "sync"])
    #expect(sync.status == 0, "\(sync.stderr)")
    let arrivals = try await Arrivals.at(url, Flavour.tsup.appliedPath)
    #expect(arrivals.batch == 0 && arrivals.single == 3, "\(arrivals)")
    #expect(arrivals.resent == 0)
    #expect(try await FlavourTests.list("/api/v2/telemetry", "messages", at: url).count == 3)
  }

  @Test("laboratory sends its results in batches, and one per request to a Houston without them")
  func labResultsBatches() async throws {
    let bench = try await LaboratoryTests.Bench()
    try await bench.setCrew()
    let batching = try await bench.sandbox.houston(["--dialect", "houston"])
    defer { batching.server.terminate() }
    // The catalogue comes from Houston; starting a run sends nothing.
    let started = try await bench.run(["--houston", batching.url, "run", "start", "capillary-flow", "--json"])
    #expect(started.status == 0, "\(started.stderr)")
    #expect(try await bench.run(["stowage", "log-in", "kriogem", "reference"]).status == 0)
    let queued = try #require(try await bench.object("results")["pending"] as? [[String: Any]])
    #expect(queued.count == 2, "the run's start and the sample: \(queued.map { $0["kind"] ?? "" })")
    let sent = try await bench.run(["--houston", batching.url, "results", "send", "--json"])
    #expect(sent.status == 0, "\(sent.stderr)")
    #expect(((try sent.stdout.json() as? [String: Any])?["delivered"] as? [Any])?.count == 2)
    let arrivals = try await Arrivals.at(batching.url, "/v1/lab/results")
    #expect(arrivals.batch == 1 && arrivals.single == 0 && arrivals.times.count == 2, "\(arrivals)")
    #expect(try await LabHouston.results(at: batching.url).count == 2)

    #expect(try await bench.run(["stowage", "log-in", "kriogem", "second"]).status == 0)
    #expect(try await bench.run(["stowage", "log-in", "kriogem", "third"]).status == 0)
    let older = try await bench.sandbox.houston(["--dialect", "houston", "--no-batch"])
    defer { older.server.terminate() }
    #expect(try await bench.run(["--houston", older.url, "results", "send"]).status == 0)
    let singles = try await Arrivals.at(older.url, "/v1/lab/results")
    #expect(singles.batch == 0 && singles.single == 2 && singles.resent == 0, "\(singles)")
  }

  @Test(
    "a sync killed mid-delivery re-sends nothing the receiver acknowledged", arguments: [Flavour.houston, .tsup])
  func killedSyncResendsNothingAcknowledged(_ flavour: Flavour) async throws {
    let sandbox = try Sandbox()
    try await queue(7, flavour, sandbox)
    // One message per request, each answered after a while: the kill lands mid-delivery.
    let (server, url) = try await sandbox.houston([
      "--dialect", flavour.centre.lowercased(), "--no-batch", "--delay-ms", "150",
    ])
    defer { server.terminate() }
    let session = try KeyboardSession(
      sandbox: sandbox, arguments: [flavour.option, url, "sync"], executable: flavour.executable)
    var arrived = 0
    try await until("four reports to arrive before the kill") {
      arrived = try await Arrivals.at(url, flavour.appliedPath).times.count
      return arrived >= 4
    }
    await session.kill9()
    #expect(arrived >= 4, "the sync was under way when killed")
    let killed = try await Arrivals.at(url, flavour.appliedPath)
    #expect(killed.times.count < 8, "killed before it was done: \(killed)")

    let again = try await run(flavour, sandbox, [flavour.option, url, "sync", "--json"])
    #expect(again.status == 0, "\(again.stderr)")
    let arrivals = try await Arrivals.at(url, flavour.appliedPath)
    #expect(arrivals.times.count == 8, "the status report and seven changes: \(arrivals)")
    // Only the request in flight at the kill (applied, its answer never read) may come again.
    #expect(arrivals.resent <= 1, "re-sent after the kill: \(arrivals.times.filter { $0.times > 1 })")
    let status = try #require(
      try (try await run(flavour, sandbox, ["sync", "status", "--json"])).stdout.json() as? [String: Any])
    #expect((status["pending"] as? [Any])?.isEmpty == true, "\(status)")
  }
}
