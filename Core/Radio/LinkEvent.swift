import Localization
import Synchronization

/// What happened to a link's connection, for whoever shows it to a person.
public enum LinkEvent: Sendable, Equatable, CustomStringConvertible {
  /// The connection dropped (`reason`); reconnecting follows unless the policy forbids it.
  case connectionLost(reason: String)
  /// Reconnect attempt `attempt` of `maximumAttempts` starts after `delay`.
  case reconnecting(attempt: Int, maximumAttempts: Int, delay: Duration)
  /// Connected again, at attempt `attempt`.
  case reconnected(attempt: Int)
  /// Every attempt failed; the link is closed.
  case gaveUp(attempts: Int)

  /// The English line (logs).
  public var description: String { text.description }

  /// The event in the reader's language.
  public var text: LocalizedText {
    switch self {
    case .connectionLost(let reason): Strings.eventConnectionLost(reason: reason)
    case .reconnecting(let attempt, let maximum, _): Strings.eventReconnecting(attempt: attempt, maximum: maximum)
    case .reconnected(let attempt): Strings.eventReconnected(attempt: attempt)
    case .gaveUp(let attempts): Strings.eventGaveUp(attempts: attempts)
    }
  }
}

extension LinkEvent {
  /// The event as news for a person watching the device, made by the caller's own constructors: a
  /// reconnect attempt, or the return; nil for the loss (the attempt that follows it tells it) and
  /// for giving up (the watch then ends with its error line).
  public func news<News>(
    reconnecting: (_ attempt: Int, _ maximumAttempts: Int) -> News, reconnected: () -> News
  )
    -> News?
  {
    switch self {
    case .reconnecting(let attempt, let maximum, _): reconnecting(attempt, maximum)
    case .reconnected: reconnected()
    case .connectionLost, .gaveUp: nil
    }
  }
}

extension AsyncStream where Element == LinkEvent {
  /// These events as news (``LinkEvent/news(reconnecting:reconnected:)``), in a stream that ends
  /// with this one.
  public func news<News: Sendable>(
    reconnecting: @escaping @Sendable (_ attempt: Int, _ maximumAttempts: Int) -> News,
    reconnected: @escaping @Sendable () -> News
  ) -> AsyncStream<News> {
    let (stream, continuation) = AsyncStream<News>.makeStream()
    let task = Task {
      for await event in self {
        if let news = event.news(reconnecting: reconnecting, reconnected: reconnected) { continuation.yield(news) }
      }
      continuation.finish()
    }
    continuation.onTermination = { _ in task.cancel() }
    return stream
  }
}

/// Fans one series of events out to any number of subscribers.
final class EventBroadcast<Event: Sendable>: Sendable {
  private struct State {
    var subscribers: [Int: AsyncStream<Event>.Continuation] = [:]
    var nextID = 0
    var finished = false
  }

  private let state = Mutex(State())

  /// A new stream of the events from now on (keeps the newest 64 a slow reader has not taken).
  func subscribe() -> AsyncStream<Event> {
    let (stream, continuation) = AsyncStream.makeStream(of: Event.self, bufferingPolicy: .bufferingNewest(64))
    let id = state.withLock { state -> Int? in
      guard !state.finished else { return nil }
      defer { state.nextID += 1 }
      state.subscribers[state.nextID] = continuation
      return state.nextID
    }
    guard let id else {
      continuation.finish()
      return stream
    }
    continuation.onTermination = { [weak self] _ in
      _ = self?.state.withLock { $0.subscribers.removeValue(forKey: id) }
    }
    return stream
  }

  func yield(_ event: Event) {
    for subscriber in state.withLock({ Array($0.subscribers.values) }) { subscriber.yield(event) }
  }

  /// Ends every stream; later subscribers get an empty one.
  func finish() {
    let subscribers = state.withLock { state -> [AsyncStream<Event>.Continuation] in
      state.finished = true
      defer { state.subscribers.removeAll() }
      return Array(state.subscribers.values)
    }
    for subscriber in subscribers { subscriber.finish() }
  }
}
