import Localization

/// A device of the station as its clients know it (the power system, the thermal control system,
/// the docking system): the telemetry it reports, the commands it carries out, why it refuses one,
/// and how its service names it. Each device's interface declares one, as an enum; its errors are
/// then ``DeviceError`` of it, its answers ``DeviceAcknowledgement`` of its refusal and result.
///
/// A live service puts the device on a link by adding its wire identity; the members below are
/// what every client of any device reads alike (its name in error lines, what an answer says, the
/// errors and the link's news), so that a link and a test's model answer through the same words.
public protocol DeviceKind: Sendable {
  /// The device's telemetry.
  associatedtype Status: Codable & Sendable
  /// What the device can be told to do; its `description` is its wire and log form (English).
  associatedtype Command: Codable & Sendable & CustomStringConvertible
  /// Why the device refuses a command, in every language.
  associatedtype Refusal: DeviceRefusal
  /// What a carried-out command leaves behind, when the device says (`Never`: it says nothing).
  associatedtype Result: Codable & Sendable & Equatable = Never
  /// How the device's service names it and words its errors.
  static var words: DeviceWords { get }
}

/// How a device's service names its device and words what goes wrong asking it: the service's own
/// string-table entries, so each line reads right in every language.
public struct DeviceWords: Sendable {
  /// The device in error lines: "the power system" / "система электропитания".
  public let name: LocalizedText
  /// What to check when the device cannot be reached: "check that the station (or station-sim) is listening there".
  public let unreachableHint: LocalizedText
  let refused: @Sendable (LocalizedText) -> LocalizedText
  let unreadable: @Sendable (LocalizedText) -> LocalizedText

  /// A device called `name`; `refused` words a refusal for its reason ("the power system refused:
  /// {reason}; nothing changed"), `unreadable` an answer that could not be read for how.
  public init(
    name: LocalizedText, unreachableHint: LocalizedText, refused: @escaping @Sendable (LocalizedText) -> LocalizedText,
    unreadable: @escaping @Sendable (LocalizedText) -> LocalizedText
  ) {
    self.name = name
    self.unreachableHint = unreachableHint
    self.refused = refused
    self.unreadable = unreadable
  }
}

extension DeviceKind {
  /// The device's answer to a command.
  public typealias Acknowledgement = DeviceAcknowledgement<Refusal, Result>
  /// What can go wrong asking the device.
  public typealias Failure = DeviceError<Self>
  /// What a client tells of the device's link.
  public typealias LinkNews = DeviceLinkNews

  /// The device in error lines (``DeviceWords/name``).
  public static var name: LocalizedText { words.name }
  /// What to check when the device cannot be reached (``DeviceWords/unreachableHint``).
  public static var unreachableHint: LocalizedText { words.unreachableHint }

  /// What `answer` says: the command as the device understood it, and why it refused (nil: carried out).
  public static func verdict(on answer: Acknowledgement) -> (command: String, refusal: LocalizedText?) {
    (answer.command, answer.accepted ? nil : answer.reason)
  }

  /// Nothing answers, or the link dropped (`line` says where and what to check).
  public static func unreachable(_ line: LocalizedText) -> Failure { .unreachable(line) }
  /// The device refused a command for `reason`; nothing changed.
  public static func rejected(_ reason: LocalizedText) -> Failure { .rejected(reason) }
  /// The device's answer could not be read (`reason` says how).
  public static func protocolViolation(_ reason: LocalizedText) -> Failure { .protocolViolation(reason) }

  /// The link dropped; attempt `attempt` of `maximum` to reconnect is under way.
  public static func reconnecting(attempt: Int, of maximum: Int) -> LinkNews {
    .reconnecting(attempt: attempt, maximumAttempts: maximum)
  }
  /// The link is back.
  public static var reconnected: LinkNews { .reconnected }
}
