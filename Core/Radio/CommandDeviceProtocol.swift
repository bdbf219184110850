import FoundationEssentials
import Localization

/// A device that answers two requests over Radio — its status, and a command it carries out — with
/// JSON bodies (the station's peripheries). A service puts its device on the wire once by conforming
/// the type that names the device to this protocol; ``LiveCommandDevice`` then talks to it, and a
/// model of it (``CommandDeviceModel``) is served by ``CommandDevice`` and ``DeviceSimulation``, so
/// the service keeps only its models, words and simulator. The protocol names what crosses the
/// wire, not the model behind it: a client of the device knows nothing of the simulator.
///
/// Radio knows nothing of the service's types either: what it needs of them — what an answer says,
/// the service's errors, its news of the link — it asks of the conforming type (whose service
/// declares them for every device alike), so no type of the service conforms to a Radio protocol.
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
  associatedtype Acknowledgement: Codable & Sendable
  /// The service's error type.
  associatedtype Failure: Error
  /// What a client tells a watching screen of the link.
  associatedtype LinkNews: Sendable
  /// The device's type bytes and names on the wire and in analytics.
  static var identity: CommandDeviceIdentity { get }
  /// How the device is named in error lines, e.g. "the power system" (the service's words).
  static var name: LocalizedText { get }
  /// What to check when the device cannot be reached (the service's words).
  static var unreachableHint: LocalizedText { get }
  /// What `answer` says: the command as the device understood it, and why it refused (nil: carried out).
  static func verdict(on answer: Acknowledgement) -> (command: String, refusal: LocalizedText?)
  /// The service's error for a device that cannot be reached, or whose link dropped (`line`: Radio's, saying where and what to check).
  static func unreachable(_ line: LocalizedText) -> Failure
  /// The service's error for a refused command (`reason`: why); nothing changed.
  static func rejected(_ reason: LocalizedText) -> Failure
  /// The service's error for an answer that could not be read (`reason`: how).
  static func protocolViolation(_ reason: LocalizedText) -> Failure
  /// The news that the link dropped and attempt `attempt` of `maximum` to reconnect is under way.
  static func reconnecting(attempt: Int, of maximum: Int) -> LinkNews
  /// The news that the link is back.
  static var reconnected: LinkNews { get }
}

extension CommandDeviceProtocol {
  /// The protocol's message kinds.
  public typealias MessageType = CommandDeviceMessage<Self>

  /// Whether a request of `type` is this device's to answer (its band of 16).
  public static func handles(_ type: UInt8) -> Bool { type & 0xF0 == identity.firstRequest & 0xF0 }
}

/// How a command device is known on the wire, in process and in analytics.
public struct CommandDeviceIdentity: Sendable {
  /// The status request's type byte, the first of the protocol's band (its low four bits zero).
  public let firstRequest: UInt8
  /// The device in the wire's English failure text, e.g. "power" in "unknown power message type 0x1E".
  public let wireName: String
  /// The endpoint of in-process links, e.g. "in-process:power-system".
  public let inProcessEndpoint: String
  /// The module that records the device's errors in analytics, e.g. "SolarArrayService".
  public let module: String
  /// The analytics event of a command: the wire name's, e.g. "power.command".
  public var commandEvent: String { "\(wireName).command" }

  /// A device whose band starts at `band` (its status request), called `wireName` on the wire,
  /// reached in process at `in-process:<endpoint>`, recorded in analytics under `module`.
  public init(band firstRequest: UInt8, wireName: String, endpoint: String, module: String) {
    precondition(
      firstRequest & 0x0F == 0 && firstRequest < RadioPeer.identifyRequest,
      "a band starts at 0xN0 below 0x70 (Radio's own band)")
    self.firstRequest = firstRequest
    self.wireName = wireName
    self.inProcessEndpoint = "in-process:" + endpoint
    self.module = module
  }
}

/// A model of the command device `Device` (a simulator): its status now, the commands it carries
/// out, its clock. ``CommandDevice`` serves it on the wire.
public protocol CommandDeviceModel: Sendable {
  /// The protocol the model answers.
  associatedtype Device: CommandDeviceProtocol
  /// The model at `start` on a usual day: what an app simulates when it has no device to talk to.
  static func nominal(at start: Date) -> Self
  /// The device now.
  var status: Device.Status { get }
  /// Carries out `command`, or refuses it (the answer says which).
  mutating func apply(_ command: Device.Command) -> Device.Acknowledgement
  /// Moves the model's time on to `date`.
  mutating func advance(to date: Date)
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
