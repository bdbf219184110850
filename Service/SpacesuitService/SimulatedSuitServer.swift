import FoundationEssentials
import Localization
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
/// (`SuitSimulator.evaDurationSeconds` of suit time) is serviced before it is used again.
public actor SimulatedSuitServer {
  /// How often the drifting readings are saved while the suit is in use (commands: always).
  public static let saveInterval: TimeInterval = 10

  private var simulator: SuitSimulator
  private let clock: @Sendable () -> Date
  private let timeFactor: Double
  private let scenario: SuitScenario?
  private let stateFile: SuitStateFile?
  private let configuration: RadioServerConfiguration
  private let logger: Logger
  private var lastWallClock: Date
  private var lastSave: Date?
  private var loaded = false
  private var radioServer: RadioServer?

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
    var simulator = simulator
    if stateFile == nil, let scenario { simulator.begin(scenario) }
    self.simulator = simulator
    self.clock = clock
    self.timeFactor = timeFactor
    self.scenario = scenario
    self.stateFile = stateFile.map(SuitStateFile.init(url:))
    self.configuration = configuration
    self.logger = logger
    self.lastWallClock = clock()
  }

  /// The suit as it is now (advanced to `clock()`).
  public func currentSuit() -> SuitSimulator {
    prepare()
    return simulator
  }

  /// Number of connections being served.
  public var connectionCount: Int { radioServer?.connectionCount ?? 0 }

  /// Serves one connection until the peer hangs up or the server stops.
  public func serve(_ transport: any RadioTransport) async {
    await radio().serve(transport)
  }

  /// Accepts and serves connections concurrently until the listener is closed.
  public func serve(listener: UnixSocketListener) async {
    await radio().serve(listener: listener)
  }

  /// Closes every connection and refuses new ones.
  public func stop() {
    radio().stop()
  }

  /// The response to one request frame.
  func answer(_ frame: Frame) -> (SuitProtocol.MessageType, [UInt8]) {
    do {
      switch SuitProtocol.MessageType(rawValue: frame.type) {
      case .telemetryRequest:
        prepare()
        saveIfDue()
        var telemetry = simulator.telemetry
        telemetry.timestamp = lastWallClock
        return (.telemetry, try SuitProtocol.encode(telemetry))
      case .vitalsRequest:
        prepare()
        saveIfDue()
        var vitals = simulator.vitals
        vitals.timestamp = lastWallClock
        return (.vitals, try SuitProtocol.encode(vitals))
      case .commandRequest:
        let command: SuitCommand
        do { command = try SuitProtocol.decode(SuitCommand.self, from: frame.payload) } catch {
          // untranslated: a protocol failure on the wire, English like the protocol; the client shows it as a detail
          return failure("bad command: \(error)")
        }
        let acknowledgement = applyDurably(command)
        logger.info("command \(command.description): \(acknowledgement.accepted ? "accepted" : "refused")")
        return (.acknowledgement, try SuitProtocol.encode(acknowledgement))
      default:
        return failure("unknown message type \(Frame.typeName(frame.type))")  // untranslated: wire text, as above
      }
    } catch {
      return failure("could not encode the answer: \(error)")  // untranslated: wire text, as above
    }
  }

  // MARK: - Internals

  private func radio() -> RadioServer {
    if let radioServer { return radioServer }
    let server = RadioServer(configuration: configuration, logger: logger) { [weak self] frame in
      guard let self else { return nil }
      let (type, payload) = await self.answer(frame)
      return Frame(type: type.rawValue, sequence: frame.sequence, payload: payload)
    }
    radioServer = server
    return server
  }

  /// Brings the model up to now: loads (or picks up another process's) saved suit, then advances.
  private func prepare() {
    let wall = clock()
    if let stateFile, !loaded || stateFile.changedSinceSeen() {
      load(from: stateFile, at: wall)
    }
    loaded = true
    let seconds = wall.timeIntervalSince(lastWallClock)
    if seconds > 0 {
      simulator.advance(by: seconds * timeFactor)
      lastWallClock = wall
    }
  }

  private func load(from file: SuitStateFile, at wall: Date) {
    let firstLoad = !loaded
    if let document = file.load(setAside: { path, reason, aside in
      logger.warning(
        "the suit state \(path) could not be read (\(reason)); "
          + (aside.map { "it was moved to \($0)" } ?? "it could not be moved aside"))
    }) {
      simulator = document.suit
      lastWallClock = min(document.savedAt, wall)
      let idle = wall.timeIntervalSince(document.savedAt) * timeFactor
      if idle > SuitSimulator.evaDurationSeconds {
        simulator.service()
        lastWallClock = wall
        lastSave = nil
        logger.info("the suit was idle for \(Int(idle / 3600)) h of suit time: serviced (charged, refilled)")
      }
    } else {
      lastSave = nil
    }
    if firstLoad, let scenario, scenario != simulator.scenario {
      simulator.begin(scenario)
      lastSave = nil
    }
  }

  /// Saves the drifting suit when the last save is older than `saveInterval` (and nobody else
  /// saved meanwhile); a failure is logged, the answer still given.
  private func saveIfDue() {
    guard let stateFile else { return }
    let wall = lastWallClock
    if let lastSave, wall.timeIntervalSince(lastSave) < Self.saveInterval { return }
    do {
      try stateFile.locked {
        guard !stateFile.changedSinceSeen() else { return }
        try stateFile.save(SuitStateFile.Document(savedAt: wall, suit: simulator))
      }
      lastSave = wall
    } catch {
      logger.warning("could not save the suit state: \(error)")
      lastSave = wall  // try again after the interval, not on every answer
    }
  }

  /// Applies `command`; with a state file, an accepted command is saved before it is acknowledged,
  /// and refused (nothing changed) when it cannot be saved.
  private func applyDurably(_ command: SuitCommand) -> CommandAcknowledgement {
    guard let stateFile else {
      prepare()
      return simulator.apply(command)
    }
    var before = simulator
    do {
      return try stateFile.locked {
        prepare()
        before = simulator
        let acknowledgement = simulator.apply(command)
        guard acknowledgement.accepted else { return acknowledgement }
        try stateFile.save(SuitStateFile.Document(savedAt: lastWallClock, suit: simulator))
        lastSave = lastWallClock
        return acknowledgement
      }
    } catch {
      simulator = before
      logger.error("could not save the suit state: \(error)")
      // The system's words and the file people know (not the temporary one written beside it).
      let reason = (error as? SuitStateFile.Failure)?.reason ?? DecodingError.readableLine(for: error)
      return SuitCommandRules.refuse(command, .settingNotKept(detail: reason, file: stateFile.url.path))
    }
  }

  private func failure(_ message: String) -> (SuitProtocol.MessageType, [UInt8]) {
    logger.warning("\(message)")
    let payload = (try? SuitProtocol.encode(SuitProtocol.Failure(message: message))) ?? []
    return (.failure, payload)
  }
}
