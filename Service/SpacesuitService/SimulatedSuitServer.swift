import Foundation
import Logging
import Radio

/// Serves a `SuitSimulator` over Radio: any number of connections (in-memory or accepted from a
/// Unix socket), all sharing one suit. The model advances to `clock()` before every answer.
public actor SimulatedSuitServer {
  private var simulator: SuitSimulator
  private let clock: @Sendable () -> Date
  private let logger: Logger
  private var links: [ObjectIdentifier: RadioLink] = [:]
  private var isStopped = false

  /// Creates a server for `simulator`, reading time from `clock`.
  public init(simulator: SuitSimulator, clock: @escaping @Sendable () -> Date = Date.init, logger: Logger) {
    self.simulator = simulator
    self.clock = clock
    self.logger = logger
  }

  /// The suit as it is now (advanced to `clock()`).
  public func currentSuit() -> SuitSimulator {
    simulator.advance(to: clock())
    return simulator
  }

  /// Number of connections being served.
  public var connectionCount: Int { links.count }

  /// Serves one connection until the peer hangs up or the server stops.
  public func serve(_ transport: any RadioTransport) async {
    guard !isStopped else {
      await transport.close()
      return
    }
    let link = RadioLink(transport: transport, logger: logger)
    let id = ObjectIdentifier(link)
    links[id] = link
    defer { links[id] = nil }
    do { try await link.start() } catch {
      logger.warning("could not start serving a connection: \(error)")
      return
    }
    logger.info("suit client connected (\(links.count) connected)")
    for await frame in link.incoming {
      let (type, payload) = answer(frame)
      do { try await link.respond(to: frame, type: type.rawValue, payload: payload) } catch {
        logger.info("could not answer request #\(frame.sequence): \(error)")
      }
    }
    await link.close()
    logger.info("suit client disconnected")
  }

  /// Accepts and serves connections concurrently until the listener is closed.
  public func serve(listener: UnixSocketListener) async {
    await withTaskGroup(of: Void.self) { group in
      while !isStopped {
        do {
          let transport = try await listener.accept()
          group.addTask { await self.serve(transport) }
        } catch RadioError.closed {
          break
        } catch {
          // A passing failure (e.g. out of file descriptors) must not end serving for good.
          logger.warning("could not accept a suit client: \(error)")
          try? await Task.sleep(for: .milliseconds(100))
        }
      }
      await stop()
    }
  }

  /// Closes every connection and refuses new ones.
  public func stop() async {
    isStopped = true
    for link in links.values { await link.close() }
  }

  /// The response to one request frame.
  func answer(_ frame: Frame) -> (SuitProtocol.MessageType, [UInt8]) {
    simulator.advance(to: clock())
    do {
      switch SuitProtocol.MessageType(rawValue: frame.type) {
      case .telemetryRequest:
        return (.telemetry, try SuitProtocol.encode(simulator.telemetry))
      case .vitalsRequest:
        return (.vitals, try SuitProtocol.encode(simulator.vitals))
      case .commandRequest:
        let command: SuitCommand
        do { command = try SuitProtocol.decode(SuitCommand.self, from: frame.payload) } catch {
          return failure("bad command: \(error)")
        }
        let acknowledgement = simulator.apply(command)
        logger.info("command \(command.description): \(acknowledgement.accepted ? "accepted" : "refused")")
        return (.acknowledgement, try SuitProtocol.encode(acknowledgement))
      default:
        return failure(String(format: "unknown message type 0x%02X", frame.type))
      }
    } catch {
      return failure("could not encode the answer: \(error)")
    }
  }

  private func failure(_ message: String) -> (SuitProtocol.MessageType, [UInt8]) {
    logger.warning(message)
    let payload = (try? SuitProtocol.encode(SuitProtocol.Failure(message: message))) ?? []
    return (.failure, payload)
  }
}
