import FoundationEssentials
import Logging
import Synchronization

/// The frame bookkeeping of one `RadioLink`, safe to use from any thread: decodes what arrives,
/// hands each response straight to the request waiting for it (on whatever thread the bytes came
/// in, e.g. the poll thread, so no actor hop stands between a response and its caller), delivers
/// every other frame on `incoming`, expires overdue requests and keeps the counters.
final class LinkExchange: Sendable {
  private struct PendingRequest {
    let id: UInt64
    let deadline: ContinuousClock.Instant
    var continuation: CheckedContinuation<Frame, any Error>?
    var result: Result<Frame, any Error>?
  }

  private struct State {
    var decoder = FrameDecoder()
    var statisticsBase = LinkStatistics()
    var counters = LinkStatistics()
    var nextSequence: UInt16 = 1
    var nextRequestID: UInt64 = 1
    var pending: [UInt16: PendingRequest] = [:]
    /// Requests given up (timed out, cancelled, dropped) whose late response is discarded.
    var abandoned: Set<UInt16> = []
    var watchdog: Task<Void, Never>?
    var watchdogTarget: ContinuousClock.Instant?
  }

  private let state = Mutex(State())
  private let incoming: AsyncStream<Frame>.Continuation
  private let logger: Logger

  init(incoming: AsyncStream<Frame>.Continuation, logger: Logger) {
    self.incoming = incoming
    self.logger = logger
  }

  /// A continuation to resume once the lock is released.
  private typealias Completion = (CheckedContinuation<Frame, any Error>, Result<Frame, any Error>)

  /// Reserves a sequence number for a request due by `deadline`; returns it and the request's id.
  func open(deadline: ContinuousClock.Instant) -> (sequence: UInt16, id: UInt64) {
    state.withLock { state in
      var sequence = state.nextSequence
      while state.pending[sequence] != nil || sequence == 0 { sequence &+= 1 }
      state.nextSequence = sequence &+ 1
      state.abandoned.remove(sequence)
      let id = state.nextRequestID
      state.nextRequestID += 1
      state.pending[sequence] = PendingRequest(id: id, deadline: deadline)
      watch(deadline, &state)
      return (sequence, id)
    }
  }

  /// Forgets a request whose frame could not be sent.
  func discard(_ sequence: UInt16, id: UInt64) {
    state.withLock { state in
      if state.pending[sequence]?.id == id { state.pending[sequence] = nil }
    }
  }

  /// Waits for the response to request `sequence`/`id` (or its failure); a cancelled task stops
  /// waiting at once.
  func response(to sequence: UInt16, id: UInt64) async throws -> Frame {
    try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Frame, any Error>) in
        let ready = state.withLock { state -> Result<Frame, any Error>? in
          guard var entry = state.pending[sequence], entry.id == id else { return .failure(RadioError.connectionLost) }
          if let result = entry.result {
            state.pending[sequence] = nil
            if case .failure = result { state.abandoned.insert(sequence) }
            return result
          }
          entry.continuation = continuation
          state.pending[sequence] = entry
          return nil
        }
        if let ready { continuation.resume(with: ready) }
      }
    } onCancel: {
      complete(sequence, id: id, with: .failure(CancellationError()))
    }
  }

  /// Whether request `sequence`/`id` has its response or its failure (or is gone).
  func isSettled(_ sequence: UInt16, id: UInt64) -> Bool {
    state.withLock { state in
      guard let entry = state.pending[sequence], entry.id == id else { return true }
      return entry.result != nil
    }
  }

  /// Whether any request still waits for its response.
  var hasWaiting: Bool {
    state.withLock { state in state.pending.values.contains { $0.result == nil } }
  }

  /// The response to request `sequence`/`id` (or its failure) when it has come, without waiting: nil
  /// when it has not.
  func settledResponse(to sequence: UInt16, id: UInt64) -> Result<Frame, any Error>? {
    state.withLock { state in
      guard let entry = state.pending[sequence], entry.id == id else { return .failure(RadioError.connectionLost) }
      guard let result = entry.result else { return nil }
      state.pending[sequence] = nil
      if case .failure = result { state.abandoned.insert(sequence) }
      return result
    }
  }

  /// Counts a frame written.
  func countSent() { state.withLock { $0.counters.framesSent += 1 } }

  /// Counts a successful reconnect.
  func countReconnect() { state.withLock { $0.counters.reconnects += 1 } }

  /// The counters so far.
  func statistics() -> LinkStatistics {
    state.withLock { state in
      var total = state.counters
      total.corruptFrames = state.statisticsBase.corruptFrames + state.decoder.corruptFrames
      total.droppedBytes = state.statisticsBase.droppedBytes + state.decoder.droppedBytes
      return total
    }
  }

  /// Decodes received bytes: responses complete their requests, other frames go to `incoming`.
  func feed(_ bytes: [UInt8]) {
    var completions: [Completion] = []
    var others: [Frame] = []
    state.withLock { state in
      for frame in state.decoder.feed(bytes) {
        state.counters.framesReceived += 1
        if let entry = state.pending[frame.sequence] {
          if entry.result == nil, let completion = settle(frame.sequence, with: .success(frame), &state) {
            completions.append(completion)
          }
        } else if state.abandoned.remove(frame.sequence) != nil {
          logger.debug("dropped the late response to request #\(frame.sequence)")
        } else {
          others.append(frame)
        }
      }
    }
    for (continuation, result) in completions { continuation.resume(with: result) }
    for frame in others { incoming.yield(frame) }
  }

  /// A new connection: a fresh decoder (its counts kept), and no late answers expected.
  func startConnection() {
    state.withLock { state in
      state.statisticsBase.corruptFrames += state.decoder.corruptFrames
      state.statisticsBase.droppedBytes += state.decoder.droppedBytes
      state.decoder = FrameDecoder()
      state.abandoned.removeAll()
    }
  }

  /// Fails every outstanding request with `error`.
  func failAll(_ error: RadioError) {
    let completions = state.withLock { state -> [Completion] in
      Array(state.pending.keys).compactMap { settle($0, with: .failure(error), &state) }
    }
    for (continuation, result) in completions { continuation.resume(with: result) }
  }

  /// Fails everything and stops the watchdog and `incoming` for good.
  func close(_ error: RadioError) {
    failAll(error)
    state.withLock { state in
      state.watchdog?.cancel()
      state.watchdog = nil
      state.watchdogTarget = nil
    }
    incoming.finish()
  }

  // MARK: - Internals

  private func complete(_ sequence: UInt16, id: UInt64, with result: Result<Frame, any Error>) {
    let completion = state.withLock { state -> Completion? in
      guard state.pending[sequence]?.id == id else { return nil }
      return settle(sequence, with: result, &state)
    }
    if let (continuation, result) = completion { continuation.resume(with: result) }
  }

  /// Records `result` for request `sequence` (if it has none yet); returns its continuation to
  /// resume when the request is already waiting.
  private func settle(_ sequence: UInt16, with result: Result<Frame, any Error>, _ state: inout State) -> Completion? {
    guard var entry = state.pending[sequence], entry.result == nil else { return nil }
    guard let continuation = entry.continuation else {
      entry.result = result
      state.pending[sequence] = entry
      return nil
    }
    state.pending[sequence] = nil
    if case .failure = result { state.abandoned.insert(sequence) }
    return (continuation, result)
  }

  /// Makes sure the watchdog wakes by `deadline` (one sleeping task per link, not a timer per request).
  private func watch(_ deadline: ContinuousClock.Instant, _ state: inout State) {
    if state.watchdog != nil, let target = state.watchdogTarget, target <= deadline { return }
    state.watchdog?.cancel()
    state.watchdogTarget = deadline
    state.watchdog = Task { [weak self] in await self?.runWatchdog(until: deadline) }
  }

  /// Sleeps until the earliest deadline, expires what is overdue, and again while requests wait.
  private func runWatchdog(until first: ContinuousClock.Instant) async {
    var target = first
    while true {
      try? await Task.sleep(until: target, clock: .continuous)
      let now = ContinuousClock.now
      let (expired, next) = state.withLock { state -> ([(UInt16, Completion?)], ContinuousClock.Instant?) in
        // Replaced by a watchdog with an earlier target, or closed (both cancel under this lock).
        guard !Task.isCancelled else { return ([], nil) }
        var expired: [(UInt16, Completion?)] = []
        for (sequence, entry) in state.pending where entry.result == nil && entry.deadline <= now {
          state.counters.timeouts += 1
          expired.append((sequence, settle(sequence, with: .failure(RadioError.timeout(sequence: sequence)), &state)))
        }
        let next = state.pending.values.filter { $0.result == nil }.map(\.deadline).min()
        state.watchdogTarget = next
        if next == nil { state.watchdog = nil }
        return (expired, next)
      }
      for (sequence, completion) in expired {
        logger.warning("request #\(sequence) timed out")
        if let (continuation, result) = completion { continuation.resume(with: result) }
      }
      guard let next else { return }
      target = next
    }
  }
}
