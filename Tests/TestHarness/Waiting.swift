import Foundation

/// Waits until `condition` holds, checking it every `interval`, for at most `limit`: how a test
/// waits for a state (a file written, a line printed, a server answering) instead of sleeping a
/// fixed time that is too short on a loaded machine and too long on an idle one.
///
/// - Parameter what: what is awaited, for the failure message (evaluated only on failure).
/// - Throws: `WaitTimedOut` when `limit` passes first; `CancellationError` when the task is
///   cancelled; whatever `condition` throws.
public nonisolated(nonsending) func until(
  _ what: @autoclosure () -> String, within limit: Duration = .seconds(30),
  every interval: Duration = .milliseconds(20),
  _ condition: () async throws -> Bool
) async throws {
  let deadline = ContinuousClock.now + limit
  while true {
    if try await condition() { return }
    guard ContinuousClock.now < deadline else { throw WaitTimedOut(what: what(), limit: limit) }
    try await Task.sleep(for: interval)
  }
}

/// A state a test waited for did not come in time.
public struct WaitTimedOut: Error, CustomStringConvertible {
  /// What was awaited.
  public let what: String
  /// How long the test waited.
  public let limit: Duration

  public var description: String { "waited \(limit) for \(what)" }
}

/// Runs blocking `work` (a blocking socket call, a synchronous library) on a thread of its own and
/// suspends until it is done, so it never holds one of the few threads of Swift's cooperative pool
/// that every test of the run shares.
public func onOwnThread<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
  try await withCheckedThrowingContinuation { continuation in
    Thread.detachNewThread { continuation.resume(with: Result { try work() }) }
  }
}
