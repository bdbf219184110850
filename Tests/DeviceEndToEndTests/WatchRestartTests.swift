import EndToEndSupport
import Foundation
import TestHarness
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// Every watch rides through its simulator dying while a request is in flight: the simulator is
/// frozen (SIGSTOP) so that the watch's next request waits on it, killed (SIGKILL) with that request
/// unanswered, and started again on the same socket — several times over — and the watch goes on.
@Suite("watches reconnect when the simulator dies under a request")
struct WatchRestartTests {
  /// A simulator on `socket`, started (and restarted) the same way each time.
  private struct Simulator {
    let executable: URL
    let socket: String
    let sandbox: Sandbox

    func start() async throws -> BackgroundServer {
      try await BackgroundServer.launch(
        executable, ["--socket", socket], marker: "listening", environment: sandbox.environment)
    }
  }

  /// Kills `simulator` `restarts` times while `watch` waits for an answer, restarting it each time,
  /// and checks that the watch keeps printing lines containing `sample`; ends it with Ctrl-C.
  private func ridesThroughRestarts(
    _ watch: ChildProcess, sample: String, simulator: Simulator, first: BackgroundServer, restarts: Int = 5
  ) async throws {
    var running = first
    try await watch.waitForOutput(sample, occurrence: 2, within: .seconds(60))
    for restart in 1...restarts {
      let seen = watch.output.components(separatedBy: sample).count - 1
      // Frozen, the simulator reads no request: the watch's next one (its interval is far shorter
      // than the freeze) is sent and waits, and the kill drops the link under it — well within the
      // request's 3 s timeout, so it is the drop the watch meets, not a timeout.
      running.process.signal(SIGSTOP)
      try await Task.sleep(for: .milliseconds(600))
      await running.crash()
      running = try await simulator.start()
      try await until("the watch to print samples again after restart \(restart): \(watch.output)\(watch.errors)") {
        watch.output.components(separatedBy: sample).count - 1 > seen + 1 || watch.hasExited
      }
      #expect(!watch.hasExited, "the watch ended after restart \(restart): \(watch.errors)")
      guard !watch.hasExited else { break }
    }
    watch.signal(SIGINT)
    let exit = try #require(await watch.exit(within: .seconds(60)), "the watch ignored Ctrl-C")
    await watch.outputClosed(within: .seconds(60))
    #expect(exit.code == 130, "stopped by Ctrl-C, not by an error: \(watch.errors)")
    #expect(!watch.errors.contains("error"), "\(watch.errors)")
    withExtendedLifetime(running) {}
  }

  @Test("iss-overview status --watch goes on through station-sim killed under a request, five times")
  func stationWatch() async throws {
    let sandbox = try Sandbox()
    let simulator = Simulator(
      executable: Executables.stationSimulator, socket: sandbox.stationSocketPath, sandbox: sandbox)
    let first = try await simulator.start()
    let watch = try ChildProcess(
      Executables.issOverview,
      [
        "--data-dir", sandbox.dataDirectory, "--station", "unix:\(sandbox.stationSocketPath)", "status", "--watch",
        "--interval-ms", "100",
      ],
      environment: sandbox.environment)
    try await ridesThroughRestarts(watch, sample: " kW ", simulator: simulator, first: first)
    #expect(watch.output.contains("reconnected"), "it said the link came back: \(watch.output)")
  }

  @Test("cosmonaut suit watch goes on through spacesuit-sim killed under a request, five times")
  func suitWatch() async throws {
    let sandbox = try Sandbox()
    let simulator = Simulator(executable: Executables.spacesuitSimulator, socket: sandbox.socketPath, sandbox: sandbox)
    let first = try await simulator.start()
    let watch = try ChildProcess(
      Executables.cosmonaut,
      [
        "--data-dir", sandbox.dataDirectory, "--suit", "unix:\(sandbox.socketPath)", "suit", "watch", "--interval-ms",
        "50",
      ],
      environment: sandbox.environment)
    try await ridesThroughRestarts(watch, sample: " kPa ", simulator: simulator, first: first)
    #expect(watch.output.contains("suit link reconnected"), "\(watch.output)")
  }
}
