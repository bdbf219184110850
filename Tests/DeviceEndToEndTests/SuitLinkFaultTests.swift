import EndToEndSupport
import Foundation
import TestHarness
import Testing

/// The suit link as a person sees it: a suit process that crashes and comes back, a suit that
/// keeps its settings between commands, scenarios that raise alerts, and misleading input.
@Suite("suit link faults, suit state and scenarios")
struct SuitLinkFaultTests {
  private func startSimulator(_ sandbox: Sandbox, _ extra: [String] = []) async throws -> BackgroundServer {
    try await BackgroundServer.launch(
      Executables.spacesuitSimulator, ["--socket", sandbox.socketPath] + extra, marker: "listening",
      environment: sandbox.environment)
  }

  /// Waits until `cosmonaut.log` says the app is connected to the suit (so a crash comes mid-watch,
  /// however slowly the machine starts processes).
  private func waitUntilConnected(_ sandbox: Sandbox) async throws {
    let log = sandbox.dataDirectory + "/cosmonaut.log"
    try await until("cosmonaut to log its connection to the suit", within: .seconds(60)) {
      (try? String(contentsOfFile: log, encoding: .utf8))?.contains("connected to the suit at") == true
    }
  }

  /// `cosmonaut suit watch` over the sandbox's suit socket, running while the test plays faults.
  private func watch(_ sandbox: Sandbox, _ arguments: [String]) throws -> ChildProcess {
    try ChildProcess(
      Executables.cosmonaut,
      ["--data-dir", sandbox.dataDirectory, "--suit", "unix:\(sandbox.socketPath)", "suit", "watch"] + arguments,
      environment: sandbox.environment)
  }

  /// Waits for `watch` to end (bounded) and returns what it left.
  private func finished(_ watch: ChildProcess) async throws -> ProcessResult {
    let exit = try #require(await watch.exit(within: .seconds(120)), "suit watch still runs: \(watch.output)")
    await watch.outputClosed(within: .seconds(60))
    return ProcessResult(of: watch, exit: exit)
  }

  /// Lines of `suit watch` output that are samples.
  private func sampleLines(_ output: String) -> [Substring] {
    output.split(separator: "\n").filter { $0.contains(" kPa ") }
  }

  @Test("suit watch rides through spacesuit-sim killed with -9 and restarted 0.2 s later")
  func watchSurvivesASimulatorRestart() async throws {
    let sandbox = try Sandbox()
    var simulator: BackgroundServer? = try await startSimulator(sandbox)
    let watching = try watch(sandbox, ["--count", "30", "--interval-ms", "200"])
    // The crash comes mid-watch: after the first samples, however slowly the machine runs.
    try await watching.waitForOutput(" kPa ", occurrence: 2, within: .seconds(60))
    await simulator?.crash()
    // Pacing the fault (not waiting for a state): the suit comes back 0.2 s after it went away.
    try await Task.sleep(for: .milliseconds(200))
    simulator = try await startSimulator(sandbox)

    let watch = try await finished(watching)
    #expect(watch.status == 0, "stderr: \(watch.stderr)")
    #expect(watch.stdout.contains("suit link lost; reconnecting (attempt 1 of 10)…"), "\(watch.stdout)")
    #expect(watch.stdout.contains("suit link reconnected"))
    let samples = sampleLines(watch.stdout)
    #expect(samples.count == 30, "every sample asked for: \(watch.stdout)")
    let reconnected = try #require(watch.stdout.range(of: "suit link reconnected"))
    #expect(!sampleLines(String(watch.stdout[reconnected.upperBound...])).isEmpty, "samples resume afterwards")
    withExtendedLifetime(simulator) {}
  }

  @Test("suit watch --json keeps stdout one document through a restart; the link news goes to stderr")
  func jsonWatchSurvivesASimulatorRestart() async throws {
    let sandbox = try Sandbox()
    var simulator: BackgroundServer? = try await startSimulator(sandbox)
    let watching = try watch(sandbox, ["--count", "30", "--interval-ms", "200", "--json"])
    try await waitUntilConnected(sandbox)
    // Pacing the fault: with --json the samples show only at the end, so the crash is timed to come
    // after a sample or two of the 6 s watch.
    try await Task.sleep(for: .milliseconds(400))
    await simulator?.crash()
    // Pacing the fault: the suit comes back 0.2 s after it went away.
    try await Task.sleep(for: .milliseconds(200))
    simulator = try await startSimulator(sandbox)

    let watch = try await finished(watching)
    #expect(watch.status == 0, "stderr: \(watch.stderr)")
    #expect((try watch.stdout.json() as? [Any])?.count == 30)
    #expect(watch.stderr.contains("suit link reconnected"))
    withExtendedLifetime(simulator) {}
  }

  @Test("suit watch gives up with 69 only once every reconnect attempt has failed")
  func watchGivesUpWhenTheSuitStaysAway() async throws {
    let sandbox = try Sandbox()
    let simulator = try await startSimulator(sandbox)
    let watching = try watch(sandbox, ["--interval-ms", "200"])
    try await watching.waitForOutput(" kPa ", occurrence: 2, within: .seconds(60))
    await simulator.crash()

    let watch = try await finished(watching)
    #expect(watch.status == 69)
    for attempt in 1...10 {
      #expect(watch.stdout.contains("reconnecting (attempt \(attempt) of 10)…"), "\(watch.stdout)")
    }
    let errors = watch.stderr.split(separator: "\n")
    #expect(errors.count == 1, "one line: \(watch.stderr)")
    #expect(watch.stderr.contains("10 reconnect attempts failed"))
  }

  @Test("a suit setting made in one cosmonaut process is there in the next (in-process suit)")
  func settingPersistsAcrossProcesses() async throws {
    let sandbox = try Sandbox()
    let set = try await sandbox.cosmonaut(["suit", "set", "temperature", "22.5"])
    #expect(set.status == 0, "stderr: \(set.stderr)")
    let lights = try await sandbox.cosmonaut(["suit", "set", "lights", "on"])
    #expect(lights.status == 0, "stderr: \(lights.stderr)")

    let status = try await sandbox.cosmonaut(["suit", "status", "--json"])
    #expect(status.status == 0, "stderr: \(status.stderr)")
    let telemetry = try #require((try status.stdout.json() as? [String: Any])?["telemetry"] as? [String: Any])
    #expect(telemetry["targetTemperatureC"] as? Double == 22.5)
    #expect(telemetry["helmetLightsOn"] as? Bool == true)
  }

  @Test("a CO2 build-up on spacesuit-sim shows as an alert in suit status --json and in analytics")
  func scenarioAlertOverTheSocket() async throws {
    let sandbox = try Sandbox()
    let simulator = try await startSimulator(sandbox, ["--scenario", "co2-buildup", "--time-factor", "600"])
    try await until("suit status to show a critical CO2 alert", within: .seconds(90), every: .milliseconds(300)) {
      let status = try await sandbox.cosmonaut(["--suit", "unix:\(sandbox.socketPath)", "suit", "status", "--json"])
      #expect(status.status == 0, "stderr: \(status.stderr)")
      let alerts = (try status.stdout.json() as? [String: Any])?["alerts"] as? [[String: Any]] ?? []
      let carbonDioxide = alerts.first { ($0["reading"] as? [String: Any])?["metric"] as? String == "carbonDioxide" }
      return (carbonDioxide?["reading"] as? [String: Any])?["status"] as? String == "critical"
    }
    let analytics = try String(
      contentsOfFile: sandbox.dataDirectory + "/analytics.jsonl", encoding: .utf8)
    let recorded = analytics.split(separator: "\n").filter {
      $0.contains("\"suit.alert\"") && $0.contains("carbonDioxide") && $0.contains("critical")
    }
    #expect(!recorded.isEmpty, "the alert is recorded in analytics.jsonl")
    withExtendedLifetime(simulator) {}
  }

  @Test("the in-process suit runs a scenario too, and keeps running it between commands")
  func inProcessScenario() async throws {
    let sandbox = try Sandbox()
    let suit = "simulated:scenario=battery-drain,time-factor=600"
    let first = try await sandbox.cosmonaut(["--suit", suit, "suit", "status", "--json"])
    #expect(first.status == 0, "stderr: \(first.stderr)")
    // About 20 suit minutes of the drain (2 s at 600×) raise the battery alert; later commands see it.
    var later = first
    try await until("a later command to show the battery alert: \(later.stdout)", within: .seconds(60)) {
      later = try await sandbox.cosmonaut(["--suit", suit, "suit", "status", "--json"])
      let alerts = (try later.stdout.json() as? [String: Any])?["alerts"] as? [[String: Any]] ?? []
      return alerts.contains { ($0["reading"] as? [String: Any])?["metric"] as? String == "batteryCharge" }
    }
  }

  @Test("an out-of-range setting is reported with the value as typed and the range")
  func outOfRangeSettingShowsTheRealValue() async throws {
    let sandbox = try Sandbox()
    let result = try await sandbox.cosmonaut(["suit", "set", "temperature", "15.99"])
    #expect(result.status == 64)
    #expect(result.stderr.contains("temperature 15.99 °C is out of range; use 16.0–30.0 °C"), "\(result.stderr)")
    #expect(!result.stderr.contains("16.0 °C is out of range"))
  }

  @Test("a socket path too long for the system is bad usage (64), named once, for cosmonaut and spacesuit-sim")
  func socketPathTooLong() async throws {
    let sandbox = try Sandbox()
    let path = sandbox.directory.path + "/" + String(repeating: "s", count: 110) + ".sock"
    let cosmonaut = try await sandbox.cosmonaut(["--suit", "unix:\(path)", "suit", "status"])
    #expect(cosmonaut.status == 64)
    #expect(cosmonaut.stderr.split(separator: "\n").count == 1, "\(cosmonaut.stderr)")
    #expect(cosmonaut.stderr.components(separatedBy: path).count == 2, "the path once: \(cosmonaut.stderr)")

    let simulator = try await sandbox.run(
      Executables.spacesuitSimulator, ["--socket", path], environment: sandbox.environment)
    #expect(simulator.status == 64)
    #expect(simulator.stderr.split(separator: "\n").count == 1, "\(simulator.stderr)")
    #expect(simulator.stderr.components(separatedBy: path).count == 2, "the path once: \(simulator.stderr)")
  }

  @Test(
    "a station or lab socket path too long for the system is bad usage (64) as it is read, named once",
    arguments: [("iss-overview", "--station", ["status"]), ("laboratory", "--lab", ["labs"])])
  func deviceSocketPathTooLong(app: String, option: String, command: [String]) async throws {
    let sandbox = try Sandbox()
    let path = sandbox.directory.path + "/" + String(repeating: "s", count: 110) + ".sock"
    let executable = app == "laboratory" ? Executables.laboratory : Executables.issOverview
    let result = try await sandbox.run(
      executable, ["--data-dir", sandbox.dataDirectory, option, "unix:\(path)"] + command,
      environment: sandbox.environment)
    #expect(result.status == 64, "\(result.stderr)")
    #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
    #expect(result.stderr.contains("\(option): socket path is"), "\(result.stderr)")
    #expect(result.stderr.components(separatedBy: path).count == 2, "the path once: \(result.stderr)")
  }
}
