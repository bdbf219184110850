import Foundation
import Radio

/// The docking system's messages inside Radio frames: a JSON body per message, one type byte per
/// message kind and schema (a changed schema gets new type bytes, so an older peer answers
/// "unknown message" instead of misreading it). Requests 0x30…0x3F, their answers request | 0x80.
public enum DockingProtocol {
  /// Message kinds.
  public enum MessageType: UInt8, Sendable {
    /// Request: the current `DockingStatus` (empty body).
    case statusRequest = 0x30
    /// Request: carry out a `DockingCommand`.
    case commandRequest = 0x31
    /// Answer: a `DockingStatus`.
    case status = 0xB0
    /// Answer: a `DockingAcknowledgement`.
    case acknowledgement = 0xB1
    /// Answer: the request could not be served (a `ProtocolFailure`).
    case failure = 0xBF
  }

  /// Whether a request of `type` is the docking system's to answer.
  public static func handles(_ type: UInt8) -> Bool { (0x30...0x3F).contains(type) }

}

/// The docking system as a device on the station's bus: one request frame in, one answer out.
/// Pure: the answer depends only on the model, the request and the time given.
public struct DockingPortDevice: Sendable {
  /// The model behind the device.
  public private(set) var simulator: DockingSimulator

  /// A device answering from `simulator`.
  public init(simulator: DockingSimulator) {
    self.simulator = simulator
  }

  /// The answer to `request` once the model has advanced to `date`.
  public mutating func respond(to request: Frame, at date: Date) -> Frame {
    simulator.advance(to: date)
    let (type, payload): (DockingProtocol.MessageType, [UInt8])
    do {
      switch DockingProtocol.MessageType(rawValue: request.type) {
      case .statusRequest:
        (type, payload) = (.status, try FrameBody.encode(simulator.status))
      case .commandRequest:
        let command = try FrameBody.decode(DockingCommand.self, from: request.payload)
        (type, payload) = (.acknowledgement, try FrameBody.encode(simulator.apply(command)))
      default:
        // untranslated: a protocol failure on the wire, English like the protocol; the client shows it as a detail
        (type, payload) = Self.failure(String(format: "unknown docking message type 0x%02X", request.type))
      }
    } catch {
      (type, payload) = Self.failure("cannot read the request: \(error)")  // untranslated: wire text, as above
    }
    return Frame(type: type.rawValue, sequence: request.sequence, payload: payload)
  }

  private static func failure(_ message: String) -> (DockingProtocol.MessageType, [UInt8]) {
    (.failure, (try? FrameBody.encode(DeviceFailure(message: message))) ?? [])
  }
}
