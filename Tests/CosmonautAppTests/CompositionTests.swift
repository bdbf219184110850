import CommandLineKit
import Foundation
import Scaffold
import Spacesuit
import SpacesuitService
import SpacesuitServiceInterface
import TestHarness
import Testing
import UIComponents
import UIComponentsTestSupport

@testable import CosmonautApp

/// The composition root: which domains and options `cosmonaut` has, and how its live services are built.
@MainActor @Suite struct CompositionTests {
  /// Runs the app's launcher with captured streams and returns (exit code, stdout, stderr).
  private func run(_ arguments: [String], environment: [String: String] = [:]) async -> (Int32, String, String) {
    let output = CapturedOutput()
    let errors = CapturedOutput()
    let code = await CosmonautApp.launcher.run(
      arguments: arguments, environment: environment,
      streams: LaunchStreams(input: ScriptedInput(lines: []), output: output, errors: errors))
    return (code, output.text, errors.text)
  }

  @Test func helpListsBothDomainsAndTheLiveOptions() async {
    let (code, help, _) = await run(["--help"])
    #expect(code == 0)
    for command in ["dashboard", "profile set", "supplies consume", "sync status", "health", "suit watch", "open"] {
      #expect(help.contains("\n  \(command) "), "main help lists \(command)")
    }
    for option in ["--houston <url>", "--suit <suit>", "--data-dir <dir>", "--log-level <level>", "--no-color"] {
      #expect(help.contains(option), "main help shows \(option)")
    }
  }

  @Test func versionIsTheAppsVersion() async {
    let (code, output, _) = await run(["--version"])
    #expect(code == 0)
    #expect(output.hasPrefix("cosmonaut "))
  }

  @Test func aBlankHoustonTokenIsBadUsageBeforeTheDatabaseIsOpened() async throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("cosmo-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: directory) }
    let (code, _, errors) = await run(
      ["--data-dir", directory.path, "--houston", "http://127.0.0.1:9", "sync"],
      environment: ["ISS_HOUSTON_TOKEN": "  "])
    #expect(code == 64)
    #expect(
      errors
        == "error: ISS_HOUSTON_TOKEN is empty; set it to Houston's token, or unset it for the token built into the app\n"
    )
    #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent("cosmonaut.sqlite").path))
  }

  @Test(arguments: [
    ("simulated", SuitConnection.simulated(seed: SuitConnection.defaultSeed)),
    ("unix:/tmp/suit.sock", .unixSocket(path: "/tmp/suit.sock")),
  ])
  func theSuitOptionReadsBothConnections(_ text: String, _ expected: SuitConnection) throws {
    let program = Program<Int>(
      name: "t", version: "1", abstract: "t", options: [SpacesuitDomain.connectionOption], commands: [],
      withoutCommand: "runs")
    guard case .run(_, _, let options) = try program.parse(["--suit", text]) else {
      Issue.record("--suit \(text) runs")
      return
    }
    #expect(options[SpacesuitDomain.connectionOption] == expected)
  }

  private func expectAccepted(by shell: Shell) async throws {
    let (code, script, _) = await run(["--generate-completion-script", shell.rawValue])
    #expect(code == 0)
    let result = try await shell.checkSyntax(of: script)
    #expect(result.status == 0, "\(shell) accepts the script: \(result.stderr)")
  }

  @Test func bashAcceptsTheCompletionScript() async throws { try await expectAccepted(by: .bash) }

  @Test(.enabled(if: Shell.zsh.isInstalled, Shell.zsh.absence))
  func zshAcceptsTheCompletionScript() async throws { try await expectAccepted(by: .zsh) }

  @Test(.enabled(if: Shell.fish.isInstalled, Shell.fish.absence))
  func fishAcceptsTheCompletionScript() async throws { try await expectAccepted(by: .fish) }
}
