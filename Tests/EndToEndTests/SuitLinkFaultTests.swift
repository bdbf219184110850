import Foundation
import Testing

/// The suit link as a person sees it: a suit process that crashes and comes back, a suit that
/// keeps its settings between commands, scenarios that raise alerts, and misleading input.
@Suite("suit link faults, suit state and scenarios")
struct SuitLinkFaultTests {
  private func startSimulator(_ sandbox: Sandbox, _ extra: [String] = []) throws -> BackgroundServer {
    try BackgroundServer(
      Executables.spacesuitSimulator, ["--socket", sandbox.socketPath] + extra, marker: "listening",
      environment: sandbox.environment)
  }

  /// Waits until `cosmonaut.log` says the app is connected to the suit (so a crash comes mid-watch,
  /// however slowly the machine starts processes).
  private func waitUntilConnected(_ sandbox: Sandbox) async throws {
    let log = sandbox.dataDirectory + "/cosmonaut.log"
    let deadline = Date().addingTimeInterval(30)
    while Date() < deadline {
      if let text = try? String(contentsOfFile: log, encoding: .utf8), text.contains("connected to the suit at") {
        return
      }
      try await Task.sleep(for: .milliseconds(50))
    }
    Issue.record("cosmonaut never logged its connection to the suit")
  }

  /// Lines of `suit watch` output that are samples.
  private func sampleLines(_ output: String) -> [Substring] {
    output.split(separator: "\n").filter { $0.contains(" kPa ") }
  }

  @Test("suit watch rides through spacesuit-sim killed with -9 and restarted 0.2 s later")
  func watchSurvivesASimulatorRestart() async throws {
    let sandbox = try Sandbox()
    var simulator: BackgroundServer? = try startSimulator(sandbox)
    async let watching = sandbox.cosmonaut([
      "--suit", "unix:\(sandbox.socketPath)", "suit", "watch", "--count", "30", "--interval-ms", "200",
    ])
    try await waitUntilConnected(sandbox)
    try await Task.sleep(for: .milliseconds(600))
    simulator?.crash()
    try await Task.sleep(for: .milliseconds(200))
    simulator = try startSimulator(sandbox)

    let watch = try await watching
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
    var simulator: BackgroundServer? = try startSimulator(sandbox)
    async let watching = sandbox.cosmonaut([
      "--suit", "unix:\(sandbox.socketPath)", "suit", "watch", "--count", "30", "--interval-ms", "200", "--json",
    ])
    try await waitUntilConnected(sandbox)
    try await Task.sleep(for: .milliseconds(400))
    simulator?.crash()
    try await Task.sleep(for: .milliseconds(200))
    simulator = try startSimulator(sandbox)

    let watch = try await watching
    #expect(watch.status == 0, "stderr: \(watch.stderr)")
    #expect((try watch.stdout.json() as? [Any])?.count == 30)
    #expect(watch.stderr.contains("suit link reconnected"))
    withExtendedLifetime(simulator) {}
  }

  @Test("suit watch gives up with 69 only once every reconnect attempt has failed")
  func watchGivesUpWhenTheSuitStaysAway() async throws {
    let sandbox = try Sandbox()
    let simulator = try startSimulator(sandbox)
    async let watching = sandbox.cosmonaut([
      "--suit", "unix:\(sandbox.socketPath)", "suit", "watch", "--interval-ms", "200",
    ])
    try await waitUntilConnected(sandbox)
    try await Task.sleep(for: .milliseconds(400))
    simulator.crash()

    let watch = try await watching
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
    let simulator = try startSimulator(sandbox, ["--scenario", "co2-buildup", "--time-factor", "600"])
    var alertStatus: String?
    let deadline = Date().addingTimeInterval(40)
    while alertStatus != "critical" && Date() < deadline {
      let status = try await sandbox.cosmonaut(["--suit", "unix:\(sandbox.socketPath)", "suit", "status", "--json"])
      #expect(status.status == 0, "stderr: \(status.stderr)")
      let alerts = (try status.stdout.json() as? [String: Any])?["alerts"] as? [[String: Any]] ?? []
      let carbonDioxide = alerts.first { ($0["reading"] as? [String: Any])?["metric"] as? String == "carbonDioxide" }
      alertStatus = (carbonDioxide?["reading"] as? [String: Any])?["status"] as? String
      if alertStatus != "critical" { try await Task.sleep(for: .milliseconds(300)) }
    }
    #expect(alertStatus == "critical")
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
    try await Task.sleep(for: .seconds(2))
    let later = try await sandbox.cosmonaut(["--suit", suit, "suit", "status", "--json"])
    let alerts = (try later.stdout.json() as? [String: Any])?["alerts"] as? [[String: Any]] ?? []
    let battery = alerts.first { ($0["reading"] as? [String: Any])?["metric"] as? String == "batteryCharge" }
    #expect(battery != nil, "20 suit minutes of the drain raise the battery alert: \(later.stdout)")
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
}
