#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A thread of its own for a loop that blocks in the kernel (`poll`), outside Swift's cooperative
/// pool and Dispatch's: started detached, it ends when `body` returns.
enum DetachedThread {
  /// Starts `body` on a new detached thread named `name` (at most 15 bytes show); false when the
  /// system refused to make one.
  @discardableResult
  static func start(named name: String, _ body: @escaping @Sendable () -> Void) -> Bool {
    let context = Unmanaged.passRetained(Body(run: body, name: name)).toOpaque()
    var thread = pthread_t()
    let made = pthread_create(
      &thread, nil,
      { context in
        let body = Unmanaged<Body>.fromOpaque(context!).takeRetainedValue()
        body.run()
        return nil
      }, context)
    guard made == 0 else {
      Unmanaged<Body>.fromOpaque(context).release()
      return false
    }
    pthread_detach(thread)
    return true
  }

  private final class Body: Sendable {
    let run: @Sendable () -> Void
    let name: String
    init(run: @escaping @Sendable () -> Void, name: String) {
      self.run = run
      self.name = name
    }
  }
}
