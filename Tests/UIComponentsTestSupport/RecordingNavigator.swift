import Navigation
import UIComponents

/// A ``Navigator`` for tests and previews: remembers the destinations it was asked for.
@MainActor public final class RecordingNavigator: Navigator {
  /// The destinations asked for, in order.
  public private(set) var requested: [Destination] = []
  /// The destinations it shows; nil: every one.
  private let shown: Set<Destination>?

  /// A navigator for an app that shows `shown` (nil, the default: every destination).
  public init(shows shown: Set<Destination>? = nil) { self.shown = shown }

  public func canNavigate(to destination: Destination) -> Bool { shown?.contains(destination) ?? true }

  public func navigate(to destination: Destination) async throws {
    requested.append(destination)
  }
}
