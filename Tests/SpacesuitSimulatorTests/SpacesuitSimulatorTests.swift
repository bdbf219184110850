import CommandLineKit
import Foundation
import SpacesuitService
import SpacesuitServiceInterface
import TestHarness
import Testing

@testable import SpacesuitSimulator

#if canImport(Glibc)
  import Glibc
#endif

@Suite struct ArgumentTests {
  private func options(_ arguments: [String]) throws -> SimulatorOptions {
    guard case .run(_, _, let values) = try SimulatorCommandLine.program.parse(arguments) else {
      throw TestFailure(description: "\(arguments) prints instead of running")
    }
    return SimulatorOptions(values)
  }

  @Test func parsesAFullCommandLine() throws {
    let parsed = try options(["--socket", "/tmp/a.sock", "--seed", "7", "--tick-ms=250", "--log-level", "debug"])
    #expect(parsed.socketPath == "/tmp/a.sock")
    #expect(parsed.seed == 7 && parsed.tickMilliseconds == 250 && parsed.logLevel == .debug)
    let defaults = try options(["--socket", "/tmp/b.sock"])
    #expect(defaults.seed == 42 && defaults.tickMilliseconds == 1000 && defaults.logLevel == .notice)
  }

  @Test func helpHasTheSectionsAndTheRequiredSocket() throws {
    guard case .print(let help) = try SimulatorCommandLine.program.parse(["--help"]) else {
      Issue.record("--help prints")
      return
    }
    for section in ["OVERVIEW:", "USAGE: spacesuit-sim --socket <path> [<options>]", "OPTIONS:", "EXIT CODES:"] {
      #expect(help.contains(section), "\(section)")
    }
    #expect(!help.contains("SUBCOMMANDS"))
  }

  @Test func refusesBadCommandLines() {
    #expect(throws: UsageError("missing --socket <path>; see 'spacesuit-sim --help'")) { try options([]) }
    #expect(throws: UsageError("unknown option '--bogus'; see 'spacesuit-sim --help'")) {
      try options(["--socket", "/tmp/a", "--bogus"])
    }
    #expect(throws: UsageError("--socket needs a value; see 'spacesuit-sim --help'")) { try options(["--socket"]) }
    #expect(throws: UsageError.self) { try options(["--socket", "/tmp/a", "--seed", "-1"]) }
    #expect(throws: UsageError.self) { try options(["--socket", "/tmp/a", "--tick-ms", "0"]) }
    #expect(throws: UsageError.self) { try options(["--socket", "/tmp/a", "--log-level", "loud"]) }
    #expect(throws: UsageError.self) { try options(["--socket", "/tmp/a", "stray"]) }
  }

  @Test func parsesScenarioTimeFactorAndMeasure() throws {
    let scenario = try options(["--socket", "/tmp/a.sock", "--scenario", "pressure-leak", "--time-factor", "60"])
    #expect(scenario.scenario == .pressureLeak && scenario.timeFactor == 60 && scenario.measureCount == nil)
    #expect(try options(["--socket", "/tmp/a.sock", "--measure", "500"]).measureCount == 500)
    #expect(
      throws: UsageError(
        "invalid value \"meteor\" for --scenario: expected one of nominal, co2-buildup, battery-drain, pressure-leak")
    ) { try options(["--socket", "/tmp/a", "--scenario", "meteor"]) }
    #expect(throws: UsageError("invalid value \"0\" for --time-factor: expected a number from 0.01 to 3600")) {
      try options(["--socket", "/tmp/a", "--time-factor", "0"])
    }
    #expect(throws: UsageError.self) { try options(["--socket", "/tmp/a", "--measure", "0"]) }
  }

  @Test func helpListsEveryScenario() throws {
    let help = try SimulatorCommandLine.program.help(for: [])
    for scenario in SuitScenario.allCases {
      #expect(help.contains("\(scenario.rawValue): "), "\(scenario)")
    }
    #expect(help.contains("--time-factor <n>"))
    #expect(help.contains("SCENARIOS:"))
  }
}

/// Runs the built `spacesuit-sim` and talks to it through its socket with hand-made frames,
/// checking the documented wire format from the outside (no workspace module involved).
@Suite(.serialized) struct ProcessTests {
  @Test func servesASuitAndStopsCleanlyOnSIGTERM() async throws {
    let path = "/tmp/iss-\(UUID().uuidString.prefix(8)).sock"
    let simulator = try SimulatorProcess.launch(["--socket", path, "--seed", "3"])
    defer { simulator.forceStop() }
    #expect(try await simulator.firstLine(within: .seconds(60)) == "spacesuit-sim listening on \(path)")

    let suit = try WireClient(path: path)
    defer { suit.close() }
    let telemetry = try await suit.asking(type: 0x01, sequence: 1, body: [:])
    #expect(telemetry.type == 0x81)
    #expect(telemetry.sequence == 1)
    let pressure = try #require(telemetry.body["suitPressureKPa"] as? Double)
    #expect((27.6...32.4).contains(pressure))
    #expect(telemetry.body["helmetLightsOn"] as? Bool == false)

    let ack = try await suit.asking(type: 0x03, sequence: 2, body: ["setting": "lights", "value": 1])
    #expect(ack.type == 0x83)
    #expect(ack.body["accepted"] as? Bool == true)
    let refused = try await suit.asking(type: 0x03, sequence: 3, body: ["setting": "temperature", "value": 50])
    #expect(refused.body["accepted"] as? Bool == false)
    #expect(try await suit.asking(type: 0x01, sequence: 4, body: [:]).body["helmetLightsOn"] as? Bool == true)

    // A second server on the same socket is refused while the first one lives.
    let second = try SimulatorProcess.launch(["--socket", path])
    #expect(await second.waitForExit(within: .seconds(60)) == 69)
    #expect(await second.standardErrorText().contains("already listening on \(path)"))

    suit.close()
    #expect(kill(simulator.pid, SIGTERM) == 0)
    #expect(await simulator.waitForExit(within: .seconds(60)) == 0)
    #expect(!FileManager.default.fileExists(atPath: path))
  }

  @Test func badUsageExits64WithOneLine() async throws {
    let simulator = try SimulatorProcess.launch(["--bogus"])
    #expect(await simulator.waitForExit(within: .seconds(60)) == 64)
    let errors = await simulator.standardErrorText()
    #expect(errors == "error: unknown option '--bogus'; see 'spacesuit-sim --help'\n")
  }
}

struct TestFailure: Error, CustomStringConvertible {
  let description: String
}

/// The built `spacesuit-sim` as a child of the test (killed when released).
final class SimulatorProcess: Sendable {
  let process: ChildProcess

  var pid: Int32 { process.pid }

  static func executableURL() throws -> URL {
    let url = TestProducts.executable("spacesuit-sim")
    guard FileManager.default.isExecutableFile(atPath: url.path) else {
      throw TestFailure(description: "spacesuit-sim not found in \(TestProducts.directory.path)")
    }
    return url
  }

  static func launch(_ arguments: [String]) throws -> SimulatorProcess {
    SimulatorProcess(process: try ChildProcess(try executableURL(), arguments))
  }

  private init(process: ChildProcess) { self.process = process }

  /// The first stdout line, waiting at most `limit`; nil when the simulator closed its output without one.
  func firstLine(within limit: Duration) async throws -> String? {
    try await process.firstLine(within: limit)
  }

  /// The exit status, or nil if the process is still running after `limit`.
  func waitForExit(within limit: Duration) async -> Int32? {
    await process.exit(within: limit)?.status
  }

  /// Everything the simulator wrote to stderr (waiting, bounded, for the end of it).
  func standardErrorText() async -> String {
    await process.outputClosed(within: .seconds(60))
    return process.errors
  }

  /// Makes sure nothing outlives the test.
  func forceStop() { process.signal(SIGKILL) }
}

/// A minimal client of the Radio wire format: A5 5A, type, seq (BE), length (BE), payload, CRC-16/CCITT-FALSE.
final class WireClient: @unchecked Sendable {
  /// `@unchecked`: the body is decoded JSON, only read after it is handed over.
  struct Response: @unchecked Sendable {
    let type: UInt8
    let sequence: UInt16
    let body: [String: Any]
  }

  private let fd: Int32
  private var buffered: [UInt8] = []

  init(path: String) throws {
    fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
    var address = sockaddr_un()
    address.sun_family = sa_family_t(AF_UNIX)
    withUnsafeMutableBytes(of: &address.sun_path) { raw in
      for (index, byte) in path.utf8.enumerated() { raw[index] = byte }
    }
    let result = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        connect(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
      }
    }
    guard result == 0 else { throw TestFailure(description: "cannot connect to \(path)") }
  }

  func close() { _ = shutdown(fd, Int32(SHUT_RDWR)) }

  deinit { Glibc.close(fd) }

  static func crc(_ bytes: ArraySlice<UInt8>) -> UInt16 {
    var crc: UInt16 = 0xFFFF
    for byte in bytes {
      crc ^= UInt16(byte) << 8
      for _ in 0..<8 { crc = crc & 0x8000 != 0 ? (crc << 1) ^ 0x1021 : crc << 1 }
    }
    return crc
  }

  /// `request` on a thread of its own (it blocks while it waits for the answer).
  func asking(type: UInt8, sequence: UInt16, body: [String: any Sendable]) async throws -> Response {
    try await onOwnThread { try self.request(type: type, sequence: sequence, body: body) }
  }

  func request(type: UInt8, sequence: UInt16, body: [String: Any]) throws -> Response {
    let payload = Array(try JSONSerialization.data(withJSONObject: ["v": 1, "body": body]))
    var frame: [UInt8] = [0xA5, 0x5A, type, UInt8(sequence >> 8), UInt8(sequence & 0xFF)]
    frame += [UInt8(payload.count >> 8), UInt8(payload.count & 0xFF)] + payload
    let checksum = WireClient.crc(frame[2...])
    frame += [UInt8(checksum >> 8), UInt8(checksum & 0xFF)]
    let written = frame.withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
    guard written == frame.count else { throw TestFailure(description: "short write") }
    return try readFrame()
  }

  private func readFrame() throws -> Response {
    let deadline = ContinuousClock.now + .seconds(10)
    while ContinuousClock.now < deadline {
      if buffered.count >= 9 {
        #expect(Array(buffered[0..<2]) == [0xA5, 0x5A])
        let length = Int(buffered[5]) << 8 | Int(buffered[6])
        let total = 7 + length + 2
        if buffered.count >= total {
          let checksum = UInt16(buffered[total - 2]) << 8 | UInt16(buffered[total - 1])
          #expect(checksum == WireClient.crc(buffered[2..<(total - 2)]))
          let json = try JSONSerialization.jsonObject(with: Data(buffered[7..<(total - 2)])) as? [String: Any]
          #expect(json?["v"] as? Int == 1)
          let response = Response(
            type: buffered[2], sequence: UInt16(buffered[3]) << 8 | UInt16(buffered[4]),
            body: json?["body"] as? [String: Any] ?? [:])
          buffered.removeFirst(total)
          return response
        }
      }
      var descriptor = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
      guard poll(&descriptor, 1, 100) > 0 else { continue }
      var chunk = [UInt8](repeating: 0, count: 8192)
      let count = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
      guard count > 0 else { throw TestFailure(description: "the suit hung up") }
      buffered += chunk[0..<count]
    }
    throw TestFailure(description: "no response within 10 s")
  }
}
