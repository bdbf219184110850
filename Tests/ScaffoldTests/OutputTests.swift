import AppAnalytics
import Foundation
import Localization
import Logging
import LoggingTestSupport
import Testing
import UIComponents
import UIComponentsTestSupport

@testable import Scaffold

#if canImport(Glibc)
  import Glibc
#endif

/// An output whose writes fail with `code` from the first one on (as stdout on a full disk), keeping
/// nothing.
final class BrokenOutput: TerminalOutput, @unchecked Sendable {
  let code: Int32
  private(set) var writes = 0
  init(code: Int32) { self.code = code }
  func write(_ text: String) { writes += 1 }
  var failure: OutputFailure? { writes > 0 ? OutputFailure(code: code) : nil }
}

/// What an app makes of output it cannot write, decided in one place (`OutputCheck`).
@MainActor @Suite struct OutputTests {
  private func app(output: any TerminalOutput, errors: CapturedOutput, log: InMemoryLogSink) -> AppCoordinator {
    let terminal = Terminal(input: ScriptedInput(lines: []), output: output, errors: errors, theme: .plain)
    let journal = Journal()
    let report: FakeBehavior<GalleyRoute> = { route, context in
      journal.append("changed \(route)")
      context.terminal.print("Served.")
    }
    return AppCoordinator(
      configuration: AppCoordinator.Configuration(
        appName: "station",
        domains: [.init(FakeDomain(name: "Galley", journal: journal, behavior: report))],
        terminal: terminal, analytics: .disabled, logger: Logger(module: "Scaffold", sinks: [log])))
  }

  @Test func aChangeWhoseReportCannotBeWrittenSaysItWasSaved() async {
    let errors = CapturedOutput()
    let log = InMemoryLogSink()
    let code = await app(output: BrokenOutput(code: ENOSPC), errors: errors, log: log)
      .runOnce(HostedRoute(GalleyRoute.serve(meal: "tea", portions: 2)), json: false)
    #expect(code == 74)
    #expect(
      errors.text == "error: the change was saved, but its report could not be written: no space left on device\n")
    #expect(log.messages.contains { $0.contains("could not be written") })
  }

  @Test func aReportThatCannotBeWrittenIs74() async {
    let errors = CapturedOutput()
    let code = await app(output: BrokenOutput(code: EBADF), errors: errors, log: InMemoryLogSink())
      .runOnce(HostedRoute(GalleyRoute.menu), json: false)
    #expect(code == 74)
    #expect(errors.text == "error: the output could not be written: the output is closed\n")
  }

  @Test func aReaderThatWentAwayIsNoFailure() async {
    let errors = CapturedOutput()
    let code = await app(output: BrokenOutput(code: EPIPE), errors: errors, log: InMemoryLogSink())
      .runOnce(HostedRoute(GalleyRoute.menu), json: false)
    #expect(code == 0)
    #expect(errors.text.isEmpty)
  }

  @Test func aFailureAlreadyReportedKeepsItsCode() {
    let outcome = OutputCheck.outcome(65, output: OutputFailure(code: ENOSPC), changeSaved: false)
    #expect(outcome.code == 65 && outcome.problem == nil)
    #expect(OutputCheck.outcome(0, output: nil, changeSaved: true).code == 0)
  }

  @Test func helpThatCannotBeWrittenIs74() async {
    let errors = CapturedOutput()
    let harness = LaunchHarness()
    let code = await harness.launcher.run(
      arguments: ["--help"], environment: ["HOME": harness.root.path],
      streams: LaunchStreams(input: ScriptedInput(lines: []), output: BrokenOutput(code: ENOSPC), errors: errors))
    #expect(code == 74)
    #expect(errors.text == "error: the output could not be written: no space left on device\n")
  }
}

/// Text from outside, echoed: one rule (Localization's `InertText`), which the log's lines use too
/// (SharedWiringTests).
@Suite struct InertRuleTests {
  @Test @MainActor func errorLinesOfTheLauncherAreInert() async {
    let harness = LaunchHarness()
    #expect(await harness.run(["galley", "serve", "\u{1B}[2Jtea", "2"]) == 64)
    #expect(!harness.errors.text.contains("\u{1B}"))
    #expect(harness.errors.text.contains("\\e[2Jtea"))
    let long = String(repeating: "x", count: 120_000)
    #expect(await harness.run(["galley", "serve", long, "2"]) == 64)
    #expect(harness.errors.text.utf8.count < 1000, "a long value is cut: \(harness.errors.text.utf8.count) bytes")
  }
}
