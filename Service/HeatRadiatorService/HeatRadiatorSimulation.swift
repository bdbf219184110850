import Foundation
import Logging
import Radio

/// A simulated thermal control system shared by every link to it, on a clock that may run faster than the
/// wall (a bench's time factor). Serves in-process links (`--station simulated`); a station
/// simulator routes the thermal requests of its socket connections to ``answer(_:)``.
public actor HeatRadiatorSimulation {
  private var device: HeatRadiatorDevice
  private let clock: @Sendable () -> Date
  private let logger: Logger

  /// A simulation of `simulator`, reading model time from `clock`.
  public init(simulator: HeatRadiatorSimulator, clock: @escaping @Sendable () -> Date, logger: Logger) {
    device = HeatRadiatorDevice(simulator: simulator)
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
      endpoint: "in-process:thermal-control-system", server: RadioServer(logger: logger) { await self.answer($0) })
  }
}
