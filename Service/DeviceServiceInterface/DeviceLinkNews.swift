/// What happened to the link to a device, for a watching screen to say (in its own words): the
/// reconnect attempts and the return. The loss itself is told by the attempt that follows it; a
/// link that gives up ends the watch with its error line.
public enum DeviceLinkNews: Sendable, Equatable {
  /// The link dropped; attempt `attempt` of `maximumAttempts` to reconnect is under way.
  case reconnecting(attempt: Int, maximumAttempts: Int)
  /// The link is back.
  case reconnected
}
