import Foundation
import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// An HTTP/1.1 server on 127.0.0.1 for the bridge's tests, keeping connections alive: every request
/// is answered with its own body, its method in `X-Echo-Method`, its `X-Test` header in `X-Echo-Test`,
/// and status NNN for a path `/status/NNN` (200 otherwise). Serves on one thread until `stop()`.
final class EchoServer: Sendable {
  /// One request as it arrived.
  struct Received: Sendable {
    var connection: Int
    var head: String
    var body: [UInt8]
  }

  let port: UInt16
  private let listener: Int32
  private let state = Mutex(State())

  private struct State {
    var received: [Received] = []
    var stopped = false
  }

  /// Every request received so far.
  var received: [Received] { state.withLock { $0.received } }

  init() throws {
    (listener, port) = try TestSockets.listening()
    Thread.detachNewThread { [self] in
      serve()
    }
  }

  deinit { close(listener) }

  /// Stops serving; the thread ends at its next turn (it holds the server until then).
  func stop() {
    state.withLock { $0.stopped = true }
  }

  private func serve() {
    var clients: [(fd: Int32, number: Int, pending: [UInt8])] = []
    var accepted = 0
    let deadline = Date().addingTimeInterval(30)
    while !state.withLock({ $0.stopped }), Date() < deadline {
      var polled = [pollfd(fd: listener, events: Int16(POLLIN), revents: 0)]
      polled += clients.map { pollfd(fd: $0.fd, events: Int16(POLLIN), revents: 0) }
      guard poll(&polled, nfds_t(polled.count), 50) > 0 else { continue }
      var open: [(fd: Int32, number: Int, pending: [UInt8])] = []
      for (index, var client) in clients.enumerated() {
        if polled[index + 1].revents != 0 {
          var buffer = [UInt8](repeating: 0, count: 65_536)
          let count = recv(client.fd, &buffer, buffer.count, 0)
          guard count > 0 else {
            close(client.fd)
            continue
          }
          client.pending += buffer[0..<count]
          while let request = Self.request(in: &client.pending) {
            answer(request, on: client.fd, connection: client.number)
          }
        }
        open.append(client)
      }
      if polled[0].revents != 0 {
        let client = accept(listener, nil, nil)
        if client >= 0 {
          accepted += 1
          open.append((client, accepted, []))
        }
      }
      clients = open
    }
    clients.forEach { close($0.fd) }
  }

  /// Takes one whole request (head and Content-Length body) off the front of `pending`.
  private static func request(in pending: inout [UInt8]) -> (head: String, body: [UInt8])? {
    let separator: [UInt8] = Array("\r\n\r\n".utf8)
    guard let end = (0..<max(pending.count - 3, 0)).first(where: { Array(pending[$0..<$0 + 4]) == separator })
    else { return nil }
    let head = String(decoding: pending[..<end], as: UTF8.self)
    let length =
      head.split(separator: "\r\n").first { $0.lowercased().hasPrefix("content-length:") }
      .flatMap { Int($0.split(separator: ":")[1].trimmingCharacters(in: .whitespaces)) } ?? 0
    guard pending.count >= end + 4 + length else { return nil }
    let body = Array(pending[(end + 4)..<(end + 4 + length)])
    pending.removeFirst(end + 4 + length)
    return (head, body)
  }

  private func answer(_ request: (head: String, body: [UInt8]), on client: Int32, connection: Int) {
    state.withLock { $0.received.append(Received(connection: connection, head: request.head, body: request.body)) }
    let lines = request.head.split(separator: "\r\n")
    let words = lines.first?.split(separator: " ") ?? []
    let method = words.first.map(String.init) ?? "?"
    let path = words.count > 1 ? String(words[1].prefix { $0 != "?" }) : "/"
    let status = path.hasPrefix("/status/") ? Int(path.dropFirst("/status/".count)) ?? 200 : 200
    let test =
      lines.first { $0.lowercased().hasPrefix("x-test:") }
      .map { String($0.dropFirst("x-test:".count)).trimmingCharacters(in: .whitespaces) } ?? ""
    let head =
      "HTTP/1.1 \(status) Echo\r\nContent-Length: \(request.body.count)\r\nX-Echo-Method: \(method)\r\n"
      + "X-Echo-Test: \(test)\r\n\r\n"
    let bytes = Array(head.utf8) + request.body
    bytes.withUnsafeBytes { _ = send(client, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
  }
}

/// Sockets on 127.0.0.1 for the tests.
enum TestSockets {
  /// A listening TCP socket on a free port.
  static func listening() throws -> (Int32, UInt16) {
    let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let ok = withUnsafeMutablePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        bind(fd, $0, length) == 0 && getsockname(fd, $0, &length) == 0 && listen(fd, 16) == 0
      }
    }
    guard ok else {
      close(fd)
      throw POSIXError(.EADDRNOTAVAIL)
    }
    return (fd, UInt16(bigEndian: address.sin_port))
  }

  /// A free port that nothing listens on.
  static func unusedPort() throws -> UInt16 {
    let (fd, port) = try listening()
    close(fd)
    return port
  }
}
