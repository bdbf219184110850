import FoundationEssentials
import Logging

/// A device simulated in this process: a pure answer to each request frame at a given time.
public protocol SimulatedDevice: Sendable {
  /// The model behind the device.
  associatedtype Model: Sendable
  /// The endpoint of in-process links to the device, e.g. "in-process:power-system".
  static var inProcessEndpoint: String { get }
  /// A device answering from `simulator`.
  init(simulator: Model)
  /// The answer to `request` once the model has advanced to `date`.
  mutating func respond(to request: Frame, at date: Date) -> Frame
}

/// A simulated device shared by every link to it, on a clock that may run faster than the wall (a
/// bench's time factor). Serves in-process links (``connector``); a bench routes the device's
/// requests of its socket connections to ``answer(_:)``.
public actor DeviceSimulation<Device: SimulatedDevice> {
  private var device: Device
  private let clock: @Sendable () -> Date
  private let logger: Logger

  /// A simulation of `simulator`, reading model time from `clock`.
  public init(simulator: Device.Model, clock: @escaping @Sendable () -> Date, logger: Logger) {
    device = Device(simulator: simulator)
    self.clock = clock
    self.logger = logger
  }

  /// The answer to one request frame, at the clock's time.
  public func answer(_ request: Frame) -> Frame {
    device.respond(to: request, at: clock())
  }

  /// Opens in-memory links to this simulation, all served by one `RadioServer`.
  public nonisolated var connector: RadioConnector {
    RadioConnector.inProcess(
      endpoint: Device.inProcessEndpoint, server: RadioServer(logger: logger) { await self.answer($0) })
  }
}

extension DeviceSimulation {
  /// A command device on a usual day (its model's `nominal(at:)` now), simulated in this process in
  /// real time: what an app connects to when it has no device to talk to.
  public static func nominal<Model: CommandDeviceModel>(logger: Logger) -> Self where Device == CommandDevice<Model> {
    Self(simulator: Model.nominal(at: Date()), clock: Date.init, logger: logger)
  }
}
