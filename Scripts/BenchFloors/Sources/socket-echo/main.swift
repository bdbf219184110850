// The floor of a request over a Unix-domain socket: one client sends a 64-byte message and waits
// for its echo, N times; a thread in the same process echoes. Prints microseconds per round trip.
//   usage: socket-echo [COUNT]
import Foundation

#if canImport(Glibc)
  import Glibc
#endif

let count = CommandLine.arguments.count > 1 ? Int(CommandLine.arguments[1]) ?? 10_000 : 10_000
let path = "/tmp/bench-echo-\(getpid()).sock"
unlink(path)

func address() -> (sockaddr_un, socklen_t) {
  var address = sockaddr_un()
  address.sun_family = sa_family_t(AF_UNIX)
  withUnsafeMutableBytes(of: &address.sun_path) { buffer in
    for (index, byte) in path.utf8.enumerated() { buffer[index] = byte }
  }
  return (address, socklen_t(MemoryLayout<sockaddr_un>.size))
}

func exact(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer, _ length: Int) -> Bool {
  var done = 0
  while done < length {
    let got = read(descriptor, buffer + done, length - done)
    if got <= 0 { return false }
    done += got
  }
  return true
}

let listener = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
var (serverAddress, length) = address()
_ = withUnsafePointer(to: &serverAddress) {
  $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(listener, $0, length) }
}
listen(listener, 1)
let echo = Thread {
  let peer = accept(listener, nil, nil)
  var buffer = [UInt8](repeating: 0, count: 64)
  while buffer.withUnsafeMutableBytes({ exact(peer, $0.baseAddress!, 64) }) {
    _ = buffer.withUnsafeBytes { write(peer, $0.baseAddress!, 64) }
  }
  close(peer)
}
echo.start()

let client = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
var (clientAddress, clientLength) = address()
_ = withUnsafePointer(to: &clientAddress) {
  $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(client, $0, clientLength) }
}
var message = [UInt8](repeating: 7, count: 64)
let start = DispatchTime.now().uptimeNanoseconds
for _ in 0..<count {
  _ = message.withUnsafeBytes { write(client, $0.baseAddress!, 64) }
  _ = message.withUnsafeMutableBytes { exact(client, $0.baseAddress!, 64) }
}
let elapsed = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e3
close(client)
unlink(path)
print(String(format: "%.3f", elapsed / Double(count)))
