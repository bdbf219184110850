import Foundation
import Testing
import UIComponents
import UIComponentsTestSupport

@testable import Scaffold

/// The launcher as an app's `main` uses it: the command line in, one route run, an exit code out.
@MainActor @Suite struct LauncherTests {
  @Test func helpListsEveryDomainsCommandsTheStandardAndTheAppsOptions() async {
    let harness = LaunchHarness()
    #expect(await harness.run(["--help"]) == 0)
    let help = harness.output.text
    for expected in [
      "OVERVIEW: A fake station app.", "USAGE: station [<options>] [<subcommand>]", "galley menu", "galley serve",
      "workout", "open", "--data-dir <dir>", "--log-level <level>", "--no-color", "--shift <shift>", "EXIT CODES:",
    ] {
      #expect(help.contains(expected), "help shows \(expected)")
    }
    #expect(harness.journal.entries.isEmpty, "help builds no services")
  }

  @Test func versionAndCompletionAreOutputOnly() async {
    let harness = LaunchHarness()
    #expect(await harness.run(["--version"]) == 0)
    #expect(harness.output.text == "station 9.9.9\n")
    #expect(await harness.run(["--generate-completion-script", "bash"]) == 0)
    #expect(harness.output.text.contains("complete -F _station station"))
    #expect(!FileManager.default.fileExists(atPath: harness.root.path), "nothing is created")
  }

  @Test func aCommandRunsOnceWithTheServicesStartedAndStopped() async {
    let harness = LaunchHarness()
    #expect(await harness.run(["kitchen", "serve", "tea", "2", "--json", "--shift=night"]) == 0)
    #expect(
      harness.journal.entries == [
        "services data", "services.start once", "Galley.make once(json: true)",
        "Galley.open serve(meal: \"tea\", portions: 2)", "services.shutdown",
      ])
  }

  @Test func usageErrorsAreOneLineAndBuildNothing() async {
    for arguments in [
      ["galley", "serve", "caviar", "2"], ["galley", "serve", "tea"], ["--shift", "noon", "workout"], ["gallery"],
      ["workout", "--minutes"], ["open", "galley/brew"], ["open", "galley/serve?meal=tea"],
    ] {
      let harness = LaunchHarness()
      #expect(await harness.run(arguments) == 64, "\(arguments)")
      #expect(harness.errors.lines.count == 1, "\(arguments): \(harness.errors.text)")
      #expect(harness.errors.text.hasPrefix("error: "))
      #expect(harness.journal.entries.isEmpty, "\(arguments) builds no services")
    }
  }

  @Test func openAsksBeforeALinkThatChangesData() async {
    let harness = LaunchHarness()
    #expect(await harness.run(["open", "galley/serve?meal=soup&portions=3"], input: ["n", "q"]) == 0)
    #expect(harness.output.text.contains("changes data: serve 3 soup."))
    #expect(!harness.journal.entries.contains { $0.contains("Galley.open") })
  }

  @Test func withoutACommandTheInteractiveAppRuns() async {
    let harness = LaunchHarness()
    #expect(await harness.run([], input: ["g", "q"]) == 0)
    #expect(harness.journal.entries.contains("Galley.open menu"))
    #expect(harness.output.text.contains("station · NASA · development\n  1) Galley "))
  }

  @Test func servicesThatCannotBeBuiltGiveTheirErrorsLineAndCode() async {
    let harness = LaunchHarness()
    harness.failure = FlowFailure(kind: .unavailable, userMessage: "mission control is dark")
    #expect(await harness.run(["workout"]) == 69)
    #expect(harness.errors.text == "error: mission control is dark\n")
  }

  @Test func aDataDirectoryUnderAFileIsCannotCreate() async throws {
    let harness = LaunchHarness()
    try FileManager.default.createDirectory(at: harness.root, withIntermediateDirectories: true)
    let file = harness.root.appendingPathComponent("plain")
    try Data("x".utf8).write(to: file)
    let code = await harness.launcher.run(
      arguments: ["--data-dir", file.appendingPathComponent("iss").path, "workout"], environment: [:],
      streams: LaunchStreams(input: ScriptedInput(lines: []), output: harness.output, errors: harness.errors))
    #expect(code == 73)
    #expect(harness.errors.lines.count == 1)
    #expect(harness.errors.text.contains("\(file.path) is a file, not a directory"))
  }

  @Test func theDataDirectoryComesFromTheEnvironmentWhenNotGiven() async throws {
    let harness = LaunchHarness()
    let directory = harness.root.appendingPathComponent("from-env")
    let code = await harness.launcher.run(
      arguments: ["workout"], environment: ["ISS_DATA_DIR": directory.path, "HOME": harness.root.path],
      streams: LaunchStreams(input: ScriptedInput(lines: []), output: harness.output, errors: harness.errors))
    #expect(code == 0)
    #expect(harness.journal.entries.first == "services from-env")
    #expect(FileManager.default.fileExists(atPath: directory.appendingPathComponent("station.log").path))
  }

  @Test func aCommandWritesItsLogAndAnalyticsLinesWhenItEndsAndAWarningAtOnce() async throws {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("scaffold-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: root) }
    let data = root.appendingPathComponent("data")
    func text(_ name: String) -> String {
      (try? String(contentsOf: data.appendingPathComponent(name), encoding: .utf8)) ?? ""
    }
    let journal = Journal()
    var seen: [String] = []
    let launcher = AppLauncher<FakeServices>(
      name: "station", version: "9.9.9", abstract: "A fake station app.", partners: .shipped,
      domains: [
        .domain { FakeDomain<GalleyRoute>(name: "Galley", journal: $0.journal, behavior: { _, _ in }) },
        .domain {
          FakeDomain<GymRoute>(
            name: "Gym", journal: $0.journal,
            behavior: { _, context in
              seen.append(text("station.log") + text("analytics.jsonl"))
              context.logger.warning("the treadmill squeaks")
              seen.append(text("station.log"))
            })
        },
      ],
      services: { FakeServices(launch: $0, journal: journal) })
    let code = await launcher.run(
      arguments: ["--data-dir", data.path, "workout"], environment: ["HOME": root.path],
      streams: LaunchStreams(input: ScriptedInput(lines: []), output: CapturedOutput(), errors: CapturedOutput()))
    #expect(code == 0)
    #expect(seen.first == "", "a command's lines wait for its end")
    let atWarning = seen.last?.split(separator: "\n").map { $0.split(separator: " ", maxSplits: 1).last ?? "" } ?? []
    #expect(atWarning.count == 4, "\(atWarning)")
    #expect(atWarning.last?.hasSuffix("the treadmill squeaks") == true, "a warning goes out at once, with the lines before it")
    let log = text("station.log")
    for expected in ["start station (once)", "open workout", "the treadmill squeaks", "shut down station with exit code 0"] {
      #expect(log.contains(expected), "\(expected) in \(log)")
    }
    let events = text("analytics.jsonl").split(separator: "\n")
    #expect(events.count == 3)
    #expect(events.first?.contains("app.start") == true && events.last?.contains("app.shutdown") == true)
  }
}
