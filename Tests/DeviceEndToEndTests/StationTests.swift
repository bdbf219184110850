import EndToEndSupport
import Foundation
import TestHarness
import Testing

/// `iss-overview` against `station-sim` over a real Unix socket, and against the development Houston.
@Suite("iss-overview with station-sim and Houston")
struct StationTests {
  /// A station simulator for one test, and `iss-overview` connected to it.
  final class Bench: Sendable {
    let sandbox: Sandbox
    let station: BackgroundServer

    init(_ arguments: [String] = []) async throws {
      sandbox = try Sandbox()
      station = try await BackgroundServer.launch(
        Executables.stationSimulator, ["--socket", sandbox.stationSocketPath] + arguments, marker: "listening",
        environment: sandbox.environment)
    }

    /// Runs `iss-overview --station unix:SOCKET ARGUMENTS`.
    func run(_ arguments: String...) async throws -> ProcessResult {
      try await sandbox.issOverview(["--station", "unix:\(sandbox.stationSocketPath)"] + arguments)
    }

    /// Runs a command with `--json` and reads its document.
    func json(_ arguments: String...) async throws -> [String: Any] {
      let result = try await sandbox.issOverview(
        ["--station", "unix:\(sandbox.stationSocketPath)"] + arguments + ["--json"])
      #expect(result.status == 0, "\(arguments): \(result.stderr)")
      return try #require(try result.stdout.json() as? [String: Any])
    }

    /// The port's entry of `docking --json`.
    func port(_ name: String) async throws -> [String: Any] {
      let ports = try #require(try await json("docking")["ports"] as? [[String: Any]])
      return try #require(ports.first { $0["port"] as? String == name })
    }

    /// Polls `condition` (bounded) until it holds.
    func waitUntil(_ what: String, _ condition: () async throws -> Bool) async throws {
      try await until(what, within: .seconds(90), every: .milliseconds(100), condition)
    }

    /// Feathers the wings near the Harmony ports and waits until they are edge-on.
    func featherHarmonyWings() async throws {
      for wing in ["1A", "2A", "3A", "4A"] { #expect(try await run("power", "wing", wing, "feather").status == 0) }
      try await waitUntil("the wings are feathered") {
        let wings = try #require(try await json("power")["wings"] as? [[String: Any]])
        return wings.filter { ["1A", "2A", "3A", "4A"].contains($0["channel"] as? String) }
          .allSatisfy { $0["isFeathered"] as? Bool == true }
      }
    }

    /// Docking ports and wing modes as text, for "nothing changed".
    func stationState() async throws -> String {
      let ports = try #require(try await json("docking")["ports"] as? [[String: Any]])
      let wings = try #require(try await json("power")["wings"] as? [[String: Any]])
      let portLines = ports.map { "\($0["port"] ?? "") \($0["phase"] ?? "") \($0["vehicle"] ?? "-")" }
      let wingLines = wings.map { "\($0["channel"] ?? "") \($0["mode"] ?? "")" }
      return (portLines + wingLines).joined(separator: "\n")
    }
  }

  @Test("status --json over a real socket: position, power, thermal, docking, alerts")
  func statusJSON() async throws {
    let bench = try await Bench()
    let status = try await bench.json("status")
    let position = try #require(status["position"] as? [String: Any])
    #expect((position["altitudeKm"] as? Double).map { $0 > 400 && $0 < 440 } == true)
    let eclipse = try #require(position["eclipseMinutes"] as? Double)
    #expect(eclipse > 30 && eclipse < 38, "about 36 of every ~92 minutes: \(eclipse)")
    let power = try #require(status["power"] as? [String: Any])
    let wings = try #require(power["wings"] as? [[String: Any]])
    #expect(wings.compactMap { $0["channel"] as? String } == ["1A", "1B", "2A", "2B", "3A", "3B", "4A", "4B"])
    #expect(((status["thermal"] as? [String: Any])?["loops"] as? [Any])?.count == 2)
    #expect(((status["docking"] as? [String: Any])?["ports"] as? [Any])?.count == 6)
    #expect((status["alerts"] as? [Any])?.isEmpty == true)
    let summary = try #require(status["summary"] as? [String: Any])
    let generated = try #require(summary["generatedKW"] as? Double)
    if position["inSunlight"] as? Bool == true {
      #expect(generated > 50, "the wings deliver in sunlight")
    } else {
      #expect(generated == 0, "nothing in the Earth's shadow")
    }
    #expect(await bench.station.stop() == 0)
    #expect(!FileManager.default.fileExists(atPath: bench.sandbox.stationSocketPath))
  }

  @Test("a full docking: approach, soft capture, hard dock, hatch open, and back to a free port")
  func fullDocking() async throws {
    let bench = try await Bench(["--time-factor", "1000"])
    try await bench.featherHarmonyWings()
    #expect(try await bench.run("docking", "approach", "harmony-forward", "cargo-dragon").status == 0)
    #expect(try await bench.port("harmony-forward")["phase"] as? String == "approach")
    try await bench.waitUntil("the vehicle is in contact") {
      (try await bench.port("harmony-forward")["rangeMeters"] as? Double).map { $0 <= 0.1 } == true
    }
    for (step, phase) in [
      ("capture", "soft-capture"), ("hard-dock", "hard-dock"), ("open-hatch", "hatch-open"),
      ("close-hatch", "hard-dock"), ("undock", "departing"),
    ] {
      let result = try await bench.run("docking", step, "harmony-forward")
      #expect(result.status == 0, "\(step): \(result.stderr)")
      #expect(try await bench.port("harmony-forward")["phase"] as? String == phase, "after \(step)")
    }
    try await bench.waitUntil("the vehicle has left") {
      try await bench.port("harmony-forward")["phase"] as? String == "free"
    }
    #expect(try await bench.run("power", "wing", "1A", "track").status == 0, "the wings may track again")
  }

  @Test("each interlock refuses with exit 65 and changes nothing")
  func interlocks() async throws {
    let bench = try await Bench(["--time-factor", "100"])
    let refusals: [([String], String)] = [
      (["docking", "approach", "harmony-forward", "starliner"], "not feathered"),
      (["docking", "undock", "harmony-zenith"], "close the hatch"),
      (["docking", "approach", "prichal-nadir", "crew-dragon"], "docks with IDSS"),
      (["docking", "capture", "harmony-forward"], "capture needs a vehicle"),
      (["thermal", "deploy", "starboard"], "already deployed"),
    ]
    for (arguments, reason) in refusals {
      let before = try await bench.stationState()
      let result = try await bench.sandbox.issOverview(
        ["--station", "unix:\(bench.sandbox.stationSocketPath)"] + arguments)
      #expect(result.status == 65, "\(arguments): \(result.stderr)")
      #expect(result.stderr.contains(reason) && result.stderr.hasSuffix("nothing changed\n"), "\(result.stderr)")
      #expect(result.stderr.split(separator: "\n").count == 1, "one line: \(result.stderr)")
      #expect(try await bench.stationState() == before, "\(arguments) changed nothing")
    }
    try await bench.featherHarmonyWings()
    let occupied = try await bench.run("docking", "approach", "harmony-zenith", "starliner")
    #expect(occupied.status == 65 && occupied.stderr.contains("occupied"), "\(occupied.stderr)")
    #expect(try await bench.run("docking", "approach", "harmony-forward", "starliner").status == 0)
    let before = try await bench.stationState()
    let unfeather = try await bench.run("power", "wing", "2A", "track")
    #expect(unfeather.status == 65 && unfeather.stderr.contains("stays feathered"), "\(unfeather.stderr)")
    let second = try await bench.run("docking", "approach", "prichal-nadir", "soyuz-ms")
    #expect(second.status == 65 && second.stderr.contains("one vehicle moves"), "\(second.stderr)")
    #expect(try await bench.stationState() == before)
    let errors = try String(contentsOfFile: bench.sandbox.dataDirectory + "/analytics.jsonl", encoding: .utf8)
    #expect(errors.components(separatedBy: "\"error\"").count > 5, "every refusal is recorded")
  }

  @Test("a scenario raises an alert: loop A's pump trips")
  func scenarioAlert() async throws {
    let bench = try await Bench(["--scenario", "pump-failure", "--time-factor", "600"])
    try await bench.waitUntil("loop A's return temperature is critical") {
      let alerts = try #require(try await bench.json("status")["alerts"] as? [[String: Any]])
      return alerts.contains { $0["subject"] as? String == "loop A return" && $0["severity"] as? String == "critical" }
    }
    let alerts = try #require(try await bench.json("status")["alerts"] as? [[String: Any]])
    #expect(alerts.contains { $0["subject"] as? String == "loop A pump" })
    #expect(!alerts.contains { ($0["subject"] as? String)?.hasPrefix("loop B") == true })
    let text = try await bench.run("thermal")
    #expect(text.status == 0 && text.stdout.contains("CRITICAL: loop A pump at 0 rpm"), "\(text.stdout)")
    let analytics = try String(contentsOfFile: bench.sandbox.dataDirectory + "/analytics.jsonl", encoding: .utf8)
    #expect(analytics.contains("station.alert") && analytics.contains("loop A pump"))
  }

  @Test("status --watch prints one plain line per sample when piped")
  func watchPiped() async throws {
    let bench = try await Bench()
    let result = try await bench.run("status", "--watch", "--count", "3", "--interval-ms", "100")
    #expect(result.status == 0, "\(result.stderr)")
    let lines = result.stdout.split(separator: "\n")
    #expect(lines.count == 3 && lines.allSatisfy { $0.contains("gen ") && $0.contains("batt ") }, "\(result.stdout)")
    #expect(!result.stdout.contains("\u{1B}"), "no escape sequences in a pipe")
  }

  @Test("the vehicle schedule from Houston, then offline from the kept copy", .needsPython3)
  func scheduleOffline() async throws {
    let sandbox = try Sandbox()
    let none = try await sandbox.issOverview(["docking", "schedule"])
    #expect(none.status == 69 && none.stderr.contains("no vehicle schedule yet"), "\(none.stderr)")

    let houston = try await BackgroundServer.launch(
      URL(fileURLWithPath: "/usr/bin/env"), ["python3", Executables.houston.path, "--port", "0", "--fail-first", "1"],
      marker: "listening", environment: sandbox.environment)
    let url = try #require(houston.readyLine.split(separator: " ").last.map(String.init))
    let live = try await sandbox.issOverview(["--houston", url, "docking", "schedule", "--json"])
    #expect(live.status == 0, "a failed first answer is retried: \(live.stderr)")
    let liveDocument = try #require(try live.stdout.json() as? [String: Any])
    #expect(liveDocument["isLive"] as? Bool == true)
    let events = try #require((liveDocument["schedule"] as? [String: Any])?["events"] as? [[String: Any]])
    #expect(
      events.contains { $0["vehicle"] as? String == "cargo-dragon" && $0["port"] as? String == "harmony-forward" })
    await houston.stop()

    let offline = try await sandbox.issOverview(["--houston", url, "docking", "schedule", "--json"])
    #expect(offline.status == 0, "\(offline.stderr)")
    let kept = try #require(try offline.stdout.json() as? [String: Any])
    #expect(kept["isLive"] as? Bool == false)
    #expect(((kept["schedule"] as? [String: Any])?["events"] as? [Any])?.count == events.count)
    let text = try await sandbox.issOverview(["docking", "schedule"])
    #expect(text.status == 0 && text.stdout.contains("kept copy"), "\(text.stdout)")
  }

  @Test("without station-sim: the in-process station; an absent socket exits 69 with one line")
  func inProcessAndUnavailable() async throws {
    let sandbox = try Sandbox()
    let status = try await sandbox.issOverview(["status"])
    #expect(status.status == 0 && status.stdout.contains("Systems"), "\(status.stderr)")
    let missing = try await sandbox.issOverview(["--station", "unix:\(sandbox.stationSocketPath)", "power"])
    #expect(missing.status == 69, "\(missing.stderr)")
    #expect(
      missing.stderr.split(separator: "\n").count == 1 && missing.stderr.contains("station-sim"), "\(missing.stderr)")
  }
}
