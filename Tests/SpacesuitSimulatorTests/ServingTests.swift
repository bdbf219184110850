import Foundation
import TestHarness
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// What `/proc/PID/status` says about a process.
struct ProcessStatus: Sendable {
  let residentKiB: Int
  let threads: Int

  init(pid: Int32) throws {
    let text = try String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)
    func field(_ name: String) -> Int {
      let line = text.split(separator: "\n").first { $0.hasPrefix(name + ":") } ?? ""
      return Int(line.split(whereSeparator: { $0 == " " || $0 == "\t" }).dropFirst().first ?? "") ?? -1
    }
    residentKiB = field("VmRSS")
    threads = field("Threads")
  }
}

/// A fresh directory for sockets and files in the way, removed afterwards.
final class Scratch: Sendable {
  let path = "/tmp/iss-sim-\(UUID().uuidString.prefix(8))"
  init() throws { try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true) }
  deinit { try? FileManager.default.removeItem(atPath: path) }
}

/// `spacesuit-sim --socket` never removes what it did not make, and says what is in the way.
@Suite(.serialized) struct SocketPathTests {
  @Test func leavesARegularFileAloneAndSaysWhatItIs() async throws {
    let scratch = try Scratch()
    let path = "\(scratch.path)/flight-plan.txt"
    try Data("do not lose me\n".utf8).write(to: URL(fileURLWithPath: path))
    let simulator = try SimulatorProcess.launch(["--socket", path])
    defer { simulator.forceStop() }
    #expect(await simulator.waitForExit(within: .seconds(60)) == 73)
    #expect(
      await simulator.standardErrorText()
        == "error: \(path) is a regular file, not a socket; it was left alone: pick another --socket path\n")
    #expect(try String(contentsOfFile: path, encoding: .utf8) == "do not lose me\n")
  }

  @Test func saysADirectoryIsADirectory() async throws {
    let scratch = try Scratch()
    let simulator = try SimulatorProcess.launch(["--socket", scratch.path])
    defer { simulator.forceStop() }
    #expect(await simulator.waitForExit(within: .seconds(60)) == 73)
    let errors = await simulator.standardErrorText()
    #expect(
      errors
        == "error: \(scratch.path) is a directory, not a socket; give a socket file in it, e.g. --socket \(scratch.path)/suit.sock\n"
    )
    #expect(!errors.contains("listening"))
  }

  @Test func aFileWhereAFolderOfThePathShouldBeIsNamedInOneLineWith73() async throws {
    let scratch = try Scratch()
    let file = "\(scratch.path)/flight-plan.txt"
    try Data("do not lose me\n".utf8).write(to: URL(fileURLWithPath: file))
    let path = "\(file)/suit.sock"
    let simulator = try SimulatorProcess.launch(["--socket", path])
    defer { simulator.forceStop() }
    #expect(await simulator.waitForExit(within: .seconds(60)) == 73)
    #expect(
      await simulator.standardErrorText()
        == "error: cannot create the socket \(path): \(file) is a regular file, not a directory; it was left alone: "
        + "pick another --socket path\n")
    #expect(try String(contentsOfFile: file, encoding: .utf8) == "do not lose me\n")
  }

  @Test func aLoopOfLinksOnThePathIsNamedInOneLineWith73() async throws {
    let scratch = try Scratch()
    try FileManager.default.createSymbolicLink(atPath: "\(scratch.path)/a", withDestinationPath: "\(scratch.path)/b")
    try FileManager.default.createSymbolicLink(atPath: "\(scratch.path)/b", withDestinationPath: "\(scratch.path)/a")
    let simulator = try SimulatorProcess.launch(["--socket", "\(scratch.path)/a/suit.sock"])
    defer { simulator.forceStop() }
    #expect(await simulator.waitForExit(within: .seconds(60)) == 73)
    let errors = await simulator.standardErrorText()
    #expect(errors.split(separator: "\n").count == 1, "\(errors)")
    #expect(errors.contains("\(scratch.path)/a is a loop of symbolic links, not a directory"), "\(errors)")
  }

  @Test func aPathTooLongIsBadUsageInOneLineNamingItOnce() async throws {
    let path = "/tmp/" + String(repeating: "x", count: 120) + ".sock"
    let simulator = try SimulatorProcess.launch(["--socket", path])
    defer { simulator.forceStop() }
    #expect(await simulator.waitForExit(within: .seconds(60)) == 64)
    let errors = await simulator.standardErrorText()
    #expect(errors.split(separator: "\n").count == 1)
    #expect(errors.components(separatedBy: path).count == 2, "the path appears once: \(errors)")
    #expect(errors.contains("at most 107"))
  }
}

/// Many clients, few threads, flat memory (ceilings generous on purpose: the figures are in the
/// benchmark; these catch a thread or a buffer per client).
@Suite(.serialized) struct ManyClientsTests {
  /// A running simulator on a socket in its own directory (both gone when this is).
  final class Served: Sendable {
    let scratch: Scratch
    let path: String
    let simulator: SimulatorProcess

    private init(scratch: Scratch, path: String, simulator: SimulatorProcess) {
      self.scratch = scratch
      self.path = path
      self.simulator = simulator
    }

    static func start(_ extra: [String] = []) async throws -> Served {
      let scratch = try Scratch()
      let path = "\(scratch.path)/suit.sock"
      let simulator = try SimulatorProcess.launch(["--socket", path] + extra)
      #expect(try await simulator.firstLine(within: .seconds(60)) == "spacesuit-sim listening on \(path)")
      return Served(scratch: scratch, path: path, simulator: simulator)
    }

    deinit { simulator.forceStop() }
  }

  @Test func manyShortConnectionsLeaveMemoryAndThreadsFlat() async throws {
    let served = try await Served.start()
    let (pid, path) = (served.simulator.pid, served.path)
    let (before, after) = try await onOwnThread {
      func oneClient(_ sequence: UInt16) throws {
        let client = try WireClient(path: path)
        let answer = try client.request(type: 0x01, sequence: sequence, body: [:])
        guard answer.type == 0x81 else { throw TestFailure(description: "answer type \(answer.type)") }
        client.close()
      }
      for index in 0..<500 { try oneClient(UInt16(index)) }  // warm-up: caches, pools, allocator arenas
      let before = try ProcessStatus(pid: pid)
      for index in 0..<4000 { try oneClient(UInt16(index % 60_000)) }
      return (before, try ProcessStatus(pid: pid))
    }
    // A thread or a few kilobytes kept per connection would show as 4,000 threads or 16+ MB here.
    #expect(after.residentKiB - before.residentKiB < 8 * 1024, "RSS \(before.residentKiB) → \(after.residentKiB) KiB")
    #expect(after.threads <= 16, "\(after.threads) threads")
    withExtendedLifetime(served) {}
  }

  @Test func heldIdleConnectionsNeitherCostThreadsNorStarveAWellBehavedClient() async throws {
    let served = try await Served.start()
    let (pid, path) = (served.simulator.pid, served.path)
    let (held, status, answer) = try await onOwnThread {
      let held = try (0..<400).map { _ in try WireClient(path: path) }
      let status = try ProcessStatus(pid: pid)
      let answer = try WireClient(path: path).request(type: 0x01, sequence: 1, body: [:])
      return (held.count, status, answer.type)
    }
    #expect(status.threads <= 16, "\(status.threads) threads for \(held) held connections")
    #expect(answer == 0x81)
    withExtendedLifetime(served) {}
  }

  @Test func aScenarioRaisesItsAlertOverTheWire() async throws {
    let served = try await Served.start(["--scenario", "co2-buildup", "--time-factor", "600"])
    let path = served.path
    let client = try WireClient(path: path)
    var carbonDioxide = 0.0
    var sequence: UInt16 = 1
    try await until(
      "CO2 (\(carbonDioxide) mmHg) to reach the critical band", within: .seconds(60), every: .milliseconds(100)
    ) {
      let telemetry = try await client.asking(type: 0x01, sequence: sequence, body: [:])
      carbonDioxide = telemetry.body["carbonDioxideMmHg"] as? Double ?? 0
      sequence += 1
      return carbonDioxide > 7.6
    }
    withExtendedLifetime(served) {}
  }
}
