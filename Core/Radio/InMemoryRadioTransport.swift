import Foundation
import Synchronization

/// One end of an in-process byte pipe; bytes sent on one end are received on the other.
///
/// Thread-safe: all state sits behind a `Mutex`.
public final class InMemoryRadioTransport: RadioTransport {
  private struct State {
    var inbox: [[UInt8]] = []
    var waiter: CheckedContinuation<[UInt8]?, any Error>?
    var waiterID: UInt64 = 0
    var inboundClosed = false
    var closedLocally = false
  }

  private let state = Mutex(State())
  private let peer = Mutex<InMemoryRadioTransport?>(nil)

  private init() {}

  /// Two connected ends: what `a` sends, `b` receives, and the other way round.
  public static func pair() -> (InMemoryRadioTransport, InMemoryRadioTransport) {
    let a = InMemoryRadioTransport()
    let b = InMemoryRadioTransport()
    a.peer.withLock { $0 = b }
    b.peer.withLock { $0 = a }
    return (a, b)
  }

  public func send(_ bytes: [UInt8]) async throws {
    let closed = state.withLock { $0.closedLocally }
    guard !closed, let other = peer.withLock({ $0 }) else { throw RadioError.closed }
    guard other.deliver(bytes) else { throw RadioError.closed }
  }

  public func receive() async throws -> [UInt8]? {
    try Task.checkCancellation()
    let id = state.withLock { state -> UInt64 in
      state.waiterID &+= 1
      return state.waiterID
    }
    return try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<[UInt8]?, any Error>) in
        let immediate: Result<[UInt8]?, any Error>? = state.withLock { state in
          if !state.inbox.isEmpty { return .success(state.inbox.removeFirst()) }
          if state.inboundClosed || state.closedLocally { return .success(nil) }
          if state.waiter != nil { return .failure(RadioError.system(call: "receive", reason: "already receiving")) }
          if Task.isCancelled { return .failure(CancellationError()) }
          state.waiter = continuation
          return nil
        }
        if let immediate { continuation.resume(with: immediate) }
      }
    } onCancel: {
      let waiter = state.withLock { state -> CheckedContinuation<[UInt8]?, any Error>? in
        guard state.waiterID == id else { return nil }
        defer { state.waiter = nil }
        return state.waiter
      }
      waiter?.resume(throwing: CancellationError())
    }
  }

  public func close() async {
    closeLocally()
    let other = peer.withLock { peer in
      defer { peer = nil }
      return peer
    }
    other?.endInbound()
  }

  /// Accepts bytes from the peer; false when this end is closed.
  private func deliver(_ bytes: [UInt8]) -> Bool {
    let (accepted, waiter) = state.withLock { state -> (Bool, CheckedContinuation<[UInt8]?, any Error>?) in
      if state.closedLocally || state.inboundClosed { return (false, nil) }
      if let waiter = state.waiter {
        state.waiter = nil
        return (true, waiter)
      }
      state.inbox.append(bytes)
      return (true, nil)
    }
    waiter?.resume(returning: bytes)
    return accepted
  }

  private func endInbound() {
    let waiter = state.withLock { state -> CheckedContinuation<[UInt8]?, any Error>? in
      state.inboundClosed = true
      defer { state.waiter = nil }
      return state.waiter
    }
    waiter?.resume(returning: nil)
    peer.withLock { $0 = nil }
  }

  private func closeLocally() {
    let waiter = state.withLock { state -> CheckedContinuation<[UInt8]?, any Error>? in
      state.closedLocally = true
      state.inbox.removeAll()
      defer { state.waiter = nil }
      return state.waiter
    }
    waiter?.resume(returning: nil)
  }
}
