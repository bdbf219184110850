import FoundationEssentials
import LaboratoryServiceInterface
import Localization
import Radio

/// The labs' messages inside Radio frames: a JSON body per message, one type byte per message kind
/// and schema. Requests 0x40…0x4F, their answers request | 0x80 (the station's systems use 0x10…0x3F).
public enum LabProtocol {
  /// Message kinds.
  public enum MessageType: UInt8, Sendable {
    /// Request: the current `LabTelemetry` (empty body).
    case telemetryRequest = 0x40
    /// Request: carry out a `RackCommand`.
    case rackCommandRequest = 0x41
    /// Answer: a `LabTelemetry`.
    case telemetry = 0xC0
    /// Answer: a `RackAcknowledgement`.
    case acknowledgement = 0xC1
    /// Answer: the request could not be served (a `DeviceFailure`).
    case failure = 0xCF
  }

  /// Whether a request of `type` is the labs' to answer.
  public static func handles(_ type: UInt8) -> Bool { (0x40...0x4F).contains(type) }
}

/// The labs as a device on the station's bus: one request frame in, one answer out. Pure: the
/// answer depends only on the model, the request and the time given.
public struct LabDevice: SimulatedDevice {
  /// The endpoint of in-process links to the labs.
  public static let inProcessEndpoint = "in-process:labs"

  /// The model behind the device.
  public private(set) var simulator: LabSimulator

  /// A device answering from `simulator`.
  public init(simulator: LabSimulator) {
    self.simulator = simulator
  }

  /// The answer to `request` once the model has advanced to `date`.
  public mutating func respond(to request: Frame, at date: Date) -> Frame {
    simulator.advance(to: date)
    let failure = LabProtocol.MessageType.failure.rawValue
    do {
      switch LabProtocol.MessageType(rawValue: request.type) {
      case .telemetryRequest:
        return Frame(
          type: LabProtocol.MessageType.telemetry.rawValue, sequence: request.sequence,
          payload: try FrameBody.encode(simulator.telemetry))
      case .rackCommandRequest:
        let command = try FrameBody.decode(RackCommand.self, from: request.payload)
        return Frame(
          type: LabProtocol.MessageType.acknowledgement.rawValue, sequence: request.sequence,
          payload: try FrameBody.encode(simulator.apply(command)))
      default:
        // untranslated: protocol detail
        return DeviceFailure(message: "unknown lab message type \(Frame.typeName(request.type))")
          .frame(type: failure, answering: request)
      }
    } catch {
      // untranslated: protocol detail
      return DeviceFailure(message: "cannot read the request: \(DecodingError.readableLine(for: error))")
        .frame(type: failure, answering: request)
    }
  }
}

/// Simulated labs shared by every link to them, on a clock that may run faster than the wall (a
/// bench's time factor). Serves in-process links (`--lab simulated`); `lab-sim` routes the requests
/// of its socket connections to `answer(_:)`.
public typealias LabSimulation = DeviceSimulation<LabDevice>
