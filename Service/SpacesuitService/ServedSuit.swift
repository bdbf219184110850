import FoundationEssentials
import Localization
import Logging
import Radio
import SpacesuitServiceInterface
import Synchronization

/// The suit a `SimulatedSuitServer` serves, shared by every connection behind one lock, so a
/// request is answered at once on whatever thread it arrives on (a socket client's own thread).
///
/// Before every answer the model advances by the wall-clock time since the last one, times
/// `timeFactor`; with a state file, what another process saved is picked up first, the drift is
/// saved at most every `SimulatedSuitServer.saveInterval`, and an accepted command is saved before
/// it is acknowledged.
final class ServedSuit: Sendable {
  private let keeper: Mutex<Keeper>
  private let logger: Logger

  init(
    simulator: SuitSimulator, clock: @escaping @Sendable () -> Date, timeFactor: Double, scenario: SuitScenario?,
    stateFile: URL?, logger: Logger
  ) {
    var simulator = simulator
    if stateFile == nil, let scenario { simulator.begin(scenario) }
    keeper = Mutex(
      Keeper(
        simulator: simulator, clock: clock, timeFactor: timeFactor, scenario: scenario,
        stateFile: stateFile.map(SuitStateFile.init(url:)), logger: logger))
    self.logger = logger
  }

  /// The suit as it is now (advanced to the clock).
  func current() -> SuitSimulator {
    keeper.withLock { keeper in
      keeper.prepare()
      return keeper.simulator
    }
  }

  /// The response to one request frame.
  func answer(_ frame: Frame) -> (SuitProtocol.MessageType, [UInt8]) {
    do {
      switch SuitProtocol.MessageType(rawValue: frame.type) {
      case .telemetryRequest:
        return (.telemetry, try SuitProtocol.encode(keeper.withLock { $0.reading(\.telemetry, at: \.timestamp) }))
      case .vitalsRequest:
        return (.vitals, try SuitProtocol.encode(keeper.withLock { $0.reading(\.vitals, at: \.timestamp) }))
      case .commandRequest:
        let command: SuitCommand
        do { command = try SuitProtocol.decode(SuitCommand.self, from: frame.payload) } catch {
          // untranslated: a protocol failure on the wire, English like the protocol; the client shows it as a detail
          return failure("bad command: \(error)")
        }
        let acknowledgement = keeper.withLock { $0.applyDurably(command) }
        logger.info("command \(command.description): \(acknowledgement.accepted ? "accepted" : "refused")")
        return (.acknowledgement, try SuitProtocol.encode(acknowledgement))
      default:
        return failure("unknown message type \(Frame.typeName(frame.type))")  // untranslated: wire text, as above
      }
    } catch {
      return failure("could not encode the answer: \(error)")  // untranslated: wire text, as above
    }
  }

  private func failure(_ message: String) -> (SuitProtocol.MessageType, [UInt8]) {
    logger.warning("\(message)")
    let payload = (try? SuitProtocol.encode(SuitProtocol.Failure(message: message))) ?? []
    return (.failure, payload)
  }

  /// The suit and its file, changed only under the lock.
  private struct Keeper {
    var simulator: SuitSimulator
    let clock: @Sendable () -> Date
    let timeFactor: Double
    let scenario: SuitScenario?
    let stateFile: SuitStateFile?
    let logger: Logger
    var lastWallClock: Date
    var lastSave: Date?
    var loaded = false

    init(
      simulator: SuitSimulator, clock: @escaping @Sendable () -> Date, timeFactor: Double, scenario: SuitScenario?,
      stateFile: SuitStateFile?, logger: Logger
    ) {
      self.simulator = simulator
      self.clock = clock
      self.timeFactor = timeFactor
      self.scenario = scenario
      self.stateFile = stateFile
      self.logger = logger
      self.lastWallClock = clock()
    }

    /// A reading of the suit brought up to now (saved when due), stamped with the wall clock.
    mutating func reading<Reading>(
      _ reading: KeyPath<SuitSimulator, Reading>, at stamp: WritableKeyPath<Reading, Date>
    )
      -> Reading
    {
      prepare()
      saveIfDue()
      var value = simulator[keyPath: reading]
      value[keyPath: stamp] = lastWallClock
      return value
    }

    /// Brings the model up to now: loads (or picks up another process's) saved suit, then advances.
    mutating func prepare() {
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

    private mutating func load(from file: SuitStateFile, at wall: Date) {
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
    private mutating func saveIfDue() {
      guard let stateFile else { return }
      let wall = lastWallClock
      if let lastSave, wall.timeIntervalSince(lastSave) < SimulatedSuitServer.saveInterval { return }
      do {
        let suit = simulator
        try stateFile.locked {
          guard !stateFile.changedSinceSeen() else { return }
          try stateFile.save(SuitStateFile.Document(savedAt: wall, suit: suit))
        }
        lastSave = wall
      } catch {
        logger.warning("could not save the suit state: \(error)")
        lastSave = wall  // try again after the interval, not on every answer
      }
    }

    /// Applies `command`; with a state file, an accepted command is saved before it is acknowledged,
    /// and refused (nothing changed) when it cannot be saved.
    mutating func applyDurably(_ command: SuitCommand) -> CommandAcknowledgement {
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
  }
}
