import CommandLineKit
import Foundation
import Scaffold
import TestHarness
import Testing
import UIComponents
import UIComponentsTestSupport

@testable import ISSOverviewApp

/// The composition root: which domain and options `iss-overview` has, and how its live services are built.
@MainActor @Suite struct CompositionTests {
  func run(_ arguments: [String], environment: [String: String] = [:]) async -> (Int32, String, String) {
    let output = CapturedOutput()
    let errors = CapturedOutput()
    let code = await ISSOverviewApp.launcher.run(
      arguments: arguments, environment: environment,
      streams: LaunchStreams(input: ScriptedInput(lines: []), output: output, errors: errors))
    return (code, output.text, errors.text)
  }

  @Test func helpListsTheDomainsCommandsAndTheLiveOptions() async {
    let (code, help, _) = await run(["--help"])
    #expect(code == 0)
    for command in [
      "status", "power wing", "power sarj", "thermal rotate", "docking approach", "docking schedule", "open",
    ] {
      #expect(help.contains("\n  \(command) "), "main help lists \(command)")
    }
    for option in ["--houston <url>", "--station <station>", "--data-dir <dir>", "--log-level <level>", "--no-color"] {
      #expect(help.contains(option), "main help shows \(option)")
    }
    #expect(await run(["--version"]).1 == "iss-overview 0.1.0\n")
  }

  @Test(arguments: [("simulated", DeviceConnection.simulated), ("unix:/tmp/s.sock", .unixSocket(path: "/tmp/s.sock"))])
  func theStationOptionReadsBothConnections(_ text: String, _ expected: DeviceConnection) throws {
    let program = Program<Int>(
      name: "t", version: "1", abstract: "t", options: [LiveServices.station], commands: [], withoutCommand: "runs")
    guard case .run(_, _, let options) = try program.parse(["--station", text]) else {
      Issue.record("--station \(text) runs")
      return
    }
    #expect(options[LiveServices.station] == expected)
    #expect(throws: UsageError.self) { try program.parse(["--station", "bluetooth"]) }
  }

  @Test func theInProcessStationAnswersAndARefusalExits65() async throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("overview-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: directory) }
    let (code, output, _) = await run(["--data-dir", directory.path, "status", "--json"])
    #expect(code == 0)
    #expect(output.contains("\"position\""))
    let (refused, _, errors) = await run(["--data-dir", directory.path, "docking", "undock", "zvezda-aft"])
    #expect(refused == 65)
    #expect(errors.hasPrefix("error: the docking system refused: Progress MS is at zvezda-aft (hatch open)"))
    let (blank, _, tokenError) = await run(
      ["--data-dir", directory.path, "--houston", "http://127.0.0.1:9", "docking", "schedule"],
      environment: ["ISS_HOUSTON_TOKEN": " "])
    #expect(blank == 64 && tokenError.contains("ISS_HOUSTON_TOKEN is empty"))
  }

  private func expectAccepted(by shell: Shell) async throws {
    let (code, script, _) = await run(["--generate-completion-script", shell.rawValue])
    #expect(code == 0 && script.contains("docking"))
    let result = try await shell.checkSyntax(of: script)
    #expect(result.status == 0, "\(shell) accepts the script: \(result.stderr)")
  }

  @Test func bashAcceptsTheCompletionScript() async throws { try await expectAccepted(by: .bash) }

  @Test(.enabled(if: Shell.zsh.isInstalled, Shell.zsh.absence))
  func zshAcceptsTheCompletionScript() async throws { try await expectAccepted(by: .zsh) }

  @Test(.enabled(if: Shell.fish.isInstalled, Shell.fish.absence))
  func fishAcceptsTheCompletionScript() async throws { try await expectAccepted(by: .fish) }
}
