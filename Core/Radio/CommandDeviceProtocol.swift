import AppAnalytics
import FoundationEssentials
import Localization

/// A device that answers two requests over Radio — its status, and a command it carries out — with
/// JSON bodies (the station's peripheries). A service describes its device once by conforming an
/// enum to this protocol; ``LiveCommandDevice`` then talks to it, and a model of it
/// (``CommandDeviceModel``) is served by ``CommandDevice`` and ``DeviceSimulation``, so the service
/// keeps only its models, words and simulator. The protocol names what crosses the wire, not the
/// model behind it: a client of the device knows nothing of the simulator.
///
/// The type bytes are a band of 16 starting at the identity's `firstRequest` (0x10, 0x20, … up to
/// 0x60; 0x70 is Radio's own, for ``RadioPeer``'s identify request): the
/// status request, then the command request; each answer is its request | 0x80 and the failure
/// answer is `firstRequest | 0x8F`. A changed schema gets a new band, so an older peer answers
/// "unknown message" instead of misreading it.
public protocol CommandDeviceProtocol: Sendable {
  /// The device's telemetry.
  associatedtype Status: Codable & Sendable
  /// What the device can be told to do.
  associatedtype Command: Codable & Sendable & CustomStringConvertible
  /// The device's answer to a command.
  associatedtype Acknowledgement: CommandDeviceAcknowledgement
  /// The service's error type.
  associatedtype Failure: CommandDeviceError
  /// The device's type bytes and names.
  static var identity: CommandDeviceIdentity { get }
}

extension CommandDeviceProtocol {
  /// The protocol's message kinds.
  public typealias MessageType = CommandDeviceMessage<Self>

  /// Whether a request of `type` is this device's to answer (its band of 16).
  public static func handles(_ type: UInt8) -> Bool { type & 0xF0 == identity.firstRequest & 0xF0 }
}

/// How a command device is known: on the wire, in process, in analytics and in error lines.
public struct CommandDeviceIdentity: Sendable {
  /// The status request's type byte, the first of the protocol's band (its low four bits zero).
  public let firstRequest: UInt8
  /// The device in the wire's English failure text, e.g. "power" in "unknown power message type 0x1E".
  public let wireName: String
  /// The endpoint of in-process links, e.g. "in-process:power-system".
  public let inProcessEndpoint: String
  /// The module that records the device's errors in analytics, e.g. "SolarArrayService".
  public let module: String
  /// The analytics event of a command, e.g. "power.command".
  public let commandEvent: String
  /// How the device is named in error lines, e.g. "the power system" (the service's words).
  public let name: LocalizedText
  /// What to check when the device cannot be reached (the service's words).
  public let unreachableHint: LocalizedText

  /// A device whose band starts at `firstRequest`, named as given.
  public init(
    firstRequest: UInt8, wireName: String, inProcessEndpoint: String, module: String, commandEvent: String,
    name: LocalizedText, unreachableHint: LocalizedText
  ) {
    precondition(
      firstRequest & 0x0F == 0 && firstRequest < RadioPeer.identifyRequest,
      "a band starts at 0xN0 below 0x70 (Radio's own band)")
    self.firstRequest = firstRequest
    self.wireName = wireName
    self.inProcessEndpoint = inProcessEndpoint
    self.module = module
    self.commandEvent = commandEvent
    self.name = name
    self.unreachableHint = unreachableHint
  }
}

/// Talks to the command device `Device`: its status and its commands (what domains hold; the
/// service's live client and its test fakes implement it).
public protocol CommandDeviceClient<Device>: Sendable {
  /// The device's protocol.
  associatedtype Device: CommandDeviceProtocol
  /// The device now.
  func status() async throws -> Device.Status
  /// Carries out `command`; throws `Device.Failure.rejected` when the device refuses it.
  func send(_ command: Device.Command) async throws -> Device.Acknowledgement
  /// What happens to the link to the device from now on (it dropped, a reconnect attempt, it is
  /// back), for a watching screen to say so; a client without a link has none to tell.
  func linkEvents() -> AsyncStream<LinkEvent>
}

extension CommandDeviceClient {
  /// No link, no news: a stream that ends at once.
  public func linkEvents() -> AsyncStream<LinkEvent> { AsyncStream { $0.finish() } }
}

/// A model of the command device `Device` (a simulator): its status now, the commands it carries
/// out, its clock. ``CommandDevice`` serves it on the wire.
public protocol CommandDeviceModel: Sendable {
  /// The protocol the model answers.
  associatedtype Device: CommandDeviceProtocol
  /// The device now.
  var status: Device.Status { get }
  /// Carries out `command`, or refuses it (the answer says which).
  mutating func apply(_ command: Device.Command) -> Device.Acknowledgement
  /// Moves the model's time on to `date`.
  mutating func advance(to date: Date)
}

/// A device's answer to a command.
public protocol CommandDeviceAcknowledgement: Codable, Sendable {
  /// The command, as text.
  var command: String { get }
  /// Whether it was carried out.
  var accepted: Bool { get }
  /// Why not, in the reader's language, when refused.
  var reason: LocalizedText { get }
}

/// The errors of a command device's service: the three ways asking it can fail, in its own words.
public protocol CommandDeviceError: ReportableError, TranslatedError {
  /// Nothing answers, or the link dropped: Radio's line saying where and what to check.
  static func unreachable(_ line: LocalizedText) -> Self
  /// The device refused the command (the value says why); nothing changed.
  static func rejected(_ reason: LocalizedText) -> Self
  /// The answer could not be read (the value says how).
  static func protocolViolation(_ reason: LocalizedText) -> Self
}

extension CommandDeviceError {
  /// The English line (logs, analytics).
  public var userMessage: String { translatedMessage.description }
}

/// One message kind of the command device `P`: a type byte of its band.
public struct CommandDeviceMessage<P: CommandDeviceProtocol>: RawRepresentable, Hashable, Sendable,
  CustomStringConvertible
{
  /// The type byte.
  public let rawValue: UInt8

  /// The message kind of `rawValue`, nil when it is none of the protocol's five.
  public init?(rawValue: UInt8) {
    let offsets: Set<UInt8> = [0x00, 0x01, 0x80, 0x81, 0x8F]
    guard offsets.contains(rawValue &- P.identity.firstRequest) else { return nil }
    self.rawValue = rawValue
  }

  private init(offset: UInt8) { rawValue = P.identity.firstRequest | offset }

  /// Request: the current status (empty body).
  public static var statusRequest: Self { Self(offset: 0x00) }
  /// Request: carry out a command.
  public static var commandRequest: Self { Self(offset: 0x01) }
  /// Answer: the status.
  public static var status: Self { Self(offset: 0x80) }
  /// Answer: the acknowledgement of a command.
  public static var acknowledgement: Self { Self(offset: 0x81) }
  /// Answer: the request could not be served (a ``DeviceFailure``).
  public static var failure: Self { Self(offset: 0x8F) }

  /// The kind's name, as logs show it: "statusRequest", "failure".
  public var description: String {
    switch rawValue &- P.identity.firstRequest {
    case 0x00: "statusRequest"
    case 0x01: "commandRequest"
    case 0x80: "status"
    case 0x81: "acknowledgement"
    default: "failure"
    }
  }
}
