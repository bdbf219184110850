import Foundation

/// A value computed on a thread of its own from the moment it is made, at a priority a little below
/// SwiftPM's (`ProcessRunner.yieldToSwiftPM`); `value` waits for it.
package final class Background<Value: Sendable>: @unchecked Sendable {
  private let done = DispatchSemaphore(value: 0)
  private var result: Value?

  package init(_ work: @escaping @Sendable () -> Value) {
    Thread.detachNewThread { [self] in
      ProcessRunner.yieldToSwiftPM()
      result = work()
      done.signal()
    }
  }

  /// The value, once computed.
  package var value: Value {
    done.wait()
    done.signal()
    return result!
  }
}
