/// A request for the messages at the front of an outbox's queue, made before its turn (see
/// `Outbox.deliver(window:now:prepare:send:)`): what the owner sends, and how many messages it carries.
public struct OutboxRequest<Request: Sendable>: Sendable {
  /// What the owner sends.
  public var request: Request
  /// How many of the messages offered it carries, from the first (at least one).
  public var count: Int

  /// `request`, carrying the first `count` messages offered.
  public init(_ request: Request, count: Int) {
    self.request = request
    self.count = count
  }
}
