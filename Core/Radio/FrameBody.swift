import FoundationEssentials
import Logging

/// The JSON bodies of device messages inside radio frames (ISO-8601 dates, through Logging's
/// `UTCTimestamp`): one codec for every device protocol (suit, station peripheries, lab racks).
public enum FrameBody {
  /// `body` as the payload of a frame.
  public static func encode<Body: Encodable>(_ body: Body) throws -> [UInt8] {
    let encoder = JSONEncoder()
    encoder.dateEncodingStrategy = .utcTimestamp
    return Array(try encoder.encode(body))
  }

  /// The body a frame's `payload` carries.
  public static func decode<Body: Decodable>(_ type: Body.Type, from payload: [UInt8]) throws -> Body {
    let decoder = JSONDecoder()
    decoder.dateDecodingStrategy = .utcTimestamp
    return try decoder.decode(type, from: Data(payload))
  }
}

/// The body of a device's answer to a request it could not serve.
public struct DeviceFailure: Codable, Sendable, Equatable {
  /// Why the request could not be served.
  public var message: String

  /// A failure saying `message`.
  public init(message: String) { self.message = message }

  /// A frame of `type` answering `request` with this failure.
  public func frame(type: UInt8, answering request: Frame) -> Frame {
    Frame(type: type, sequence: request.sequence, payload: (try? FrameBody.encode(self)) ?? [])
  }
}
