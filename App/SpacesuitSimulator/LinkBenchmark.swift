import AppAnalytics
import Dispatch
import FoundationEssentials
import Logging
import SpacesuitService
import SpacesuitServiceInterface

#if canImport(Glibc)
  import Glibc
#endif

/// `spacesuit-sim --socket PATH --measure N`: times the suit link as a client of the suit at PATH.
///
/// Three figures, measured in this order in one run: `N` telemetry requests one after another
/// (the link's round trip), the same `N` round trips over a raw socket pair answered by a thread
/// with blocking calls (the floor), and a `watch` of `N` samples at a 1 ms interval.
enum LinkBenchmark {
  /// The printed result (one JSON line).
  struct Report: Encodable {
    struct Spread: Encodable {
      let median: Double
      let min: Double
      let max: Double
    }

    let endpoint: String
    let requests: Int
    /// One `telemetry()` request over the radio link, µs.
    let roundTripMicroseconds: Spread
    /// One round trip of the same sizes over a raw Unix socket pair, µs.
    let rawRoundTripMicroseconds: Spread
    /// Median round trip over the median raw round trip.
    let ratio: Double
    /// Context switches of this process per request (all threads), during the round trips.
    let contextSwitchesPerRequest: Double
    /// Samples per second of `watch` at a 1 ms interval.
    let watchMessagesPerSecond: Double
    /// Time per watched sample beyond the 1 ms interval, µs.
    let watchExtraMicrosecondsPerMessage: Double
  }

  static func run(path: String, count: Int, logger: Logger) async throws -> Report {
    let client = try await SpacesuitClients.live(.unixSocket(path: path), logger: logger, analytics: .disabled)
    for _ in 0..<min(count, 100) { _ = try await client.telemetry() }  // warm-up
    let clock = ContinuousClock()
    var link: [Double] = []
    link.reserveCapacity(count)
    let switchesBefore = contextSwitches()
    for _ in 0..<count {
      let start = clock.now
      _ = try await client.telemetry()
      link.append(microseconds(clock.now - start))
    }
    let switches = Double(contextSwitches() - switchesBefore) / Double(count)
    let raw = try rawRoundTrips(count: count, replyLength: 320)
    let interval = Duration.milliseconds(1)
    let watchStart = clock.now
    var samples = 0
    for try await _ in client.watch(count: count, interval: interval) { samples += 1 }
    let watchSeconds = microseconds(clock.now - watchStart) / 1_000_000
    let linkSpread = spread(link)
    let rawSpread = spread(raw)
    return Report(
      endpoint: "unix:\(path)", requests: count, roundTripMicroseconds: linkSpread, rawRoundTripMicroseconds: rawSpread,
      ratio: linkSpread.median / rawSpread.median, contextSwitchesPerRequest: switches,
      watchMessagesPerSecond: Double(samples) / watchSeconds,
      watchExtraMicrosecondsPerMessage: watchSeconds * 1_000_000 / Double(samples) - microseconds(interval))
  }

  /// Voluntary and involuntary context switches of every thread of this process (0 where unknown).
  private static func contextSwitches() -> Int {
    let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/task")) ?? []
    return tasks.reduce(0) { total, task in
      guard let status = try? String(contentsOfFile: "/proc/self/task/\(task)/status", encoding: .utf8) else {
        return total
      }
      return total
        + status.split(separator: "\n").filter { $0.hasSuffix("ctxt_switches") || $0.contains("ctxt_switches:") }
        .compactMap { $0.split(separator: ":").last.flatMap { Int($0.filter { !$0.isWhitespace }) } }
        .reduce(0, +)
    }
  }

  private static func microseconds(_ duration: Duration) -> Double {
    let (seconds, attoseconds) = duration.components
    return Double(seconds) * 1_000_000 + Double(attoseconds) / 1_000_000_000_000
  }

  private static func spread(_ values: [Double]) -> Report.Spread {
    let sorted = values.sorted()
    return Report.Spread(median: sorted[sorted.count / 2], min: sorted.first ?? 0, max: sorted.last ?? 0)
  }

  /// Round trips over a socket pair: a 20-byte request, a `replyLength`-byte answer from a thread.
  private static func rawRoundTrips(count: Int, replyLength: Int) throws -> [Double] {
    var fds: [Int32] = [0, 0]
    guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &fds) == 0 else {
      throw BenchmarkError(message: "socketpair failed: \(String(cString: strerror(errno)))")
    }
    let (near, far) = (fds[0], fds[1])
    defer {
      close(near)
      close(far)
    }
    DispatchQueue(label: "bench.echo").async {
      var buffer = [UInt8](repeating: 0, count: 4096)
      let reply = [UInt8](repeating: 0x5A, count: replyLength)
      while true {
        let got = buffer.withUnsafeMutableBytes { read(far, $0.baseAddress, $0.count) }
        if got <= 0 { return }
        _ = reply.withUnsafeBytes { write(far, $0.baseAddress, $0.count) }
      }
    }
    let request = [UInt8](repeating: 0xA5, count: 20)
    var buffer = [UInt8](repeating: 0, count: 4096)
    let clock = ContinuousClock()
    var times: [Double] = []
    times.reserveCapacity(count)
    for _ in 0..<(count + min(count, 100)) {
      let start = clock.now
      _ = request.withUnsafeBytes { write(near, $0.baseAddress, $0.count) }
      var received = 0
      while received < replyLength {
        let got = buffer.withUnsafeMutableBytes { read(near, $0.baseAddress, $0.count) }
        guard got > 0 else { throw BenchmarkError(message: "the raw echo stopped") }
        received += got
      }
      times.append(microseconds(clock.now - start))
    }
    shutdown(near, Int32(SHUT_RDWR))
    return Array(times.dropFirst(min(count, 100)))
  }
}

/// The benchmark could not run.
struct BenchmarkError: Error, CustomStringConvertible {
  let message: String
  var description: String { message }
}
