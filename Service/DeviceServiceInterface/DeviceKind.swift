import Localization

/// A device of the station as its clients know it (the power system, the thermal control system,
/// the docking system): the telemetry it reports, the commands it carries out, why it refuses one,
/// what a command leaves behind, and how its service names it — all in one declaration, its
/// ``contract``. Each device's interface declares one, as an enum; its errors are then
/// ``DeviceError`` of it, its answers ``DeviceAcknowledgement`` of its refusal and result.
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
  associatedtype Result: Codable & Sendable & Equatable
  /// The device's types and its service's words for it.
  static var contract: DeviceContract<Status, Command, Refusal, Result> { get }
}

/// What a device's interface declares of it once: its types (which name the ``DeviceKind``'s) and
/// its service's words for it.
public struct DeviceContract<Status, Command, Refusal, Result>: Sendable {
  /// How the service names the device and words what goes wrong asking it.
  public let words: DeviceWords

  /// A device reporting `Status`, told `Command`s, refusing with `Refusal`, leaving `Result`; named
  /// in the service's string table `words` (see ``DeviceWords``).
  public init(
    status: Status.Type, command: Command.Type, refusal: Refusal.Type, result: Result.Type, words: StringTable
  ) {
    self.words = DeviceWords(words)
  }

  /// A device whose answers leave nothing behind.
  public init(status: Status.Type, command: Command.Type, refusal: Refusal.Type, words: StringTable)
  where Result == Never {
    self.words = DeviceWords(words)
  }
}

/// How a device's service names its device and words what goes wrong asking it: four entries of
/// the service's own string table, so each line reads right in every language. `device.name` ("the
/// power system"), `device.unreachable-hint` (what to check when it cannot be reached),
/// `error.rejected` and `error.protocol-violation` (a refusal, and an answer that could not be read,
/// each around its `{reason}`).
public struct DeviceWords: Sendable {
  private let table: StringTable

  /// The words in `table`.
  public init(_ table: StringTable) { self.table = table }

  /// The device in error lines: "the power system" / "система электропитания".
  public var name: LocalizedText { LocalizedText("device.name", in: table) }
  /// What to check when the device cannot be reached: "check that the station (or station-sim) is listening there".
  public var unreachableHint: LocalizedText { LocalizedText("device.unreachable-hint", in: table) }

  /// A refusal for `reason`: "the power system refused: {reason}; nothing changed".
  public func refused(_ reason: LocalizedText) -> LocalizedText {
    LocalizedText("error.rejected", in: table, arguments: ["reason": reason])
  }

  /// An answer that could not be read, for `reason`: "the power system sent an answer this app cannot read: {reason}".
  public func unreadable(_ reason: LocalizedText) -> LocalizedText {
    LocalizedText("error.protocol-violation", in: table, arguments: ["reason": reason])
  }
}

extension DeviceKind {
  /// The device's answer to a command.
  public typealias Acknowledgement = DeviceAcknowledgement<Refusal, Result>
  /// What can go wrong asking the device.
  public typealias Failure = DeviceError<Self>
  /// What a client tells of the device's link.
  public typealias LinkNews = DeviceLinkNews

  /// How the device's service names it and words its errors.
  public static var words: DeviceWords { contract.words }
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
