import DockingPortService
import Foundation
import HeatRadiatorService
import Logging
import Radio
import SolarArrayService

/// The station's three systems behind one bus: each request frame goes to the system whose
/// message types it carries. Every connection shares the same station.
struct Station: Sendable {
  let power: SolarArraySimulation
  let thermal: HeatRadiatorSimulation
  let docking: DockingPortSimulation

  /// The message type of an answer to a request no system knows.
  static let unknownRequestType: UInt8 = 0xFF

  /// A station as `scenario` describes it at `start`, its time read from `clock`.
  init(scenario: StationScenario, start: Date, clock: @escaping @Sendable () -> Date, logger: Logger) {
    power = SolarArraySimulation(
      simulator: SolarArraySimulator(start: start, scenario: scenario.power(at: start)), clock: clock, logger: logger)
    thermal = HeatRadiatorSimulation(
      simulator: HeatRadiatorSimulator(start: start, scenario: scenario.thermal), clock: clock, logger: logger)
    docking = DockingPortSimulation(
      simulator: DockingSimulator(start: start, scenario: scenario.docking), clock: clock, logger: logger)
  }

  /// The answer to one request frame.
  func answer(_ request: Frame) async -> Frame {
    if PowerProtocol.handles(request.type) { return await power.answer(request) }
    if ThermalProtocol.handles(request.type) { return await thermal.answer(request) }
    if DockingProtocol.handles(request.type) { return await docking.answer(request) }
    let message = Data(#"{"message":"no system of this station answers message type \#(request.type)"}"#.utf8)
    return Frame(type: Self.unknownRequestType, sequence: request.sequence, payload: Array(message))
  }

  /// A clock starting at `start` and running `factor` times as fast as the wall clock.
  static func clock(start: Date, factor: Double) -> @Sendable () -> Date {
    { start.addingTimeInterval(Date().timeIntervalSince(start) * factor) }
  }
}

/// Serves the station on a listener: each accepted connection gets its own link and task.
/// (Thin on purpose: Core/Radio's reusable server replaces this loop.)
enum StationServer {
  static func serve(_ station: Station, listener: UnixSocketListener, logger: Logger) async {
    await withTaskGroup(of: Void.self) { group in
      while true {
        do {
          let transport = try await listener.accept()
          group.addTask { await serve(station, transport: transport, logger: logger) }
        } catch RadioError.closed {
          break
        } catch {
          logger.warning("could not accept a client: \(error)")
          try? await Task.sleep(for: .milliseconds(100))
        }
      }
    }
  }

  private static func serve(_ station: Station, transport: any RadioTransport, logger: Logger) async {
    let link = RadioLink(transport: transport, logger: logger)
    do { try await link.start() } catch { return }
    logger.info("client connected")
    for await request in link.incoming {
      do { try await link.send(await station.answer(request)) } catch {
        logger.info("could not answer #\(request.sequence): \(error)")
      }
    }
    await link.close()
    logger.info("client disconnected")
  }
}
