import Foundation
import Testing
import UIComponents
import UIComponentsTestSupport

@testable import Scaffold

/// The launch a test keeps alive after the run: its log and analytics files stay open, so what they
/// held and did not write is still held (a file writes what it holds when it closes).
@MainActor private final class KeptLaunch {
  var launch: Launch?
}

/// A fake app whose command (`workout`) does `behavior`, over captured streams and a temporary
/// data directory, keeping its launch alive after the run.
@MainActor private final class HeldLinesHarness {
  let root = FileManager.default.temporaryDirectory.appendingPathComponent("scaffold-held-\(UUID().uuidString)")
  let kept = KeptLaunch()
  let journal = Journal()
  let errors = CapturedOutput()
  var behavior: FakeBehavior<GymRoute> = { _, _ in }
  var failure: (any Error)?

  deinit { try? FileManager.default.removeItem(at: root) }

  var data: URL { root.appendingPathComponent("data") }

  /// The text of the data directory's file `name` now ("" when there is none).
  func text(_ name: String) -> String {
    (try? String(contentsOf: data.appendingPathComponent(name), encoding: .utf8)) ?? ""
  }

  /// The names of the events in `analytics.jsonl` now.
  var events: [String] {
    text("analytics.jsonl").split(separator: "\n").compactMap { line in
      line.split(separator: "\"name\":\"", maxSplits: 1).last?.split(separator: "\"").first.map(String.init)
    }
  }

  func run(_ arguments: [String], input: [String] = []) async -> Int32 {
    let (kept, journal, behavior, failure) = (kept, journal, behavior, failure)
    let launcher = AppLauncher<FakeServices>(
      name: "station", version: "9.9.9", abstract: "A fake station app.", partners: .shipped,
      domains: [.domain { FakeDomain<GymRoute>(name: "Gym", journal: $0.journal, behavior: behavior) }],
      services: { launch in
        kept.launch = launch
        if let failure { throw failure }
        return FakeServices(launch: launch, journal: journal)
      })
    return await launcher.run(
      arguments: ["--data-dir", data.path] + arguments, environment: ["HOME": root.path],
      streams: LaunchStreams(input: ScriptedInput(lines: input), output: CapturedOutput(), errors: errors))
  }
}

/// A command holds its log and analytics lines for one write each; every way it ends writes them.
@MainActor @Suite struct HeldLinesTests {
  @Test func aCommandWritesWhatItHeldWhenItEndsWellOrWithAnError() async throws {
    let endings: [(thrown: (any Error)?, code: Int32)] = [
      (nil, 0), (FlowFailure(kind: .rejected, userMessage: "no such treadmill"), 65), (Crash(), 70),
    ]
    for (thrown, code) in endings {
      let harness = HeldLinesHarness()
      harness.behavior = { _, _ in if let thrown { throw thrown } }
      #expect(await harness.run(["workout"]) == code)
      #expect(harness.kept.launch != nil, "the launch (and its files) still open")
      let log = harness.text("station.log")
      for expected in ["start station (once)", "open workout", "shut down station with exit code \(code)"] {
        #expect(log.contains(expected), "\(expected) in \(log)")
      }
      let opened = ["app.start", "route.open"]
      #expect(harness.events == opened + (thrown == nil ? [] : ["error"]) + ["app.shutdown"])
    }
  }

  @Test func anErrorGoesOutAtOnceInTheLogAndInAnalytics() async throws {
    let harness = HeldLinesHarness()
    var seen: (log: String, events: [String])?
    harness.behavior = { _, context in
      context.errors.present(FlowFailure(kind: .unavailable, userMessage: "the treadmill is off"), in: "Gym")
      seen = (harness.text("station.log"), harness.events)
    }
    #expect(await harness.run(["workout"]) == 0)
    let (log, events) = try #require(seen)
    #expect(log.split(separator: "\n").last?.contains("the treadmill is off") == true, "\(log)")
    #expect(log.contains("open workout"), "the lines before it go out with it")
    #expect(events == ["app.start", "route.open", "error"])
  }

  @Test func servicesThatCannotBeBuiltWriteWhatTheLaunchHeld() async throws {
    let harness = HeldLinesHarness()
    harness.failure = FlowFailure(kind: .unavailable, userMessage: "mission control is dark")
    #expect(await harness.run(["workout"]) == 69)
    #expect(harness.kept.launch != nil)
    let log = harness.text("station.log")
    #expect(log.contains("partner nasa"), "\(log)")
    #expect(log.contains("mission control is dark"), "\(log)")
    #expect(harness.events == ["error"])
  }

  @Test func aBackupWritesWhatItHeldWhenItEnds() async throws {
    let harness = HeldLinesHarness()
    #expect(await harness.run(["backup", harness.root.appendingPathComponent("copies").path]) == 0)
    #expect(harness.kept.launch != nil)
    let log = harness.text("station.log")
    #expect(log.contains("partner nasa"), "\(log)")
    #expect(log.contains("backed up 0 store(s)"), "\(log)")
    #expect(harness.events == ["app.backup"])
  }

  @Test func aCommandWritesWhatItKeptWhenSomethingSlowStartsAndEachLineAfter() async throws {
    let harness = HeldLinesHarness()
    var seen: (before: String, during: String)?
    harness.behavior = { _, context in
      let before = harness.text("station.log")
      _ = try await context.interruptible { @MainActor in
        context.logger.info("the treadmill starts")
        seen = (before, harness.text("station.log"))
      }
    }
    #expect(await harness.run(["workout"]) == 0)
    let (before, during) = try #require(seen)
    #expect(before.isEmpty, "kept until then: \(before)")
    #expect(during.contains("open workout"), "\(during)")
    #expect(during.contains("the treadmill starts"), "a line during the slow work goes out at once: \(during)")
    #expect(harness.events.contains("route.open"))
  }

  @Test func theInteractiveAppWritesEachLineAtOnce() async throws {
    let harness = HeldLinesHarness()
    var seen = ""
    harness.behavior = { _, _ in seen = harness.text("station.log") }
    #expect(await harness.run([], input: ["y", "q"]) == 0)
    #expect(seen.contains("start station (interactive)"), "\(seen)")
    #expect(seen.contains("open workout"), "\(seen)")
  }
}
