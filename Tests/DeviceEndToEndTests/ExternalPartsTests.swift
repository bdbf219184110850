import EndToEndSupport
import Foundation
import TestHarness
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// `cosmonaut` against the other processes it talks to: the suit simulator and Houston.
@Suite("cosmonaut with spacesuit-sim and Houston")
struct ExternalPartsTests {
  @Test("suit status --json over a real Unix socket to spacesuit-sim")
  func suitStatusAgainstSimulator() async throws {
    let sandbox = try Sandbox()
    let simulator = try await BackgroundServer.launch(
      Executables.spacesuitSimulator, ["--socket", sandbox.socketPath, "--seed", "7"], marker: "listening",
      environment: sandbox.environment)

    let result = try await sandbox.cosmonaut(["--suit", "unix:\(sandbox.socketPath)", "suit", "status", "--json"])
    #expect(result.status == 0, "stderr: \(result.stderr)")
    let document = try #require(try result.stdout.json() as? [String: Any])
    let telemetry = try #require(document["telemetry"] as? [String: Any])
    let pressure = try #require(telemetry["suitPressureKPa"] as? Double)
    #expect(pressure > 20 && pressure < 40)
    #expect((document["readings"] as? [Any])?.isEmpty == false)

    let set = try await sandbox.cosmonaut(["--suit", "unix:\(sandbox.socketPath)", "suit", "set", "lights", "on"])
    #expect(set.status == 0, "stderr: \(set.stderr)")
    let after = try await sandbox.cosmonaut(["--suit", "unix:\(sandbox.socketPath)", "suit", "status", "--json"])
    let lights = (try after.stdout.json() as? [String: Any])?["telemetry"] as? [String: Any]
    #expect(lights?["helmetLightsOn"] as? Bool == true, "the simulator process keeps the suit's state between clients")

    #expect(await simulator.stop() == 0)
    #expect(!FileManager.default.fileExists(atPath: sandbox.socketPath))
  }

  @Test(
    "sync against a Houston that fails at first: every report applied exactly once, in batches and one by one",
    .needsPython3,
    arguments: [[], ["--no-batch"]])
  func syncThroughFaults(batching: [String]) async throws {
    let sandbox = try Sandbox()
    // Queue three changes while offline.
    #expect(try await sandbox.cosmonaut(["profile", "set", "--name", "Valentina Tereshkova"]).status == 0)
    #expect(try await sandbox.cosmonaut(["supplies", "consume", "food", "1"]).status == 0)
    #expect(try await sandbox.cosmonaut(["supplies", "restock", "water", "2"]).status == 0)
    let offline = try await sandbox.cosmonaut(["sync"])
    #expect(offline.status == 69, "Houston unset: nothing can be delivered")
    #expect(offline.stdout.contains("Pending"))

    // Houston drops its first answer after applying (so the client must retry the same key),
    // then fails the next two requests outright.
    let houston = try await BackgroundServer.launch(
      URL(fileURLWithPath: "/usr/bin/env"),
      ["python3", Executables.houston.path, "--port", "0", "--drop-response-first", "1", "--fail-first", "2"]
        + batching,
      marker: "listening", environment: sandbox.environment)
    defer { houston.terminate() }
    let url = try #require(houston.readyLine.split(separator: " ").last.map(String.init))

    var delivered = 0
    var attempts = 0
    repeat {
      attempts += 1
      let sync = try await sandbox.cosmonaut(["--houston", url, "sync", "--json"])
      if let report = try? sync.stdout.json() as? [String: Any] {
        delivered += (report["delivered"] as? [Any])?.count ?? 0
        if sync.status == 0 && (report["pending"] as? [Any])?.isEmpty == true { break }
      }
    } while attempts < 5
    #expect(delivered >= 3)

    let reports = try await appliedReports(at: url)
    let ids = reports.compactMap { $0["id"] as? String }
    #expect(Set(ids).count == ids.count, "no report applied twice: \(ids)")
    let kinds = reports.compactMap { $0["kind"] as? String }
    #expect(
      kinds.filter { $0 != "status.report" } == ["profile.updated", "supplies.changed", "supplies.changed"],
      "the three changes, each once, in the order they were made: \(kinds)")

    let status = try await sandbox.cosmonaut(["sync", "status", "--json"])
    #expect((try status.stdout.json() as? [String: Any])?["pending"] as? [Any] != nil)
    #expect(((try status.stdout.json() as? [String: Any])?["pending"] as? [Any])?.isEmpty == true)
  }

  @Test("the dashboard shows the station position from Houston, and the last known one offline", .needsPython3)
  func dashboardPosition() async throws {
    let sandbox = try Sandbox()
    let houston = try await BackgroundServer.launch(
      URL(fileURLWithPath: "/usr/bin/env"), ["python3", Executables.houston.path, "--port", "0"], marker: "listening",
      environment: sandbox.environment)
    let url = try #require(houston.readyLine.split(separator: " ").last.map(String.init))
    let live = try await sandbox.cosmonaut(["--houston", url, "dashboard", "--json"])
    #expect(live.status == 0, "stderr: \(live.stderr)")
    let livePosition = try #require((try live.stdout.json() as? [String: Any])?["position"] as? [String: Any])
    #expect(livePosition["live"] as? Bool == true)
    let latitude = try #require(livePosition["latitude"] as? Double)
    #expect(abs(latitude) <= 51.7)
    await houston.stop()

    let offline = try await sandbox.cosmonaut(["--houston", url, "dashboard", "--json"])
    #expect(offline.status == 0, "stderr: \(offline.stderr)")
    let cached = try #require((try offline.stdout.json() as? [String: Any])?["position"] as? [String: Any])
    #expect(cached["live"] as? Bool == false)
    #expect(cached["latitude"] as? Double == latitude)
  }

  private func appliedReports(at base: String) async throws -> [[String: Any]] {
    let url = try #require(URL(string: base + "/v1/reports"))
    let (data, _) = try await URLSession.shared.data(from: url)
    let body = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    return try #require(body["reports"] as? [[String: Any]])
  }
}

/// The interactive app, driven through its standard input like a person at the keyboard.
@Suite("cosmonaut interactive")
struct InteractiveSessionTests {
  @Test("an interactive session reaches the Spacesuit screen and quits cleanly")
  func reachSpacesuitAndQuit() async throws {
    let sandbox = try Sandbox()
    let result = try await sandbox.cosmonaut([], input: "s\nb\nq\n")
    #expect(result.status == 0, "stderr: \(result.stderr)")
    #expect(result.stdout.contains("Cosmonaut"))
    #expect(result.stdout.contains("Spacesuit —"), "the suit screen was shown")
    #expect(result.stdout.contains("Suit pressure") || result.stdout.contains("pressure"))
    #expect(!result.stdout.contains("\u{1B}["), "no colour when not a terminal")
    #expect(result.stderr.isEmpty)
  }

  @Test("open <link> starts at a deep link, and end of input ends the app with 0")
  func openDeepLink() async throws {
    let sandbox = try Sandbox()
    let result = try await sandbox.cosmonaut(["open", "supplies/list"], input: "c\nwater\n2\nb\n")
    #expect(result.status == 0, "stderr: \(result.stderr)")
    #expect(result.stdout.contains("Consumed 2"))
    let list = try await sandbox.cosmonaut(["supplies", "list", "--json"])
    let water = (try list.stdout.json() as? [[String: Any]])?.first { $0["id"] as? String == "water" }
    #expect(water != nil)
  }

  @Test("a bad choice is explained and asked again")
  func invalidChoice() async throws {
    let sandbox = try Sandbox()
    let result = try await sandbox.cosmonaut([], input: "42\nq\n")
    #expect(result.status == 0)
    #expect(result.stdout.contains("42") || result.stderr.contains("42"))
  }
}
