import FoundationEssentials
import Localization

/// A model of a command device on the station's bus: one request frame in, one answer out.
/// Pure: the answer depends only on the model, the request and the time given.
public struct CommandDevice<Model: CommandDeviceModel>: SimulatedDevice {
  private typealias P = Model.Device

  /// The endpoint of in-process links to the device.
  public static var inProcessEndpoint: String { Model.Device.identity.inProcessEndpoint }

  /// The model behind the device.
  public private(set) var simulator: Model

  /// A device answering from `simulator`.
  public init(simulator: Model) {
    self.simulator = simulator
  }

  /// The answer to `request` once the model has advanced to `date`.
  public mutating func respond(to request: Frame, at date: Date) -> Frame {
    simulator.advance(to: date)
    let (type, payload): (P.MessageType, [UInt8])
    do {
      switch P.MessageType(rawValue: request.type) {
      case .statusRequest?:
        (type, payload) = (.status, try FrameBody.encode(simulator.status))
      case .commandRequest?:
        let command = try FrameBody.decode(P.Command.self, from: request.payload)
        (type, payload) = (.acknowledgement, try FrameBody.encode(simulator.apply(command)))
      default:
        // A protocol failure on the wire is English like the protocol; the client shows it as a detail.
        let word = P.identity.wireName
        let message = "unknown \(word) message type \(Frame.typeName(request.type))"  // untranslated: wire text
        (type, payload) = Self.failure(message)
      }
    } catch {
      // untranslated: wire text, as above
      (type, payload) = Self.failure("cannot read the request: \(DecodingError.readableLine(for: error))")
    }
    return Frame(type: type.rawValue, sequence: request.sequence, payload: payload)
  }

  private static func failure(_ message: String) -> (P.MessageType, [UInt8]) {
    (.failure, (try? FrameBody.encode(DeviceFailure(message: message))) ?? [])
  }
}
