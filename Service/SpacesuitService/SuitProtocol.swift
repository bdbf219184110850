import FoundationEssentials
import Localization
import Radio
import SpacesuitServiceInterface

/// The suit protocol inside Radio frames: one `type` byte per message kind, JSON payloads wrapped
/// in a versioned envelope `{"v":1,"body":…}`. Requests are 0x0_, responses 0x8_ (request | 0x80).
public enum SuitProtocol {
  /// The protocol version this build speaks; a peer answering another version is refused.
  public static let version = 1

  /// Message kinds.
  public enum MessageType: UInt8, Sendable {
    /// Request: current telemetry (empty body).
    case telemetryRequest = 0x01
    /// Request: current vitals (empty body).
    case vitalsRequest = 0x02
    /// Request: carry out a `SuitCommand`.
    case commandRequest = 0x03
    /// Response: a `SuitTelemetry`.
    case telemetry = 0x81
    /// Response: a `Vitals`.
    case vitals = 0x82
    /// Response: a `CommandAcknowledgement`.
    case acknowledgement = 0x83
    /// Response: the request could not be served (`SuitProtocol.Failure`).
    case failure = 0xFF
  }

  /// The body of a `failure` response.
  public struct Failure: Codable, Sendable, Equatable {
    /// Why the request could not be served.
    public var message: String
    /// Creates a failure body.
    public init(message: String) { self.message = message }
  }

  /// The empty body of telemetry and vitals requests.
  public struct Empty: Codable, Sendable, Equatable {
    /// Creates an empty body.
    public init() {}
  }

  struct Envelope<Body: Codable>: Codable {
    var v: Int
    var body: Body
  }

  /// An envelope read in one pass: the version first, the body only when it is this version's.
  struct ReceivedEnvelope<Body: Decodable>: Decodable {
    let version: Int
    let body: Body?

    private enum CodingKeys: String, CodingKey { case v, body }

    init(from decoder: any Decoder) throws {
      let container: KeyedDecodingContainer<CodingKeys>
      let version: Int
      do {
        container = try decoder.container(keyedBy: CodingKeys.self)
        version = try container.decode(Int.self, forKey: .v)
      } catch {
        throw DecodingFailure.noVersion(bytes: 0)
      }
      self.version = version
      body = version == SuitProtocol.version ? try container.decode(Body.self, forKey: .body) : nil
    }
  }

  enum DecodingFailure: Error, Equatable, CustomStringConvertible {
    /// The peer speaks another protocol version.
    case unsupportedVersion(Int)
    /// The message has no version envelope.
    case noVersion(bytes: Int)
    /// The body is not a readable `body` (`detail`: the decoder's words).
    case unreadable(body: String, detail: String)

    /// What is wrong, in the reader's language.
    var text: LocalizedText {
      switch self {
      case .unsupportedVersion(let version):
        Strings.violationUnsupportedVersion(version: String(version), supported: String(SuitProtocol.version))
      case .noVersion(let bytes): Strings.violationNoVersion(bytes: bytes)
      case .unreadable(let body, let detail): Strings.violationUnreadable(body: body, detail: detail)
      }
    }

    /// The English line (logs and the simulator's wire failures).
    var description: String { text.description }
  }

  /// One encoder and decoder for every message (they keep no state between calls).
  private static let encoder = JSONEncoder()
  private static let decoder = JSONDecoder()

  /// Encodes `body` in a version envelope (the plain messages without JSONEncoder: see `plainPayload`).
  static func encode<Body: Codable>(_ body: Body) throws -> [UInt8] {
    if let payload = plainPayload(of: body) { return payload }
    return Array(try encoder.encode(Envelope(v: version, body: body)))
  }

  /// Decodes a version envelope, refusing other versions (plain readings without JSONDecoder: see
  /// `plainBody`).
  static func decode<Body: Codable>(_ type: Body.Type, from payload: [UInt8]) throws(DecodingFailure) -> Body {
    if let body = plainBody(type, from: payload) { return body }
    let envelope: ReceivedEnvelope<Body>
    do { envelope = try decoder.decode(ReceivedEnvelope<Body>.self, from: Data(payload)) } catch {
      if case .noVersion = error as? DecodingFailure { throw .noVersion(bytes: payload.count) }
      throw .unreadable(body: "\(Body.self)", detail: DecodingError.readableLine(for: error))
    }
    guard let body = envelope.body else { throw .unsupportedVersion(envelope.version) }
    return body
  }
}
