import CommandLineKit
import Foundation
import Scaffold
import TestHarness
import Testing
import UIComponents
import UIComponentsTestSupport

@testable import LaboratoryApp

/// The composition root: which domains and options `laboratory` has, and how its live services are built.
@MainActor @Suite struct CompositionTests {
  private func run(_ arguments: [String], environment: [String: String] = [:]) async -> (Int32, String, String) {
    let output = CapturedOutput()
    let errors = CapturedOutput()
    let code = await LaboratoryApp.launcher.run(
      arguments: arguments, environment: environment,
      streams: LaunchStreams(input: ScriptedInput(lines: []), output: output, errors: errors))
    return (code, output.text, errors.text)
  }

  @Test func helpListsBothDomainsCommandsAndTheLiveOptions() async {
    let (code, help, _) = await run(["--help"])
    #expect(code == 0)
    for command in [
      "labs", "stowage log-in", "experiments show", "run start", "run resume", "results send",
      "profile set", "supplies list", "sync", "open",
    ] {
      #expect(help.contains("\n  \(command) "), "main help lists \(command)")
    }
    for option in ["--houston <url>", "--lab <lab>", "--data-dir <dir>", "--no-color"] {
      #expect(help.contains(option), "main help shows \(option)")
    }
    #expect(await run(["--version"]).1 == "laboratory 0.1.0\n")
    let (_, runHelp, _) = await run(["help", "run", "skip"])
    #expect(runHelp.contains("USAGE: laboratory run skip <run> [--step <n>] --reason <text>"), "\(runHelp)")
  }

  @Test(arguments: [("simulated", DeviceConnection.simulated), ("unix:/tmp/l.sock", .unixSocket(path: "/tmp/l.sock"))])
  func theLabOptionReadsBothConnections(_ text: String, _ expected: DeviceConnection) throws {
    #expect(DeviceConnection(argument: text) == expected)
    #expect(DeviceConnection(argument: expected.description) == expected)
    #expect(DeviceConnection(argument: "bluetooth") == nil && DeviceConnection(argument: "unix:") == nil)
  }

  @Test func theInProcessLabsAnswerAndTheCosmonautsStoreIsShared() async throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("laboratory-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: directory) }
    let (code, output, _) = await run(["--data-dir", directory.path, "labs", "--json"])
    #expect(code == 0 && output.contains("\"freezers\""))
    let (full, _, _) = await run(["--data-dir", directory.path, "supplies", "consume", "medical", "1"])
    #expect(full == 0)
    for file in ["laboratory.sqlite", "cosmonaut.sqlite", "laboratory.log"] {
      #expect(FileManager.default.fileExists(atPath: directory.appendingPathComponent(file).path), "\(file)")
    }
    let (refused, _, errors) = await run(["--data-dir", directory.path, "run", "start", "plant-habitat"])
    #expect(refused == 65 && errors.contains("profile has no name"), "\(errors)")
    let (blank, _, tokenError) = await run(
      ["--data-dir", directory.path, "--houston", "http://127.0.0.1:9", "experiments"],
      environment: ["ISS_HOUSTON_TOKEN": ""])
    #expect(blank == 64 && tokenError.contains("ISS_HOUSTON_TOKEN is empty"))
  }

  private func expectAccepted(by shell: Shell) async throws {
    let (code, script, _) = await run(["--generate-completion-script", shell.rawValue])
    #expect(code == 0 && script.contains("stowage"))
    let result = try await shell.checkSyntax(of: script)
    #expect(result.status == 0, "\(shell) accepts the script: \(result.stderr)")
  }

  @Test func bashAcceptsTheCompletionScript() async throws { try await expectAccepted(by: .bash) }

  @Test(.enabled(if: Shell.zsh.isInstalled, Shell.zsh.absence))
  func zshAcceptsTheCompletionScript() async throws { try await expectAccepted(by: .zsh) }

  @Test(.enabled(if: Shell.fish.isInstalled, Shell.fish.absence))
  func fishAcceptsTheCompletionScript() async throws { try await expectAccepted(by: .fish) }
}
