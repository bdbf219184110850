import FoundationEssentials
import Glibc
import Logging
import Synchronization

/// A non-blocking stream socket whose waits are served by the `PollLoop`: no thread of its own.
/// Every call passes `MSG_DONTWAIT` (or waits on the loop), but for the reads of `receiveDirectly`.
///
/// Reads: one reader at a time. Writes: any number of tasks; each write's bytes go out whole and in
/// the order the writes were made (never interleaved), and a write returns once the kernel has all of
/// its bytes. `close()` wakes every waiter; the descriptor is released when no call is using it.
final class NonBlockingSocket: Sendable {
  private struct PendingWrite {
    var bytes: [UInt8]
    var offset: Int
    let continuation: CheckedContinuation<Void, any Error>
  }

  private struct State {
    var closed = false
    var released = false
    /// System calls running now; the descriptor is released only when none is.
    var inFlight = 0
    /// The persistent read registration, made by the first `read()`.
    var readRegistration: UInt64?
    /// Bytes the loop read while nobody was waiting, oldest first.
    var inbox: [UInt8] = []
    /// The peer ended the stream (or it failed): `read()` returns what is left in `inbox`, then nil.
    var inboundEnded = false
    /// The task waiting in `read()`.
    var reader: CheckedContinuation<[UInt8]?, any Error>?
    /// Where the loop hands what arrives, instead of to `read()` (see `deliver(to:)`).
    var sink: Sink?
    /// A thread reads for the sink itself (`receiveDirectly`): the loop leaves the socket alone.
    var directReading = false
    /// The receive timeout of the descriptor's blocking reads (nil: it is still non-blocking).
    var readTimeout: Duration?
    /// Until when the loop leaves the socket alone after direct reads, by itself (nil: it watches
    /// it, or holds it paused until told).
    var loopPausedUntil: ContinuousClock.Instant?
    var readerID: UInt64 = 0
    /// A one-shot wait (`waitUntilReady`), e.g. a listener's accept.
    var readWait: UInt64?
    var writeWait: UInt64?
    /// Writes waiting for the socket to take more bytes, oldest first.
    var queue: [PendingWrite] = []
  }

  /// Above this many unread bytes the loop stops reading until `read()` takes them.
  static let inboxLimit = 256 * 1024
  /// The most one read takes from the kernel.
  static let chunkLimit = 64 * 1024

  let fd: Int32
  private let state = Mutex(State())
  private let loop: PollLoop

  /// Takes ownership of `fd` and makes it non-blocking.
  init(_ fd: Int32, loop: PollLoop = .shared) {
    self.fd = fd
    self.loop = loop
    _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
    _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
  }

  deinit { close() }

  var isClosed: Bool { state.withLock { $0.closed } }

  /// The next bytes, nil at end of stream or once closed. One reader at a time.
  ///
  /// The first call registers the socket with the loop, which from then on reads whatever arrives
  /// (up to `inboxLimit` ahead of the reader) and hands it straight to a waiting reader: a steady
  /// request/response exchange needs no registration change, so no extra wake-up of the loop.
  nonisolated(nonsending) func read() async throws -> [UInt8]? {
    try Task.checkCancellation()
    let id = state.withLock { state -> UInt64 in
      state.readerID &+= 1
      return state.readerID
    }
    return try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<[UInt8]?, any Error>) in
        let immediate = state.withLock { state -> Result<[UInt8]?, any Error>? in
          if let ready = takeReadable(&state) { return ready }
          if state.reader != nil {
            // untranslated: a programming fault (two readers), never a situation a person meets
            return .failure(RadioError.system(call: "read", reason: "already reading"))
          }
          if Task.isCancelled { return .failure(CancellationError()) }
          state.reader = continuation
          if state.readRegistration == nil {
            state.readRegistration = loop.register(fd, Int16(POLLIN)) { [weak self] _ in self?.loopReadable() }
          }
          return nil
        }
        if let immediate { continuation.resume(with: immediate) }
      }
    } onCancel: {
      let reader = state.withLock { state -> CheckedContinuation<[UInt8]?, any Error>? in
        guard state.readerID == id else { return nil }
        defer { state.reader = nil }
        return state.reader
      }
      reader?.resume(throwing: CancellationError())
    }
  }

  /// Receives whatever arrives (bytes, then nil once at the end of the stream).
  typealias Sink = @Sendable ([UInt8]?) -> Void

  /// From now on hands everything that arrives to `sink`, in order, on the loop's thread (nil once,
  /// at the end of the stream), with no task in between; `read()` must not be used any more.
  func deliver(to sink: @escaping Sink) {
    state.withLock { state in
      guard !state.closed else { return }
      state.sink = sink
      if !state.inbox.isEmpty {
        sink(state.inbox)
        state.inbox = []
      }
      if state.inboundEnded {
        sink(nil)
        state.sink = nil
        return
      }
      state.loopPausedUntil = nil
      if let registration = state.readRegistration {
        loop.setEvents(registration, Int16(POLLIN))
      } else {
        state.readRegistration = loop.register(fd, Int16(POLLIN)) { [weak self] _ in self?.loopReadable() }
      }
    }
  }

  /// Reads on the calling thread for the sink (see `deliver(to:)`), for at most about `window`,
  /// until `isDone()`: a request that waits here for its answer crosses no thread, and its reads
  /// wait in the kernel as a C client's do (the descriptor turns blocking for them, with `window`
  /// as its receive timeout; every other call still never blocks). The loop leaves the socket
  /// alone meanwhile and watches it again afterwards: at once when `othersWaiting()` (called with
  /// the socket locked: something still waits for bytes), else after `PollLoop.pauseGrace`, so that
  /// a next request within it reads directly again without waking the loop, nor even telling it.
  /// Returns false, at once, when it cannot read (no sink, another thread reads directly, closed,
  /// ended).
  func receiveDirectly(within window: Duration, until isDone: () -> Bool, othersWaiting: () -> Bool) -> Bool {
    let deadline = ContinuousClock.now + window
    let reading = state.withLock { state -> (registration: UInt64, blocking: Bool, timeout: Bool)? in
      guard !state.closed, !state.inboundEnded, state.sink != nil, !state.directReading,
        let registration = state.readRegistration
      else { return nil }
      state.directReading = true
      state.inFlight += 1
      // Unless the loop leaves the socket alone anyway until well after this read, it is told to.
      if state.loopPausedUntil.map({ $0 <= deadline + window }) ?? true {
        loop.pause(registration)
        state.loopPausedUntil = nil
      }
      defer { state.readTimeout = window }
      return (registration, state.readTimeout == nil, state.readTimeout != window)
    }
    guard let reading else { return false }
    if reading.blocking { _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK) }
    if reading.timeout {
      let (seconds, attoseconds) = max(window, .microseconds(1)).components
      var limit = timeval(tv_sec: Int(seconds), tv_usec: Int(attoseconds / 1_000_000_000_000))
      _ = setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
    }
    withUnsafeTemporaryAllocation(byteCount: Self.directChunkLimit, alignment: 1) { buffer in
      while !isDone() && ContinuousClock.now < deadline {
        let count = recv(fd, buffer.baseAddress, buffer.count, 0)
        if count < 0 && (errno == EINTR || errno == EAGAIN || errno == EWOULDBLOCK) { continue }
        let open = state.withLock { state -> Bool in
          guard !state.closed, let sink = state.sink else { return false }
          if count > 0 {
            sink(Array(UnsafeRawBufferPointer(rebasing: buffer[0..<count])))
            return true
          }
          // 0 is the peer's end of stream; any other error (reset, …) ends it as well.
          state.inboundEnded = true
          state.sink = nil
          sink(nil)
          return false
        }
        if !open { break }
      }
    }
    let release = state.withLock { state -> Bool in
      state.directReading = false
      state.inFlight -= 1
      if state.inboundEnded {
        loop.setEvents(reading.registration, 0)
        state.loopPausedUntil = nil
      } else if !state.closed {
        if othersWaiting() {
          loop.resume(reading.registration)
          state.loopPausedUntil = nil
        } else if state.loopPausedUntil.map({ $0 - ContinuousClock.now < Self.pauseRenewal }) ?? true {
          state.loopPausedUntil = loop.resume(reading.registration, after: PollLoop.pauseGrace)
        }
      }
      guard state.closed, state.inFlight == 0, !state.released else { return false }
      state.released = true
      return true
    }
    if release { _ = Glibc.close(fd) }
    return true
  }

  /// A direct read that leaves less than this of the loop's pause has the loop leave the socket
  /// alone for another `PollLoop.pauseGrace`.
  private static let pauseRenewal = PollLoop.pauseGrace / 2

  /// The most one direct read takes (a whole frame fits).
  static let directChunkLimit = 8 * 1024

  /// Writes all of `bytes`; throws `RadioError.closed` when the socket is or gets closed.
  nonisolated(nonsending) func write(_ bytes: [UInt8]) async throws {
    guard !bytes.isEmpty else { return }
    // Fast path: nothing queued, and the kernel takes everything now.
    let written = try state.withLock { state throws -> Int in
      guard !state.closed else { throw RadioError.closed }
      guard state.queue.isEmpty else { return 0 }
      return try send(bytes[...])
    }
    if written == bytes.count { return }
    try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
      let armed = state.withLock { state -> Bool in
        guard !state.closed else { return false }
        state.queue.append(PendingWrite(bytes: bytes, offset: written, continuation: continuation))
        return true
      }
      guard armed else { return continuation.resume(throwing: RadioError.closed) }
      armWrite()
    }
  }

  /// Ends the stream both ways and wakes every waiter; idempotent. Returns false if already closed.
  @discardableResult
  func close() -> Bool {
    let (first, release, waits, writers, reader, registration) = state.withLock {
      state -> (
        Bool, Bool, [UInt64], [CheckedContinuation<Void, any Error>], CheckedContinuation<[UInt8]?, any Error>?,
        UInt64?
      ) in
      guard !state.closed else { return (false, false, [], [], nil, nil) }
      state.closed = true
      let waits = [state.readWait, state.writeWait].compactMap { $0 }
      state.readWait = nil
      state.writeWait = nil
      let writers = state.queue.map(\.continuation)
      state.queue.removeAll()
      let reader = state.reader
      state.reader = nil
      state.sink = nil
      state.inbox = []
      let registration = state.readRegistration
      state.readRegistration = nil
      let release = state.inFlight == 0
      if release { state.released = true }
      return (true, release, waits, writers, reader, registration)
    }
    guard first else { return false }
    if let registration { loop.unregister(registration) }
    for wait in waits { loop.disarm(wait) }
    for writer in writers { writer.resume(throwing: RadioError.closed) }
    reader?.resume(returning: nil)
    _ = shutdown(fd, Int32(SHUT_RDWR))
    if release { _ = Glibc.close(fd) }
    return true
  }

  /// Runs `body` with the descriptor unless closed; nil when closed.
  func use<R>(_ body: (Int32) throws -> R) rethrows -> R? {
    let admitted = state.withLock { state -> Bool in
      guard !state.closed else { return false }
      state.inFlight += 1
      return true
    }
    guard admitted else { return nil }
    defer {
      let release = state.withLock { state -> Bool in
        state.inFlight -= 1
        guard state.closed, state.inFlight == 0, !state.released else { return false }
        state.released = true
        return true
      }
      if release { _ = Glibc.close(fd) }
    }
    return try body(fd)
  }

  /// Suspends until the loop reports `events` (or an error) on the socket, or it is closed or the
  /// task cancelled.
  func waitUntilReady(_ events: Int32) async throws {
    let token = Mutex<UInt64?>(nil)
    await withTaskCancellationHandler {
      await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
        let wait = loop.arm(fd, Int16(events)) { continuation.resume() }
        token.withLock { $0 = wait }
        let stillOpen = state.withLock { state -> Bool in
          guard !state.closed else { return false }
          if events == POLLIN { state.readWait = wait } else { state.writeWait = wait }
          return true
        }
        if !stillOpen || Task.isCancelled { loop.disarm(wait) }
      }
    } onCancel: {
      if let wait = token.withLock({ $0 }) { loop.disarm(wait) }
    }
    state.withLock { state in
      if events == POLLIN { state.readWait = nil } else { state.writeWait = nil }
    }
    try Task.checkCancellation()
  }

  // MARK: - Internals

  /// What a reader gets without waiting (called with the state locked): buffered bytes, bytes the
  /// kernel has now, or the end of the stream; nil when it has to wait.
  private func takeReadable(_ state: inout State) -> Result<[UInt8]?, any Error>? {
    if !state.inbox.isEmpty {
      let bytes = state.inbox
      state.inbox = []
      if let registration = state.readRegistration, !state.inboundEnded {
        loop.setEvents(registration, Int16(POLLIN))  // resumes reading if the inbox had filled up
      }
      return .success(bytes)
    }
    if state.closed || state.inboundEnded { return .success(nil) }
    switch receive(&state) {
    case .some(let bytes): return .success(bytes)
    case .none: return state.inboundEnded ? .success(nil) : nil
    }
  }

  /// On the loop's thread: reads what arrived and hands it to the waiting reader, or keeps it.
  private func loopReadable() {
    let delivery = state.withLock { state -> (CheckedContinuation<[UInt8]?, any Error>, [UInt8]?)? in
      guard !state.closed, !state.inboundEnded else { return nil }
      guard !state.directReading else {
        // The loop came back to the socket during a direct read (that read outlasted the pause it
        // counted on): it leaves it to the reader, which has it watched again when done.
        if let registration = state.readRegistration { loop.pause(registration) }
        state.loopPausedUntil = nil
        return nil
      }
      let bytes = receive(&state)
      if let sink = state.sink {
        // Called with the lock held, so deliveries keep their order.
        if let bytes { sink(bytes) }
        if state.inboundEnded {
          if let registration = state.readRegistration { loop.setEvents(registration, 0) }
          state.loopPausedUntil = nil
          state.sink = nil
          sink(nil)
        }
        return nil
      }
      guard bytes != nil || state.inboundEnded else { return nil }
      if let registration = state.readRegistration {
        if state.inboundEnded {
          loop.setEvents(registration, 0)
        } else if state.reader == nil && state.inbox.count + (bytes?.count ?? 0) >= Self.inboxLimit {
          loop.setEvents(registration, 0)  // the reader is behind: stop reading until it catches up
        }
      }
      guard let reader = state.reader else {
        if let bytes { state.inbox += bytes }
        return nil
      }
      state.reader = nil
      return (reader, bytes)
    }
    if let (reader, bytes) = delivery { reader.resume(returning: bytes) }
  }

  /// One non-blocking receive (with the state locked): the bytes, or nil when there are none now or
  /// the stream ended (then `inboundEnded` is set).
  private func receive(_ state: inout State) -> [UInt8]? {
    guard !state.closed else { return nil }
    return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: Self.chunkLimit) { buffer -> [UInt8]? in
      while true {
        let count = recv(fd, buffer.baseAddress, Self.chunkLimit, Int32(MSG_DONTWAIT))
        if count > 0 { return Array(buffer[0..<count]) }
        if count < 0 && errno == EINTR { continue }
        if count < 0 && (errno == EAGAIN || errno == EWOULDBLOCK) { return nil }
        // 0 is the peer's end of stream; any other error (reset, …) ends it as well.
        state.inboundEnded = true
        return nil
      }
    }
  }

  /// Sends what the kernel takes now (called with the state locked, so writes never interleave).
  private func send(_ bytes: ArraySlice<UInt8>) throws -> Int {
    try bytes.withUnsafeBytes { raw throws(RadioError) in
      try sendWhole(raw, to: fd, flags: Int32(MSG_NOSIGNAL | MSG_DONTWAIT))
    }
  }

  private func armWrite() {
    let needsWait = state.withLock { state -> Bool in
      guard !state.closed, !state.queue.isEmpty, state.writeWait == nil else { return false }
      state.writeWait = 0  // reserved until the token is known
      return true
    }
    guard needsWait else { return }
    let token = loop.arm(fd, Int16(POLLOUT)) { [self] in flushQueue() }
    let keep = state.withLock { state -> Bool in
      guard !state.closed else { return false }
      state.writeWait = token
      return true
    }
    if !keep { loop.disarm(token) }
  }

  /// On the loop's thread: writes queued bytes, completes the writes that went out whole, and waits
  /// again if bytes remain.
  private func flushQueue() {
    var sent: [CheckedContinuation<Void, any Error>] = []
    var failed: [CheckedContinuation<Void, any Error>] = []
    var failure: any Error = RadioError.closed
    state.withLock { state in
      state.writeWait = nil
      guard !state.closed else { return }
      do {
        while !state.queue.isEmpty {
          let pending = state.queue[0]
          let written = try send(pending.bytes[pending.offset...])
          state.queue[0].offset += written
          guard state.queue[0].offset == pending.bytes.count else { break }
          sent.append(state.queue.removeFirst().continuation)
        }
      } catch {
        failure = error
        failed = state.queue.map(\.continuation)
        state.queue.removeAll()
      }
    }
    for continuation in sent { continuation.resume() }
    for continuation in failed { continuation.resume(throwing: failure) }
    armWrite()
  }
}

/// A `RadioError.system` for a failed call and its errno.
func systemError(_ call: String, _ code: Int32 = errno) -> RadioError {
  .system(call: call, reason: String(cString: strerror(code)), code: code)
}
