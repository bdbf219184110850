import EndToEndSupport
import Foundation
import TestHarness
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// A socket served by python3 that sends every byte back as it came: an echo, not a device.
private final class EchoPeer: Sendable {
  let process: ChildProcess

  init(path: String, sandbox: Sandbox) async throws {
    let script = """
      import os, socket, sys, threading
      s = socket.socket(socket.AF_UNIX); s.bind(sys.argv[1]); s.listen(16)
      print("listening", flush=True)
      def serve(c):
          while True:
              d = c.recv(65536)
              if not d: return
              c.sendall(d)
      while True:
          c, _ = s.accept()
          threading.Thread(target=serve, args=(c,), daemon=True).start()
      """
    process = try ChildProcess("python3", ["-c", script, path], environment: sandbox.environment)
    guard try await process.firstLine(within: .seconds(60)) == "listening" else {
      throw ProcessFailure.notReady("the echo: \(process.output)\(process.errors)")
    }
  }

  deinit { process.signal(SIGKILL) }
}

/// What answers on a device's socket, what fails under a suit's setting and what a person types are
/// said as they are: one line each, with the code the README gives.
@Suite("messages that say what happened")
struct MisleadingMessageTests {
  @Test(
    "a peer that echoes requests is not the device: 69 naming it, for the suit, the station and the labs", .needsPython3
  )
  func anEchoIsNotTheDevice() async throws {
    let sandbox = try Sandbox()
    let path = sandbox.directory.appendingPathComponent("echo.sock").path
    let echo = try await EchoPeer(path: path, sandbox: sandbox)
    let runs: [(URL, [String])] = [
      (Executables.cosmonaut, ["--suit", "unix:\(path)", "suit", "status"]),
      (Executables.cosmonaut, ["--suit", "unix:\(path)", "suit", "set", "lights", "on"]),
      (Executables.issOverview, ["--station", "unix:\(path)", "status"]),
      (Executables.issOverview, ["--station", "unix:\(path)", "power", "wing", "2A", "feather"]),
      (TestProducts.executable("laboratory"), ["--lab", "unix:\(path)", "labs"]),
    ]
    for (executable, arguments) in runs {
      let result = try await sandbox.run(
        executable, ["--data-dir", sandbox.dataDirectory] + arguments, environment: sandbox.environment)
      #expect(result.status == 69, "\(arguments): \(result.stderr)")
      #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
      #expect(result.stderr.contains("an echo answers there, sending each request back unchanged"), "\(result.stderr)")
      #expect(result.stderr.contains(path) && !result.stderr.contains("update the app"), "\(result.stderr)")
    }
    withExtendedLifetime(echo) {}
  }

  @Test(
    "a full disk under the suit's state is an I/O failure (74) naming the file, not the suit refusing",
    .enabled("mounting a small tmpfs needs root; skipped") { await SmallDisk.isAvailable() })
  func aFullDiskUnderTheSuitsState() async throws {
    let disk = try await SmallDisk.mount()
    let sandbox = try Sandbox()
    let data = disk.mountPoint.appendingPathComponent("data").path
    let cosmonaut = { (arguments: [String]) in
      try await sandbox.run(Executables.cosmonaut, ["--data-dir", data] + arguments, environment: sandbox.environment)
    }
    #expect(try await cosmonaut(["suit", "set", "oxygen-flow", "3"]).status == 0)
    try disk.fill(leaving: 0)
    // To the last byte: the state file's next page finds no room.
    let filler = try FileHandle(forWritingTo: disk.mountPoint.appendingPathComponent("filler"))
    try filler.seekToEnd()
    while (try? filler.write(contentsOf: Data(count: 64))) != nil {}
    try? filler.close()

    let set = try await cosmonaut(["suit", "set", "oxygen-flow", "2.5"])
    #expect(set.status == 74, "\(set.stderr)")
    #expect(set.stderr.split(separator: "\n").count == 1, "\(set.stderr)")
    #expect(set.stderr.contains("\(data)/suit-state.json"), "names the file: \(set.stderr)")
    #expect(set.stderr.contains("No space left on device") && !set.stderr.contains("refused"), "\(set.stderr)")
    await disk.unmount()
  }

  @Test("a Russian reader types decimals with a comma, as the screens show them; English says what it expects")
  func decimalsAsTheLanguageWritesThem() async throws {
    let sandbox = try Sandbox()
    let russian = try await sandbox.cosmonaut(["--language", "ru", "suit", "set", "oxygen-flow", "2,5"])
    #expect(russian.status == 0, "\(russian.stderr)")
    #expect(russian.stdout.contains("2,5"), "\(russian.stdout)")
    let status = try await sandbox.cosmonaut(["suit", "status", "--json"])
    let telemetry = (try status.stdout.json() as? [String: Any])?["telemetry"] as? [String: Any]
    #expect(telemetry?["oxygenFlowLitersPerMinute"] as? Double == 2.5)

    let english = try await sandbox.cosmonaut(["--language", "en", "suit", "set", "oxygen-flow", "2,5"])
    #expect(english.status == 64, "\(english.stderr)")
    #expect(english.stderr.split(separator: "\n").count == 1, "\(english.stderr)")
    #expect(english.stderr.contains("0.5–8.0") && english.stderr.contains("\"2,5\""), "\(english.stderr)")

    let rotate = try await sandbox.issOverview(["--language", "ru", "thermal", "rotate", "port", "12,5"])
    #expect(rotate.status == 0, "\(rotate.stderr)")
    let wing = try await sandbox.issOverview(["--language", "ru", "power", "wing", "2A", "35,5"])
    #expect(wing.status == 0, "\(wing.stderr)")
    let englishWing = try await sandbox.issOverview(["power", "wing", "2A", "35,5"])
    #expect(englishWing.status == 64, "\(englishWing.stderr)")
  }
}
