import EndToEndSupport
import Foundation
import TestHarness
import Testing

/// Every signal a terminal sends ends a program cleanly with its code (Ctrl-C is KeyboardTests'):
/// no crash report, no wait. And the HTTP helper says what it is instead of waiting for frames.
@Suite struct TerminalSignalTests {
  @Test(arguments: [(SIGQUIT, Int32(131)), (SIGHUP, Int32(129)), (SIGTERM, Int32(143))])
  func aSignalEndsTheInteractiveAppAtOnceWithItsCode(signal: Int32, code: Int32) async throws {
    let sandbox = try Sandbox()
    let app = try ChildProcess(
      Executables.cosmonaut, ["--data-dir", sandbox.dataDirectory], environment: sandbox.environment, input: .pipe)
    try await app.waitForOutput("Choose")
    app.signal(signal)
    let exit = try #require(await app.exit(within: .seconds(60)), "the app ended")
    #expect(exit.status == code, "\(exit)")
    #expect(!app.errors.contains("Backtrace") && !app.errors.contains("Crash"), "\(app.errors)")
  }

  @Test func theHTTPHelperSaysWhatItIsAndRefusesToWaitForATerminal() async throws {
    let helper = Executables.productsDirectory.appendingPathComponent("URLSessionHelper-tool")
    let sandbox = try Sandbox()
    let help = try await sandbox.run(helper, ["--help"], environment: sandbox.environment)
    #expect(help.status == 0 && help.stdout.hasPrefix("usage: URLSessionHelper-tool"), "\(help.stdout)")
    let wrong = try await sandbox.run(helper, ["--bogus"], environment: sandbox.environment)
    #expect(wrong.status == 64 && wrong.stderr.split(separator: "\n").count == 1, "\(wrong.stderr)")
  }
}
