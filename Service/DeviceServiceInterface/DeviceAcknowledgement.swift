import Localization

/// Why a device refused a command, in a form every language can show (it travels in the
/// acknowledgement, so the client can say it in the reader's language).
public protocol DeviceRefusal: Codable, Sendable, Equatable {
  /// The reason as a person reads it.
  var text: LocalizedText { get }
}

/// A device's answer to a command (on the wire: `command`, `accepted`, `message` and, from devices
/// that give them, the `result` the command left and a language-neutral `refusal`).
public struct DeviceAcknowledgement<Refusal: DeviceRefusal, Result: Codable & Sendable & Equatable>: Codable,
  Sendable, Equatable
{
  /// The command as the device understood it, e.g. "wing 1A feather".
  public var command: String
  /// Whether the device carries it out.
  public var accepted: Bool
  /// What the device did, or why it refused (English, as the device says it).
  public var message: String
  /// What the command left behind, when the device says (nil when refused, or from a device that gives none).
  public var result: Result?
  /// Why not, when refused, in a form every language can show (nil from a device that gives none).
  public var refusal: Refusal?

  /// An answer.
  public init(command: String, accepted: Bool, message: String, result: Result? = nil, refusal: Refusal? = nil) {
    self.command = command
    self.accepted = accepted
    self.message = message
    self.result = result
    self.refusal = refusal
  }

  /// The answer to `command`: refused for `refusal` when there is one (nothing changed; its English
  /// text is the message), else carried out as `outcome` says, leaving `result`.
  public init(
    answering command: some CustomStringConvertible, refusal: Refusal?, outcome: @autoclosure () -> LocalizedText,
    result: Result? = nil
  ) {
    if let refusal {
      self.init(command: command.description, accepted: false, message: refusal.text.description, refusal: refusal)
    } else {
      self.init(command: command.description, accepted: true, message: outcome().description, result: result)
    }
  }

  /// Why the command was refused, as a person reads it (the device's own words when it gave no reason).
  public var reason: LocalizedText { refusal?.text ?? .verbatim(message) }
}
