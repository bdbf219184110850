import FoundationEssentials
import Synchronization

/// One end of an in-process byte pipe; bytes sent on one end are received on the other.
///
/// The two ends share the pipe but not each other: an end nobody holds any more closes itself (the
/// other end then sees the end of the stream), so a pair never keeps itself alive. Thread-safe.
public final class InMemoryRadioTransport: RadioTransport {
  private let pipe: InMemoryPipe
  private let side: Int

  private init(pipe: InMemoryPipe, side: Int) {
    self.pipe = pipe
    self.side = side
  }

  deinit { pipe.close(side) }

  /// Two connected ends: what `a` sends, `b` receives, and the other way round.
  public static func pair() -> (InMemoryRadioTransport, InMemoryRadioTransport) {
    let pipe = InMemoryPipe()
    return (InMemoryRadioTransport(pipe: pipe, side: 0), InMemoryRadioTransport(pipe: pipe, side: 1))
  }

  public nonisolated(nonsending) func send(_ bytes: [UInt8]) async throws {
    try pipe.send(bytes, from: side)
  }

  public nonisolated(nonsending) func receive() async throws -> [UInt8]? {
    try await pipe.receive(on: side)
  }

  public nonisolated(nonsending) func close() async {
    pipe.close(side)
  }
}

/// The shared state of an in-memory pair: one inbox per end.
private final class InMemoryPipe: Sendable {
  private struct End {
    var inbox: [[UInt8]] = []
    var waiter: CheckedContinuation<[UInt8]?, any Error>?
    var waiterID: UInt64 = 0
    var closed = false
  }

  private let ends = Mutex([End(), End()])

  func send(_ bytes: [UInt8], from side: Int) throws {
    let peer = 1 - side
    let waiter = try ends.withLock { ends throws -> CheckedContinuation<[UInt8]?, any Error>? in
      guard !ends[side].closed, !ends[peer].closed else { throw RadioError.closed }
      if let waiter = ends[peer].waiter {
        ends[peer].waiter = nil
        return waiter
      }
      ends[peer].inbox.append(bytes)
      return nil
    }
    waiter?.resume(returning: bytes)
  }

  nonisolated(nonsending) func receive(on side: Int) async throws -> [UInt8]? {
    try Task.checkCancellation()
    let id = ends.withLock { ends -> UInt64 in
      ends[side].waiterID &+= 1
      return ends[side].waiterID
    }
    return try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<[UInt8]?, any Error>) in
        let immediate: Result<[UInt8]?, any Error>? = ends.withLock { ends in
          if !ends[side].inbox.isEmpty { return .success(ends[side].inbox.removeFirst()) }
          if ends[side].closed || ends[1 - side].closed { return .success(nil) }
          if ends[side].waiter != nil {
            // untranslated: a programming fault (two readers on one end), never a situation a person meets
            return .failure(RadioError.system(call: "receive", reason: "already receiving"))
          }
          if Task.isCancelled { return .failure(CancellationError()) }
          ends[side].waiter = continuation
          return nil
        }
        if let immediate { continuation.resume(with: immediate) }
      }
    } onCancel: {
      let waiter = ends.withLock { ends -> CheckedContinuation<[UInt8]?, any Error>? in
        guard ends[side].waiterID == id else { return nil }
        defer { ends[side].waiter = nil }
        return ends[side].waiter
      }
      waiter?.resume(throwing: CancellationError())
    }
  }

  /// Closes `side`: its own waiter gets the end of the stream, and so does the peer's once its
  /// inbox is read.
  func close(_ side: Int) {
    let peer = 1 - side
    let waiters = ends.withLock { ends -> [CheckedContinuation<[UInt8]?, any Error>] in
      guard !ends[side].closed else { return [] }
      ends[side].closed = true
      ends[side].inbox.removeAll()
      var waiters: [CheckedContinuation<[UInt8]?, any Error>] = []
      if let waiter = ends[side].waiter { waiters.append(waiter) }
      ends[side].waiter = nil
      if let waiter = ends[peer].waiter, ends[peer].inbox.isEmpty {
        waiters.append(waiter)
        ends[peer].waiter = nil
      }
      return waiters
    }
    for waiter in waiters { waiter.resume(returning: nil) }
  }
}
