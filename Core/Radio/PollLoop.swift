import FoundationEssentials
import Glibc
import Synchronization

/// One thread that waits with poll(2) on the sockets of the process and calls each one's handler
/// when it is ready: no thread per socket, however many there are.
///
/// A registration is either persistent (`register`: a socket that reads whenever bytes come; its
/// events can be changed with `setEvents`) or one-shot (`arm`: a single wait, forgotten once it
/// fires; `disarm` fires it early, so its waiter is woken exactly once either way). Tokens are never
/// reused, so a late event for a closed and reused descriptor reaches nobody. A persistent
/// registration can be paused while another thread reads its descriptor itself (`pause`), and
/// watched again at once or a little later (`resume`) without waking the loop for either in the usual
/// case. Handlers run on the loop's thread and must not block.
final class PollLoop: Sendable {
  /// The loop every socket of this process uses; its thread starts with the first registration.
  static let shared = PollLoop()

  /// Called with the `revents` of the descriptor.
  typealias Handler = @Sendable (Int16) -> Void

  /// How long a paused registration may go unwatched once its reader is done with it (`resume`), so
  /// that a reader coming back within it costs the loop no wake-up: bytes arriving meanwhile with
  /// nobody reading, or the peer hanging up, are noticed at most this late.
  static let pauseGrace: Duration = .milliseconds(20)

  private struct Registration {
    let fd: Int32
    var events: Int16
    let oneShot: Bool
    let handler: Handler
  }

  /// A paused registration (its `events` are 0 meanwhile): the events to watch again, and from when
  /// (nil: not before `resume`).
  private struct Pause {
    let events: Int16
    var until: ContinuousClock.Instant?
  }

  private struct State {
    var registrations: [UInt64: Registration] = [:]
    var nextToken: UInt64 = 1
    var started = false
    /// The loop is inside poll(2) and must be woken to see a change.
    var polling = false
    /// The registrations changed since the loop last built its descriptor list.
    var dirty = true
    /// The paused registrations.
    var pauses: [UInt64: Pause] = [:]
    /// When the loop's poll(2) times out (nil: it waits for an event).
    var wakeAt: ContinuousClock.Instant?
  }

  private let state = Mutex(State())
  /// A pipe whose read end is always polled: a byte written wakes the loop to pick up changes.
  private let wakeReader: Int32
  private let wakeWriter: Int32

  private init() {
    var ends: [Int32] = [-1, -1]
    guard pipe(&ends) == 0 else { fatalError("PollLoop: pipe failed: \(String(cString: strerror(errno)))") }
    for fd in ends {
      _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
      _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
    }
    wakeReader = ends[0]
    wakeWriter = ends[1]
  }

  /// Watches `fd` for `events` until `unregister`, calling `handler` each time it is ready.
  func register(_ fd: Int32, _ events: Int16, handler: @escaping Handler) -> UInt64 {
    add(Registration(fd: fd, events: events, oneShot: false, handler: handler))
  }

  /// Changes what a persistent registration waits for (0: nothing for now); ends a pause.
  func setEvents(_ token: UInt64, _ events: Int16) {
    let nudge = state.withLock { state -> Bool in
      let resumed = state.pauses.removeValue(forKey: token) != nil
      guard state.registrations[token] != nil, state.registrations[token]?.events != events || resumed else {
        return false
      }
      state.registrations[token]?.events = events
      state.dirty = true
      return state.polling
    }
    if nudge { wake() }
  }

  /// Stops watching a persistent registration while the caller reads its descriptor itself, without
  /// waking the loop: should the loop wake for the descriptor before it sees the pause, it does not
  /// call the handler, and then leaves the descriptor out.
  func pause(_ token: UInt64) {
    state.withLock { state in
      if state.pauses[token] != nil {
        state.pauses[token]?.until = nil
      } else if let events = state.registrations[token]?.events {
        state.pauses[token] = Pause(events: events, until: nil)
        state.registrations[token]?.events = 0
        state.dirty = true
      }
    }
  }

  /// Watches a paused registration again: at once (`after` zero), or once `after` has passed
  /// unless it is paused again meanwhile; the loop is woken only when it would otherwise sleep past
  /// that time. Returns when the loop watches it again by itself (nil: at once, or it was not paused).
  @discardableResult
  func resume(_ token: UInt64, after delay: Duration = .zero) -> ContinuousClock.Instant? {
    let (until, nudge) = state.withLock { state -> (ContinuousClock.Instant?, Bool) in
      guard let pause = state.pauses[token] else { return (nil, false) }
      if delay <= .zero {
        state.pauses[token] = nil
        state.registrations[token]?.events = pause.events
        state.dirty = true
        return (nil, state.polling)
      }
      let until = ContinuousClock.now + delay
      state.pauses[token]?.until = until
      guard state.polling else { return (until, false) }
      if let wakeAt = state.wakeAt, wakeAt <= until { return (until, false) }
      return (until, true)
    }
    if nudge { wake() }
    return until
  }

  /// Forgets a persistent registration; its handler is not called again once this returns.
  func unregister(_ token: UInt64) {
    let nudge = state.withLock { state -> Bool in
      guard state.registrations.removeValue(forKey: token) != nil else { return false }
      state.pauses[token] = nil
      state.dirty = true
      return state.polling
    }
    if nudge { wake() }
  }

  /// Calls `handler` once, on the loop's thread, when `fd` is ready for `events` (`POLLIN`/`POLLOUT`)
  /// or has an error or hang-up. Returns the token that `disarm` takes.
  func arm(_ fd: Int32, _ events: Int16, wake handler: @escaping @Sendable () -> Void) -> UInt64 {
    add(Registration(fd: fd, events: events, oneShot: true) { _ in handler() })
  }

  /// Fires the one-shot wait of `token` now if it has not fired yet; returns whether it was waiting.
  @discardableResult
  func disarm(_ token: UInt64) -> Bool {
    let registration = state.withLock { state -> Registration? in
      guard let registration = state.registrations.removeValue(forKey: token) else { return nil }
      state.dirty = true
      return registration
    }
    guard let registration else { return false }
    registration.handler(0)
    return true
  }

  private func add(_ registration: Registration) -> UInt64 {
    let (token, mustStart, mustNudge) = state.withLock { state -> (UInt64, Bool, Bool) in
      let token = state.nextToken
      state.nextToken += 1
      state.registrations[token] = registration
      state.dirty = true
      let mustStart = !state.started
      state.started = true
      return (token, mustStart, state.polling)
    }
    if mustStart {
      DetachedThread.start(named: "radio.poll") { [self] in run() }
    } else if mustNudge {
      wake()
    }
    return token
  }

  private func wake() {
    var byte: UInt8 = 1
    _ = write(wakeWriter, &byte, 1)
  }

  private func run() {
    var descriptors: [pollfd] = []
    var tokens: [UInt64] = []
    var drain = [UInt8](repeating: 0, count: 64)
    while true {
      let timeout = state.withLock { state -> Int32 in
        let wakeAt = resumeDue(&state)
        if state.dirty {
          descriptors.removeAll(keepingCapacity: true)
          tokens.removeAll(keepingCapacity: true)
          descriptors.append(pollfd(fd: wakeReader, events: Int16(POLLIN), revents: 0))
          tokens.append(0)
          for (token, registration) in state.registrations where registration.events != 0 {
            descriptors.append(pollfd(fd: registration.fd, events: registration.events, revents: 0))
            tokens.append(token)
          }
          state.dirty = false
        }
        state.wakeAt = wakeAt
        state.polling = true
        guard let wakeAt else { return -1 }
        return Self.milliseconds(until: wakeAt)
      }
      let ready = poll(&descriptors, nfds_t(descriptors.count), timeout)
      state.withLock { $0.polling = false }
      guard ready > 0 else { continue }  // EINTR
      if descriptors[0].revents != 0 {
        while drain.withUnsafeMutableBytes({ read(wakeReader, $0.baseAddress, $0.count) }) > 0 {}
        descriptors[0].revents = 0
      }
      var due: [(Handler, Int16)] = []
      state.withLock { state in
        for index in 1..<descriptors.count where descriptors[index].revents != 0 {
          let revents = descriptors[index].revents
          descriptors[index].revents = 0
          guard let registration = state.registrations[tokens[index]] else { continue }
          guard registration.oneShot || registration.events != 0 else { continue }  // paused meanwhile
          if registration.oneShot {
            state.registrations[tokens[index]] = nil
            state.dirty = true
          }
          due.append((registration.handler, revents))
        }
      }
      for (handler, revents) in due { handler(revents) }
    }
  }

  /// Watches again the paused registrations whose time has come; returns when the loop must look
  /// again (the next of those times; for a registration paused until further notice, `pauseGrace`
  /// from now, so that its `resume` finds the loop due to wake and need not wake it), nil: never.
  private func resumeDue(_ state: inout State) -> ContinuousClock.Instant? {
    guard !state.pauses.isEmpty else { return nil }
    let now = ContinuousClock.now
    var next: ContinuousClock.Instant?
    for (token, pause) in state.pauses {
      let due = pause.until ?? now + Self.pauseGrace
      if due <= now {
        state.pauses[token] = nil
        state.registrations[token]?.events = pause.events
        state.dirty = true
      } else {
        next = min(next ?? due, due)
      }
    }
    return next
  }

  /// A poll(2) timeout reaching `instant`, in whole milliseconds rounded up.
  private static func milliseconds(until instant: ContinuousClock.Instant) -> Int32 {
    let left = instant - ContinuousClock.now
    guard left > .zero else { return 0 }
    let (seconds, attoseconds) = left.components
    let milliseconds = seconds * 1000 + (attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000
    return Int32(clamping: milliseconds)
  }
}
