import FoundationEssentials

/// What an app's live services do when the app starts and stops (a background delivery, a status
/// report that is due), and how they copy what they keep. Each defaults to nothing.
@MainActor public protocol AppServices: SendableMetatype {
  /// Runs before the first flow; `interactive` for the interactive app (background work may
  /// start), false for one scripted command.
  func start(interactive: Bool) async
  /// Runs after the last flow, always.
  func shutdown() async
  /// Copies each store the app keeps into a new file in `directory` (created when missing), named
  /// as the store's file is, safely while other processes use the stores, never overwriting a file;
  /// returns the files written, in order (the `backup` command). Default: nothing to back up.
  func backup(to directory: URL) async throws -> [URL]
}

extension AppServices {
  public func start(interactive: Bool) async {}
  public func shutdown() async {}
  public func backup(to directory: URL) async throws -> [URL] { [] }
}
