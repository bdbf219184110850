import Foundation
import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// A child's pipes, served by one thread of their own: standard output and error are read as they
/// come (a chatty child never blocks on a full pipe), standard input is written without blocking
/// (what the pipe cannot take waits for the child to read).
///
/// Only this thread reads or closes the output ends. The input end is written and closed only under
/// the lock, after checking it is still open.
final class ChildStreams: Sendable {
  private struct Buffers {
    var output: [UInt8] = []
    var errors: [UInt8] = []
    var outputOpen: Bool
    var errorsOpen: Bool
    var inputOpen: Bool
    var pending: [UInt8] = []
    var closeInputWhenSent = false
    var closeOutputRequested = false
    var abandoned = false
  }

  private let input: Int32?
  private let outputEnd: Int32?
  private let errorsEnd: Int32?
  private let buffers: Mutex<Buffers>

  init(input: Int32?, output: Int32?, errors: Int32?) {
    self.input = input
    outputEnd = output
    errorsEnd = errors
    if let input { _ = fcntl(input, F_SETFL, fcntl(input, F_GETFL) | O_NONBLOCK) }
    buffers = Mutex(Buffers(outputOpen: output != nil, errorsOpen: errors != nil, inputOpen: input != nil))
  }

  var output: String { String(decoding: buffers.withLock { $0.output }, as: UTF8.self) }
  var errors: String { String(decoding: buffers.withLock { $0.errors }, as: UTF8.self) }
  var outputClosed: Bool { buffers.withLock { !$0.outputOpen } }
  var allClosed: Bool { buffers.withLock { !$0.outputOpen && !$0.errorsOpen } }

  /// Starts the thread serving the pipes, if there are any.
  func start(name: String) {
    guard input != nil || outputEnd != nil || errorsEnd != nil else { return }
    let thread = Thread { [self] in serve() }
    thread.name = "streams of \(name)"
    thread.start()
  }

  /// Queues `bytes` for the child's standard input and writes what the pipe takes now.
  @discardableResult
  func send(_ bytes: [UInt8]) -> Bool {
    buffers.withLock { buffers in
      guard let input, buffers.inputOpen, !buffers.closeInputWhenSent else { return false }
      buffers.pending += bytes
      flush(input, &buffers)
      return buffers.inputOpen
    }
  }

  /// Closes the child's standard input once everything queued is written.
  func closeInput() {
    buffers.withLock { buffers in
      guard let input, buffers.inputOpen else { return }
      buffers.closeInputWhenSent = true
      flush(input, &buffers)
    }
  }

  /// Closes the standard output's reading end (done by the serving thread at its next turn).
  func closeOutput() {
    buffers.withLock { $0.closeOutputRequested = true }
  }

  /// Stops serving: the pipes are closed and nothing more is read or written.
  func abandon() {
    buffers.withLock { buffers in
      buffers.abandoned = true
      if let input, buffers.inputOpen {
        close(input)
        buffers.inputOpen = false
      }
    }
  }

  /// Writes what is pending without blocking; closes the input when asked to and all is written,
  /// or when the child no longer reads (EPIPE). Called with the lock held.
  private func flush(_ input: Int32, _ buffers: inout Buffers) {
    var broken = false
    while !buffers.pending.isEmpty {
      let written = buffers.pending.withUnsafeBytes { Glibc.write(input, $0.baseAddress, $0.count) }
      if written > 0 {
        buffers.pending.removeFirst(written)
      } else if written < 0 && errno == EINTR {
        continue
      } else if written < 0 && (errno == EAGAIN || errno == EWOULDBLOCK) {
        return
      } else {
        buffers.pending.removeAll()
        broken = true
      }
    }
    if broken || buffers.closeInputWhenSent {
      close(input)
      buffers.inputOpen = false
    }
  }

  private func serve() {
    var chunk = [UInt8](repeating: 0, count: 65_536)
    while true {
      let (abandoned, outputOpen, errorsOpen, writing, inputOpen) = buffers.withLock { buffers in
        if buffers.closeOutputRequested, buffers.outputOpen, let outputEnd {
          close(outputEnd)
          buffers.outputOpen = false
        }
        return (
          buffers.abandoned, buffers.outputOpen, buffers.errorsOpen, buffers.inputOpen && !buffers.pending.isEmpty,
          buffers.inputOpen
        )
      }
      if abandoned || !outputOpen && !errorsOpen && !inputOpen {
        buffers.withLock { buffers in
          if let outputEnd, buffers.outputOpen { close(outputEnd) }
          if let errorsEnd, buffers.errorsOpen { close(errorsEnd) }
          buffers.outputOpen = false
          buffers.errorsOpen = false
        }
        return
      }
      var descriptors: [pollfd] = []
      if outputOpen, let outputEnd { descriptors.append(pollfd(fd: outputEnd, events: Int16(POLLIN), revents: 0)) }
      if errorsOpen, let errorsEnd { descriptors.append(pollfd(fd: errorsEnd, events: Int16(POLLIN), revents: 0)) }
      if writing, let input { descriptors.append(pollfd(fd: input, events: Int16(POLLOUT), revents: 0)) }
      guard poll(&descriptors, nfds_t(descriptors.count), 50) > 0 else { continue }
      for descriptor in descriptors where descriptor.revents != 0 {
        if descriptor.fd == input {
          buffers.withLock { buffers in if buffers.inputOpen { flush(descriptor.fd, &buffers) } }
          continue
        }
        let count = chunk.withUnsafeMutableBytes { read(descriptor.fd, $0.baseAddress, $0.count) }
        if count < 0 && (errno == EINTR || errno == EAGAIN) { continue }
        let isOutput = descriptor.fd == outputEnd
        buffers.withLock { buffers in
          if count > 0 {
            if isOutput { buffers.output += chunk[0..<count] } else { buffers.errors += chunk[0..<count] }
          } else {
            close(descriptor.fd)
            if isOutput { buffers.outputOpen = false } else { buffers.errorsOpen = false }
          }
        }
      }
    }
  }
}
