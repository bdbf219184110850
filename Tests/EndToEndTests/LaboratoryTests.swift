import EndToEndSupport
import Foundation
import TestHarness
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// `laboratory` against `lab-sim` over a real Unix socket and the development Houston, on the
/// data directory it shares with `cosmonaut`.
@Suite("laboratory with lab-sim and Houston")
struct LaboratoryTests {
  /// A lab simulator (and, when asked, Houston) for one test, and `laboratory` connected to them.
  final class Bench: Sendable {
    let sandbox: Sandbox
    let labs: BackgroundServer
    let houston: (server: BackgroundServer, url: String)?

    init(_ arguments: [String] = [], houston houstonArguments: [String]? = nil) async throws {
      sandbox = try Sandbox()
      labs = try await BackgroundServer.launch(
        Executables.labSimulator, ["--socket", sandbox.labSocketPath] + arguments, marker: "listening",
        environment: sandbox.environment)
      if let houstonArguments {
        houston = try await sandbox.houston(houstonArguments)
      } else {
        houston = nil
      }
    }

    /// Runs `laboratory --lab unix:SOCKET [--houston URL] ARGUMENTS`.
    func run(_ arguments: [String], input: String? = nil) async throws -> ProcessResult {
      try await sandbox.run(
        Executables.laboratory, connection + arguments, input: input, environment: sandbox.environment)
    }

    var connection: [String] {
      ["--data-dir", sandbox.dataDirectory, "--lab", "unix:\(sandbox.labSocketPath)"]
        + (houston.map { ["--houston", $0.url] } ?? [])
    }

    /// Runs a command with `--json` and reads its document.
    func json(_ arguments: String...) async throws -> Any {
      let result = try await run(arguments + ["--json"])
      #expect(result.status == 0, "\(arguments): \(result.stderr)")
      return try result.stdout.json()
    }

    func object(_ arguments: String...) async throws -> [String: Any] {
      let result = try await run(arguments + ["--json"])
      #expect(result.status == 0, "\(arguments): \(result.stderr)")
      return try #require(try result.stdout.json() as? [String: Any])
    }

    /// The cold stowage's samples, by id.
    func storedSamples() async throws -> [String: [String: Any]] {
      let freezers = try #require(try await object("stowage")["freezers"] as? [[String: Any]])
      let samples = freezers.flatMap { ($0["samples"] as? [[String: Any]]) ?? [] }
      return Dictionary(
        uniqueKeysWithValues: samples.compactMap { sample in (sample["id"] as? String).map { ($0, sample) } })
    }

    /// Sets the profile's name through `cosmonaut`, on the same data directory.
    func setCrew(_ name: String = "Valentina Orlova") async throws {
      #expect(try await sandbox.cosmonaut(["profile", "set", "--name", name]).status == 0)
    }

    /// Polls `condition` (bounded) until it holds.
    func waitUntil(_ what: String, _ condition: () async throws -> Bool) async throws {
      try await until(what, within: .seconds(120), every: .milliseconds(200), condition)
    }
  }

  @Test("labs --json over a real socket: four labs, their racks, the freezers; a faulted rack refuses")
  func labsOverTheSocket() async throws {
    let bench = try await Bench(["--scenario", "rack-fault", "--time-factor", "600"])
    let labs = try await bench.object("labs")
    let racks = try #require(labs["racks"] as? [[String: Any]])
    #expect(Set(racks.compactMap { $0["module"] as? String }) == ["destiny", "columbus", "kibo", "nauka"])
    #expect(racks.contains { $0["rack"] as? String == "msg" && ($0["powerWatts"] as? Double ?? 0) > 500 })
    let freezers = try #require(labs["freezers"] as? [[String: Any]])
    #expect(freezers.compactMap { $0["freezer"] as? String } == ["melfi-1", "melfi-2", "merlin", "kriogem"])
    try await bench.waitUntil("the CIR faults") {
      let racks = try #require(try await bench.object("labs")["racks"] as? [[String: Any]])
      return racks.contains { $0["rack"] as? String == "cir" && $0["state"] as? String == "fault" }
    }
    let refused = try await bench.run(["labs", "rack", "cir", "operating"])
    #expect(refused.status == 65 && refused.stderr.contains("switch it off first"), "\(refused.stderr)")
    #expect(refused.stderr.split(separator: "\n").count == 1)
    #expect(try await bench.run(["labs", "rack", "cir", "off"]).status == 0)
    #expect(try await bench.run(["labs", "rack", "cir", "operating"]).status == 0)
    let text = try await bench.run(["labs"])
    #expect(
      text.status == 0 && text.stdout.contains("Combustion Integrated Rack") && text.stdout.contains("Kibo (JEM)"))
    #expect(await bench.labs.stop() == 0)
  }

  @Test("a procedure run killed with SIGKILL resumes in a new process; its supplies show in cosmonaut", .needsPython3)
  func runSurvivesKill() async throws {
    let bench = try await Bench(houston: [])
    try await bench.setCrew()
    let session = try KeyboardSession(
      sandbox: bench.sandbox,
      arguments: Array(bench.connection.dropFirst(2)) + ["open", "run/start?experiment=plant-habitat"],
      executable: Executables.laboratory)
    try await session.waitFor("Go ahead? [y/N]")
    session.type("y")
    try await session.waitFor("Step 1 of 4: Prepare the glovebox")
    session.type("d")
    try await session.waitFor("Step 2 of 4: Open the habitat")
    await session.kill9()

    let runs = try #require(try await bench.json("run", "list") as? [[String: Any]])
    let run = try #require(runs.first)
    let id = try #require(run["id"] as? String)
    #expect(run["state"] as? String == "running", "killed, not paused")
    let steps = try #require(run["steps"] as? [[String: Any]])
    #expect(steps.map { $0["status"] as? String } == ["done", "pending", "pending", "pending"])

    let resumed = try await bench.run(
      ["open", "run/resume?run=\(id)"], input: "d\nd\ns\nhabitat door jammed\nq\n")
    #expect(resumed.status == 0, "\(resumed.stderr)")
    #expect(resumed.stdout.contains("Step 2 of 4") && !resumed.stdout.contains("Step 1 of 4"), "resumes at step 2")
    #expect(resumed.stdout.contains("Samples") && resumed.stdout.contains("is complete"), "\(resumed.stdout)")
    let done = try #require(try await bench.json("run", "show", id) as? [String: Any])
    #expect(done["state"] as? String == "completed")
    let records = try #require(done["steps"] as? [[String: Any]])
    #expect(records.map { $0["status"] as? String } == ["done", "done", "done", "skipped"])
    #expect(records[3]["reason"] as? String == "habitat door jammed")
    #expect(try await bench.storedSamples().values.filter { $0["run"] as? String == id }.count == 2)

    // The supplies the run drew, seen by `cosmonaut` on the same data directory.
    let supplies = try await bench.sandbox.cosmonaut(["supplies", "list", "--json"])
    let stock = try #require(try supplies.stdout.json() as? [[String: Any]])
    let quantity = { (id: String) in stock.first { $0["id"] as? String == id }?["quantity"] as? Int }
    #expect(quantity("hygiene") == 29, "step 1 drew one hygiene kit; the skipped step 4 none")
    #expect(quantity("medical") == 5, "step 3 drew one medical kit")
  }

  @Test(
    "'run done' on a step a killed process left half-done finishes it, says so, exits 0; repeated requests change nothing",
    .needsPython3)
  func interruptedStepAndRepeatedRequests() async throws {
    let bench = try await Bench(houston: [])
    try await bench.setCrew()
    let id = try #require(try await bench.object("run", "start", "plant-habitat")["id"] as? String)
    // What `run done` killed between drawing the hygiene kit and recording it leaves behind.
    let interrupt = """
      import json, sqlite3, sys
      c = sqlite3.connect(sys.argv[1])
      (value,) = c.execute("SELECT value FROM entities WHERE collection='laboratory.runs' AND key=?", (sys.argv[2],)).fetchone()
      run = json.loads(value)
      run["completing"] = {"step": 1, "stockBefore": {"hygiene": 30}}
      c.execute("UPDATE entities SET value=? WHERE collection='laboratory.runs' AND key=?", (json.dumps(run).encode(), sys.argv[2]))
      c.commit()
      """
    let python = try await bench.sandbox.run(
      URL(fileURLWithPath: "/usr/bin/env"),
      ["python3", "-c", interrupt, bench.sandbox.dataDirectory + "/laboratory.sqlite", id],
      environment: bench.sandbox.environment)
    #expect(python.status == 0, "\(python.stderr)")
    #expect(try await bench.sandbox.cosmonaut(["supplies", "consume", "hygiene", "1"]).status == 0)

    let done = try await bench.run(["run", "done", id, "--step", "1"])
    #expect(done.status == 0, "\(done.stderr)")
    #expect(done.stderr.isEmpty, "\(done.stderr)")
    #expect(
      done.stdout.contains("Finished step 1 of run \(id), which an interrupted run left half-done."), "\(done.stdout)")
    let run = try await bench.object("run", "show", id)
    let steps = try #require(run["steps"] as? [[String: Any]])
    #expect(steps.map { $0["status"] as? String } == ["done", "pending", "pending", "pending"])
    let stock = try #require(
      try await bench.sandbox.cosmonaut(["supplies", "list", "--json"]).stdout.json() as? [[String: Any]])
    #expect(stock.first { $0["id"] as? String == "hygiene" }?["quantity"] as? Int == 29, "drawn once")

    let resume = try await bench.run(["run", "resume", id])
    #expect(resume.status == 0 && resume.stdout.contains("Run \(id) is already running; nothing changed."))
    #expect(try await bench.object("run", "show", id)["updatedAt"] as? String == run["updatedAt"] as? String)
    #expect(try await bench.run(["run", "pause", id]).status == 0)
    let paused = try await bench.object("run", "show", id)
    let again = try await bench.run(["run", "pause", id])
    #expect(
      again.status == 0 && again.stdout.contains("Run \(id) is already paused; nothing changed."), "\(again.stderr)")
    #expect(try await bench.object("run", "show", id)["updatedAt"] as? String == paused["updatedAt"] as? String)
  }

  @Test("samples go into a freezer until it is full; then refused with 65 and nothing changes")
  func freezerFills() async throws {
    let bench = try await Bench()
    for index in 1...4 {
      let result = try await bench.run(["stowage", "log-in", "merlin", "urine-\(index)", "--experiment", "blood-draw"])
      #expect(result.status == 0, "\(result.stderr)")
      #expect(result.stdout.contains("into merlin slot \(index)"), "\(result.stdout)")
    }
    let before = try await bench.storedSamples()
    let pending = try #require(try await bench.object("results")["pending"] as? [Any]).count
    let full = try await bench.run(["stowage", "log-in", "merlin", "urine-5"])
    #expect(full.status == 65, "\(full.stderr)")
    #expect(
      full.stderr
        == "error: merlin is full (4 of 4 slots); log a sample out or use another freezer at +4 °C; nothing changed\n")
    #expect(try await bench.storedSamples().keys == before.keys, "no sample was added")
    #expect(try #require(try await bench.object("results")["pending"] as? [Any]).count == pending, "nothing queued")
    let wrong = try await bench.run(["stowage", "log-in", "fridge", "x"])
    #expect(wrong.status == 64 && wrong.stderr.contains("melfi-1"), "\(wrong.stderr)")
    let out = try #require(before.keys.sorted().first)
    #expect(try await bench.run(["stowage", "log-out", out]).status == 0)
    #expect(try await bench.run(["stowage", "log-in", "merlin", "urine-5"]).status == 0, "a freed slot takes one")
  }

  @Test("an excursion scenario raises an alert and marks the samples it put at risk")
  func excursion() async throws {
    let bench = try await Bench(["--scenario", "freezer-excursion", "--time-factor", "120"])
    for label in ["serum-1", "serum-2"] {
      let result = try await bench.run(["stowage", "log-in", "melfi-1", label])
      #expect(result.status == 0, "logged before the cooler stops: \(result.stderr)")
    }
    #expect(try await bench.run(["stowage", "log-in", "melfi-2", "cells-1"]).status == 0)
    try await bench.waitUntil("melfi-1 leaves its limits") {
      let alerts = try #require(try await bench.object("stowage")["alerts"] as? [[String: Any]])
      return alerts.contains { $0["freezer"] as? String == "melfi-1" }
    }
    let samples = try await bench.storedSamples()
    let atRisk = samples.values.filter { $0["atRisk"] != nil }.compactMap { $0["label"] as? String }
    #expect(Set(atRisk) == ["serum-1", "serum-2"], "only melfi-1's samples: \(atRisk)")
    let text = try await bench.run(["stowage"])
    #expect(
      text.stdout.contains("ALERT: melfi-1 is at") && text.stdout.contains("2 sample(s) at risk"), "\(text.stdout)")
    let refused = try await bench.run(["stowage", "log-in", "melfi-1", "serum-3"])
    #expect(refused.status == 65 && refused.stderr.contains("outside its limits"), "\(refused.stderr)")
    let analytics = try String(contentsOfFile: bench.sandbox.dataDirectory + "/analytics.jsonl", encoding: .utf8)
    #expect(analytics.contains("lab.alert") && analytics.contains("lab.sampleAtRisk"))
    let pending = try #require(try await bench.object("results")["pending"] as? [[String: Any]])
    #expect(pending.filter { $0["kind"] as? String == "samples.atRisk" }.count == 1, "reported to the ground once")
  }

  @Test(
    "results reach Houston exactly once through injected faults; the catalogue is kept for offline use", .needsPython3)
  func resultsExactlyOnce() async throws {
    let bench = try await Bench()
    try await bench.setCrew()
    let plain = try await bench.sandbox.houston()
    let started = try await bench.run(["--houston", plain.url, "run", "start", "capillary-flow", "--json"])
    #expect(started.status == 0, "\(started.stderr)")
    await plain.server.stop()
    let id = try #require((try started.stdout.json() as? [String: Any])?["id"] as? String)
    #expect(try await bench.run(["run", "done", id, "--step", "1"]).status == 0)
    let repeated = try await bench.run(["run", "done", id, "--step", "1"])
    #expect(repeated.status == 0, "a repeated command is no error: \(repeated.stderr)")
    #expect(repeated.stdout.contains("Step 1 of run \(id) is already done; nothing changed."), "\(repeated.stdout)")
    #expect(try await bench.run(["run", "skip", id, "--reason", "fluid did not release"]).status == 0)
    #expect(try await bench.run(["stowage", "log-in", "kriogem", "reference"]).status == 0)
    let queued = try #require(try await bench.object("results")["pending"] as? [[String: Any]])
    #expect(queued.count == 5, "started, two steps, ended, one sample: \(queued.map { $0["kind"] ?? "" })")

    let houston = try await bench.sandbox.houston(["--fail-first", "4", "--drop-response-first", "2"])
    var delivered = 0
    for _ in 0..<6 where delivered < queued.count {
      let send = try await bench.run(["--houston", houston.url, "results", "send", "--json"])
      if send.status == 0 {
        delivered += (try #require(try send.stdout.json() as? [String: Any])["delivered"] as? [Any])?.count ?? 0
      } else {
        #expect(send.status == 69 && send.stderr.contains("results stay queued"), "\(send.stderr)")
      }
    }
    #expect(delivered == queued.count)
    #expect(try #require(try await bench.object("results")["pending"] as? [Any]).isEmpty)
    let applied = try await LabHouston.results(at: houston.url)
    let keys = applied.compactMap { $0["id"] as? String }
    #expect(keys.count == queued.count && Set(keys) == Set(queued.compactMap { $0["id"] as? String }), "each once")
    #expect(
      applied.contains {
        $0["kind"] as? String == "run.step"
          && ($0["payload"] as? [String: Any])?["reason"] as? String == "fluid did not release"
      })
    #expect(try await bench.run(["--houston", houston.url, "results", "send"]).status == 0, "nothing is sent again")
    #expect(try await LabHouston.results(at: houston.url).count == queued.count)

    let offline = try await bench.object("--houston", plain.url, "experiments")
    #expect(
      offline["isLive"] as? Bool == false && (offline["offlineReason"] as? String)?.contains("cannot get it") == true)
    #expect(((offline["document"] as? [String: Any])?["experiments"] as? [Any])?.count == 5)
  }
}

extension Sandbox {
  var labSocketPath: String { directory.appendingPathComponent("lab.sock").path }
}

/// What a running `Scripts/houston` says it applied of the lab results.
enum LabHouston {
  static func results(at base: String) async throws -> [[String: Any]] {
    guard let url = URL(string: base + "/v1/lab/results") else { throw URLError(.badURL) }
    let (data, _) = try await URLSession.shared.data(from: url)
    let body = try JSONSerialization.jsonObject(with: data) as? [String: Any]
    guard let results = body?["results"] as? [[String: Any]] else { throw URLError(.cannotParseResponse) }
    return results
  }
}
