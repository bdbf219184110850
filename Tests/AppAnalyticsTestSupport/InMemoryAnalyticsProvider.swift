import AppAnalytics
import Synchronization

/// Keeps every event in memory, for tests.
public final class InMemoryAnalyticsProvider: AnalyticsProvider {
  private let storage = Mutex<[AnalyticsEvent]>([])

  /// Creates an empty provider.
  public init() {}

  /// Stores the event.
  public func record(_ event: AnalyticsEvent) {
    storage.withLock { $0.append(event) }
  }

  /// A snapshot of the events recorded so far, oldest first.
  public var events: [AnalyticsEvent] { storage.withLock { $0 } }

  /// The recorded events named "error", oldest first.
  public var errors: [AnalyticsEvent] { events.filter { $0.name == "error" } }

  /// Forgets all events.
  public func removeAll() { storage.withLock { $0.removeAll() } }
}
