import Foundation
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A tiny HTTP/1.1 server on 127.0.0.1 for tests: answers up to `connections` requests with one fixed
/// JSON body, then closes. Every wait is bounded; `stop()` (or deinit) ends it.
final class LocalHTTPServer: Sendable {
  let port: UInt16
  private let listener: Int32
  private let state = Mutex<State>(State())

  private struct State {
    var requests: [String] = []
    var stopped = false
  }

  /// Request heads received so far ("GET /path HTTP/1.1\r\nHeader: v...").
  var requests: [String] { state.withLock { $0.requests } }

  init(json: String, connections: Int = 1) throws {
    let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard fd >= 0 else { throw POSIXError(.init(rawValue: errno) ?? .EIO) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = 0
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    let bound = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
    }
    guard bound == 0, listen(fd, 8) == 0 else {
      close(fd)
      throw POSIXError(.init(rawValue: errno) ?? .EIO)
    }
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    _ = withUnsafeMutablePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
    }
    listener = fd
    port = UInt16(bigEndian: address.sin_port)
    let response =
      "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: \(json.utf8.count)\r\n"
      + "Connection: close\r\n\r\n\(json)"
    Thread.detachNewThread { [self] in
      serve(connections: connections, response: Array(response.utf8))
    }
  }

  /// Stops accepting; the serving thread ends at its next turn (it holds the server until then).
  func stop() {
    state.withLock { $0.stopped = true }
  }

  deinit { close(listener) }

  private var isStopped: Bool { state.withLock { $0.stopped } }

  private func serve(connections: Int, response: [UInt8]) {
    let deadline = Date().addingTimeInterval(10)
    var served = 0
    while served < connections, !isStopped, Date() < deadline {
      var poller = pollfd(fd: listener, events: Int16(POLLIN), revents: 0)
      guard poll(&poller, 1, 100) > 0 else { continue }
      let client = accept(listener, nil, nil)
      guard client >= 0 else { continue }
      var timeout = timeval(tv_sec: 5, tv_usec: 0)
      setsockopt(client, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
      let head = readHead(client)
      state.withLock { $0.requests.append(head) }
      response.withUnsafeBytes { _ = send(client, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
      shutdown(client, Int32(SHUT_WR))
      close(client)
      served += 1
    }
  }

  /// Reads until the end of the request head (requests in these tests carry no body).
  private func readHead(_ client: Int32) -> String {
    var data: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 4096)
    while data.count < 65_536 {
      let count = recv(client, &buffer, buffer.count, 0)
      guard count > 0 else { break }
      data += buffer[0..<count]
      if String(decoding: data, as: UTF8.self).contains("\r\n\r\n") { break }
    }
    return String(decoding: data, as: UTF8.self)
  }

  /// A port on 127.0.0.1 that nothing listens on (bound, then released).
  static func unusedPort() throws -> UInt16 {
    let (fd, port) = try boundSocket()
    close(fd)
    return port
  }

  /// A socket on 127.0.0.1 that listens but never accepts: connections are made (by the kernel)
  /// and requests sent, but no answer ever comes. Close the descriptor when done.
  static func silentListener() throws -> (descriptor: Int32, port: UInt16) {
    let (fd, port) = try boundSocket()
    guard listen(fd, 8) == 0 else {
      close(fd)
      throw POSIXError(.init(rawValue: errno) ?? .EIO)
    }
    return (fd, port)
  }

  /// A TCP socket bound to a free port on 127.0.0.1, and that port.
  private static func boundSocket() throws -> (Int32, UInt16) {
    let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let ok = withUnsafeMutablePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0 && getsockname(fd, $0, &length) == 0
      }
    }
    guard ok else {
      close(fd)
      throw POSIXError(.EADDRNOTAVAIL)
    }
    return (fd, UInt16(bigEndian: address.sin_port))
  }
}
