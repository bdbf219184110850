/// What an app's live services do when the app starts and stops (a background delivery, a status
/// report that is due). Both default to nothing.
@MainActor public protocol AppServices: SendableMetatype {
  /// Runs before the first flow; `interactive` for the interactive app (background work may
  /// start), false for one scripted command.
  func start(interactive: Bool) async
  /// Runs after the last flow, always.
  func shutdown() async
}

extension AppServices {
  public func start(interactive: Bool) async {}
  public func shutdown() async {}
}
