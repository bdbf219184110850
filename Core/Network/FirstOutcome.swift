import Dispatch
import FoundationEssentials
import Synchronization

/// Runs a closure once after a delay on a global dispatch queue, unless cancelled first.
struct DispatchTimer: @unchecked Sendable {
  /// Sound: `DispatchWorkItem` is thread-safe; it is only scheduled and cancelled.
  private let item: DispatchWorkItem

  init(after delay: Duration, _ body: @escaping @Sendable () -> Void) {
    item = DispatchWorkItem(block: body)
    DispatchQueue.global().asyncAfter(deadline: .now() + delay.seconds, execute: item)
  }

  func cancel() { item.cancel() }
}

/// Resumes one continuation with whichever outcome arrives first; later ones are dropped.
final class FirstOutcome<Value: Sendable>: Sendable {
  private struct State {
    var continuation: CheckedContinuation<Value, any Error>?
    var early: Result<Value, any Error>?
    var finished = false
    var cleanup: (@Sendable () -> Void)?
  }

  private let state = Mutex(State())

  /// Hands over the continuation; resumes it at once when an outcome already arrived.
  func start(_ continuation: CheckedContinuation<Value, any Error>) {
    let early: Result<Value, any Error>? = state.withLock { state in
      if let early = state.early { return early }
      state.continuation = continuation
      return nil
    }
    if let early { continuation.resume(with: early) }
  }

  /// Runs `cleanup` once the race is decided (at once when it already is).
  func onFinish(_ cleanup: @escaping @Sendable () -> Void) {
    let finished = state.withLock { state in
      if !state.finished { state.cleanup = cleanup }
      return state.finished
    }
    if finished { cleanup() }
  }

  /// Offers an outcome; true when it was the first.
  @discardableResult
  func finish(with outcome: Result<Value, any Error>) -> Bool {
    let (won, continuation, cleanup) = state.withLock { state in
      guard !state.finished else {
        return (false, nil as CheckedContinuation<Value, any Error>?, nil as (@Sendable () -> Void)?)
      }
      state.finished = true
      if state.continuation == nil { state.early = outcome }
      defer {
        state.continuation = nil
        state.cleanup = nil
      }
      return (true, state.continuation, state.cleanup)
    }
    continuation?.resume(with: outcome)
    cleanup?()
    return won
  }
}
