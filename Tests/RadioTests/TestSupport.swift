import Foundation
import Glibc
import Logging
import Testing

@testable import Radio

/// Answers every incoming frame with type | 0x80 and the same payload, until the link ends.
func echo(on link: RadioLink) -> Task<Void, Never> {
  Task {
    for await frame in link.incoming {
      try? await link.respond(to: frame, type: frame.type | 0x80, payload: frame.payload)
    }
  }
}

/// A server handler answering like `echo`.
let echoHandler: RadioServer.Handler = { frame in
  Frame(type: frame.type | 0x80, sequence: frame.sequence, payload: frame.payload)
}

/// An immediate server handler answering like `echo`.
let immediateEcho: RadioServer.ImmediateHandler = { frame in
  Frame(type: frame.type | 0x80, sequence: frame.sequence, payload: frame.payload)
}

let quiet = Logger.disabled(module: "RadioTests")

/// Requests in tests wait long: the whole suite runs in parallel on a small machine, and what these
/// tests check is behaviour, not speed (a timeout they expect is set where they expect it).
let patience: Duration = .seconds(60)

/// Waits until `condition` holds, for at most a minute of the wall clock: a bound a loaded machine
/// does not reach (the wait ends as soon as the condition holds).
func eventually(_ condition: () async -> Bool) async -> Bool {
  let deadline = ContinuousClock.now + .seconds(60)
  while ContinuousClock.now < deadline {
    if await condition() { return true }
    try? await Task.sleep(for: .milliseconds(10))
  }
  return await condition()
}

/// A plain blocking client socket, to play misbehaving clients byte by byte. Sendable so that its
/// blocking calls can run on a thread of their own (`onOwnThread`); a test uses it from one place at
/// a time.
final class RawClient: @unchecked Sendable {
  let fd: Int32

  init(path: String) throws {
    fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
    var address = sockaddr_un()
    address.sun_family = sa_family_t(AF_UNIX)
    withUnsafeMutableBytes(of: &address.sun_path) { raw in
      for (index, byte) in path.utf8.enumerated() { raw[index] = byte }
    }
    let connected = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        connect(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
      }
    }
    guard connected == 0 else {
      Glibc.close(fd)
      throw RadioError.system(call: "connect", reason: String(cString: strerror(errno)))
    }
  }

  deinit { Glibc.close(fd) }

  func send(_ bytes: [UInt8]) {
    _ = bytes.withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
  }

  /// Sends requests of the largest payload, without reading a byte of their answers, until the
  /// socket has taken nothing for half a second: the server has stopped reading, its write of an
  /// answer stuck on this client's full buffer (a socket that would block is writable again only once
  /// the server has read most of what waits). Returns how many requests went out whole.
  func sendRequestsUntilTheServerStopsReading() throws -> Int {
    let frame = try FrameEncoder().encode(Frame(type: 1, sequence: 1, payload: [UInt8](repeating: 7, count: 4096)))
    var sent = 0
    var offset = 0
    while true {
      let count = frame[offset...].withUnsafeBytes {
        Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL | MSG_DONTWAIT))
      }
      if count > 0 {
        offset += count
        if offset == frame.count { (sent, offset) = (sent + 1, 0) }
        continue
      }
      guard count < 0, errno == EAGAIN || errno == EWOULDBLOCK else { return sent }
      var descriptor = pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)
      if poll(&descriptor, 1, 500) == 0, answersStopped() { return sent }
    }
  }

  /// Whether the server, which takes no more requests, also writes no more answers: answers wait
  /// unread and none is added for two seconds. It is then blocked writing the next one; a server
  /// merely slowed down by other tests' work still reads or writes meanwhile.
  private func answersStopped() -> Bool {
    let before = queuedBytes()
    guard before > 0 else { return false }
    usleep(2_000_000)
    var descriptor = pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)
    return queuedBytes() == before && poll(&descriptor, 1, 0) == 0
  }

  /// The bytes the server sent that this client has not read.
  private func queuedBytes() -> Int32 {
    var queued: Int32 = 0
    _ = ioctl(fd, UInt(FIONREAD), &queued)
    return queued
  }

  /// Whether the server ended the connection within `seconds`, seen without reading a byte (what it
  /// sent stays unread).
  func isHungUpWithoutReading(within seconds: Double) async -> Bool {
    let deadline = Date().addingTimeInterval(seconds)
    while Date() < deadline {
      var descriptor = pollfd(fd: fd, events: 0, revents: 0)
      if poll(&descriptor, 1, 0) > 0 && descriptor.revents & Int16(POLLHUP) != 0 { return true }
      try? await Task.sleep(for: .milliseconds(20))
    }
    return false
  }

  /// Whether the server ended the connection within `seconds` (bytes it sends meanwhile are skipped).
  func isClosedByPeer(within seconds: Double) async -> Bool {
    let deadline = Date().addingTimeInterval(seconds)
    var buffer = [UInt8](repeating: 0, count: 4096)
    while Date() < deadline {
      var descriptor = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
      guard poll(&descriptor, 1, 0) > 0 else {
        try? await Task.sleep(for: .milliseconds(20))
        continue
      }
      let count = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
      if count <= 0 { return true }
    }
    return false
  }
}
