import FoundationEssentials
import Logging
import Radio
import SpacesuitServiceInterface

/// Serves a `SuitSimulator` over Radio: any number of connections (in-memory or accepted from a
/// Unix socket, through a `RadioServer`), all sharing one suit.
///
/// Before every answer the model advances by the wall-clock time since the last one, times
/// `timeFactor`. With a state file, the suit outlives the process: an accepted command is saved
/// before it is acknowledged, the drift at most every `saveInterval`, and what another process
/// saved is picked up before the next answer. A suit left alone longer than an EVA
/// (`SuitSimulator.evaDurationSeconds` of suit time) is serviced before it is used again. The suit
/// answers at once, so its first few socket clients are served each on a thread of its own, with no
/// hop between threads.
public actor SimulatedSuitServer {
  /// How often the drifting readings are saved while the suit is in use (commands: always).
  public static let saveInterval: TimeInterval = 10

  private nonisolated let suit: ServedSuit
  private nonisolated let radioServer: RadioServer

  /// Creates a server for `simulator`, reading time from `clock`.
  ///
  /// - Parameters:
  ///   - timeFactor: suit seconds per wall-clock second (1 = real time; 60 = a minute a second).
  ///   - scenario: a fault to begin (unless the saved suit is already going through it).
  ///   - stateFile: where the suit is kept between processes; nil keeps it in memory only.
  ///   - configuration: limits and timeouts for socket clients.
  public init(
    simulator: SuitSimulator, clock: @escaping @Sendable () -> Date = Date.init, timeFactor: Double = 1,
    scenario: SuitScenario? = nil, stateFile: URL? = nil, configuration: RadioServerConfiguration = .init(),
    logger: Logger
  ) {
    let suit = ServedSuit(
      simulator: simulator, clock: clock, timeFactor: timeFactor, scenario: scenario, stateFile: stateFile,
      logger: logger)
    self.suit = suit
    radioServer = RadioServer(
      configuration: configuration, logger: logger,
      immediateHandler: { frame in
        let (type, payload) = suit.answer(frame)
        return Frame(type: type.rawValue, sequence: frame.sequence, payload: payload)
      })
  }

  /// The suit as it is now (advanced to `clock()`).
  public func currentSuit() -> SuitSimulator {
    suit.current()
  }

  /// Number of connections being served.
  public var connectionCount: Int { radioServer.connectionCount }

  /// Serves one connection until the peer hangs up or the server stops.
  public func serve(_ transport: any RadioTransport) async {
    await radioServer.serve(transport)
  }

  /// Accepts and serves connections concurrently until the listener is closed.
  public func serve(listener: UnixSocketListener) async {
    await radioServer.serve(listener: listener)
  }

  /// Closes every connection and refuses new ones.
  public func stop() {
    radioServer.stop()
  }

  /// The response to one request frame.
  func answer(_ frame: Frame) -> (SuitProtocol.MessageType, [UInt8]) {
    suit.answer(frame)
  }
}
