// The project's side of Scripts/bench's telemetry row: COUNT telemetry requests, one after another,
// to the suit at SOCKET (a `spacesuit-sim`, another process), through the client `cosmonaut` makes
// for `--suit unix:SOCKET` (SpacesuitClients.connectingOnFirstUse, as App/CosmonautApp does): each
// request encoded, framed and written, the simulator's answer read, checked and decoded into a
// SuitTelemetry. The first WARMUP requests (the connection, first-use costs) are not counted.
// Then one request of the same kind by hand over a plain socket, to learn the sizes of the two
// messages on the wire, so the floor (socket-echo.c) can exchange messages of the same sizes.
//   usage: suit-trips SOCKET COUNT [WARMUP]
// Prints one line: microseconds per round trip, request bytes, answer bytes.
import AppAnalytics
import FoundationEssentials
import Glibc
import Logging
import Radio
import SpacesuitService
import SpacesuitServiceInterface

let arguments = CommandLine.arguments
guard arguments.count == 3 || arguments.count == 4, let count = Int(arguments[2]), count > 0,
  let warmup = arguments.count == 4 ? Int(arguments[3]) : min(count, 100), warmup >= 0
else {
  WholeWrite.line("usage: suit-trips SOCKET COUNT [WARMUP]")
  exit(64)
}
let socketPath = arguments[1]

func fail(_ message: String) -> Never {
  WholeWrite.line("suit-trips: \(message)")
  exit(69)
}

/// The sizes on the wire of one telemetry request and its answer, exchanged over a socket of our own.
func wireSizes() throws -> (request: Int, answer: Int) {
  // The suit protocol's envelope around an empty body (SpacesuitService/README.md: `{"v":1,"body":…}`).
  struct Envelope: Encodable {
    let v: Int
    let body: SuitProtocol.Empty
  }
  let payload = Array(try JSONEncoder().encode(Envelope(v: SuitProtocol.version, body: SuitProtocol.Empty())))
  let request = try FrameEncoder().encode(
    Frame(type: SuitProtocol.MessageType.telemetryRequest.rawValue, sequence: 1, payload: payload))
  let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
  guard fd >= 0 else { fail("socket: \(String(cString: strerror(errno)))") }
  defer { close(fd) }
  var address = sockaddr_un()
  address.sun_family = sa_family_t(AF_UNIX)
  withUnsafeMutableBytes(of: &address.sun_path) { path in
    for (index, byte) in socketPath.utf8.prefix(path.count - 1).enumerated() { path[index] = byte }
  }
  let connected = withUnsafePointer(to: &address) {
    $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
  }
  guard connected == 0 else { fail("connect \(socketPath): \(String(cString: strerror(errno)))") }
  guard request.withUnsafeBytes({ write(fd, $0.baseAddress, $0.count) }) == request.count else {
    fail("write: \(String(cString: strerror(errno)))")
  }
  var decoder = FrameDecoder()
  var buffer = [UInt8](repeating: 0, count: 8192)
  var received = 0
  while true {
    let got = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
    guard got > 0 else { fail("the suit closed the connection before it answered") }
    received += got
    if let frame = decoder.feed(buffer[0..<got]).first {
      guard frame.type == SuitProtocol.MessageType.telemetry.rawValue else {
        fail("the suit answered \(Frame.typeName(frame.type)), not telemetry")
      }
      return (request.count, received)
    }
  }
}

// Where the app keeps a simulated suit; a suit on a socket keeps its own state, so nothing is written.
let file = URL(fileURLWithPath: "/tmp/suit-trips-\(getpid()).json")
let suit = SpacesuitClients.connectingOnFirstUse(
  .unixSocket(path: socketPath), keepingStateIn: file, logger: .disabled(module: "bench"), analytics: .disabled)

/// The requests, on the main actor, as an app's flow makes them (a one-shot command's flows run there).
@MainActor func roundTrips(_ count: Int) async throws {
  for _ in 0..<count { _ = try await suit.telemetry() }
}

do {
  try await roundTrips(warmup)
  let clock = ContinuousClock()
  let start = clock.now
  try await roundTrips(count)
  let elapsed = (clock.now - start).components
  let microseconds = (Double(elapsed.seconds) * 1e6 + Double(elapsed.attoseconds) / 1e12) / Double(count)
  let sizes = try wireSizes()
  print("\(microseconds) \(sizes.request) \(sizes.answer)")
} catch {
  fail("\(error)")
}
