import FoundationEssentials
import Localization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Where the suit is.
public enum SuitConnection: Sendable, Equatable, CustomStringConvertible {
  /// A suit simulated in this process: deterministic for a seed, going through `scenario` (nil:
  /// whatever the saved suit was going through) with suit time running `timeFactor` times as fast
  /// as the wall clock, and kept in `stateFile` between processes (nil: forgotten at exit).
  case simulated(seed: UInt64, scenario: SuitScenario? = nil, timeFactor: Double = 1, stateFile: URL? = nil)
  /// A suit (or `spacesuit-sim`) listening on a Unix-domain socket.
  case unixSocket(path: String)

  /// The seed of `simulated` when none is given.
  public static let defaultSeed: UInt64 = 42
  /// The time factors a simulated suit accepts.
  public static let timeFactorRange: ClosedRange<Double> = 0.01...3600

  /// How to write a connection, for help texts and errors, in the reader's language.
  public static var grammar: LocalizedText { Strings.connectionGrammar }

  /// Parses `parse(_:)`'s forms; nil for anything else. A socket path too long for the system is
  /// accepted here and refused (as a usage error) when the client connects.
  public init?(argument: String) {
    guard let connection = try? Self.parse(argument, validatingPath: false) else { return nil }
    self = connection
  }

  /// Parses "simulated", "simulated:SEED", "simulated:scenario=NAME,time-factor=N,seed=SEED" (any of
  /// the three keys, in any order) or "unix:PATH". Throws `SpacesuitError.invalidConnection` (a
  /// usage error) saying what is wrong, including a socket path too long for the system.
  public static func parse(_ argument: String) throws(SpacesuitError) -> SuitConnection {
    try parse(argument, validatingPath: true)
  }

  private static func parse(_ argument: String, validatingPath: Bool) throws(SpacesuitError) -> SuitConnection {
    if argument == "simulated" { return .simulated(seed: defaultSeed) }
    if argument.hasPrefix("simulated:") {
      return try parseSimulated(String(argument.dropFirst("simulated:".count)))
    }
    if argument.hasPrefix("unix:"), argument.count > "unix:".count {
      let path = String(argument.dropFirst("unix:".count))
      if validatingPath { try validateSocketPath(path) }
      return .unixSocket(path: path)
    }
    throw .invalidConnection(Strings.connectionUnknown(argument: argument, grammar: grammar))
  }

  /// The longest Unix socket path this system takes, in bytes (its socket address's path field,
  /// less the terminating NUL): a rule of the system, so a path too long is a usage error at once.
  public static let maximumSocketPathLength = MemoryLayout.size(ofValue: sockaddr_un().sun_path) - 1

  /// Throws `SpacesuitError.invalidConnection` for a path that cannot be a Unix socket's: empty, or
  /// longer than ``maximumSocketPathLength`` bytes.
  package static func validateSocketPath(_ path: String) throws(SpacesuitError) {
    let length = path.utf8.count
    guard length > 0 else { throw .invalidConnection(Strings.connectionPathEmpty) }
    guard length <= maximumSocketPathLength else {
      throw .invalidConnection(
        Strings.connectionPathTooLong(path: path, length: length, maximum: maximumSocketPathLength))
    }
  }

  private static func parseSimulated(_ options: String) throws(SpacesuitError) -> SuitConnection {
    if let seed = WrittenNumber.unsigned(options) { return .simulated(seed: seed) }
    var seed = defaultSeed
    var scenario: SuitScenario?
    var timeFactor = 1.0
    for option in options.split(separator: ",", omittingEmptySubsequences: false) {
      let parts = option.split(separator: "=", maxSplits: 1).map(String.init)
      guard parts.count == 2 else {
        throw .invalidConnection(Strings.connectionNotKeyValue(option: option, options: options, grammar: grammar))
      }
      switch parts[0] {
      case "seed":
        guard let value = WrittenNumber.unsigned(parts[1]) else {
          throw .invalidConnection(Strings.connectionSeed(answer: parts[1]))
        }
        seed = value
      case "scenario":
        guard let value = SuitScenario(rawValue: parts[1]) else {
          throw .invalidConnection(Strings.connectionUnknownScenario(answer: parts[1], scenarios: SuitScenario.names))
        }
        scenario = value
      case "time-factor":
        guard let value = WrittenNumber.decimal(parts[1]), timeFactorRange.contains(value) else {
          throw .invalidConnection(
            Strings.connectionTimeFactor(
              minimum: SuitNumbers.exact(timeFactorRange.lowerBound),
              maximum: SuitNumbers.exact(timeFactorRange.upperBound),
              answer: parts[1]))
        }
        timeFactor = value
      default:
        throw .invalidConnection(Strings.connectionUnknownOption(option: parts[0]))
      }
    }
    return .simulated(seed: seed, scenario: scenario, timeFactor: timeFactor)
  }

  /// This connection with the simulated suit kept in `file` (unless it already has a state file);
  /// a socket connection is returned as it is.
  public func keepingState(in file: URL) -> SuitConnection {
    guard case .simulated(let seed, let scenario, let timeFactor, nil) = self else { return self }
    return .simulated(seed: seed, scenario: scenario, timeFactor: timeFactor, stateFile: file)
  }

  /// "simulated:42", "simulated:seed=42,scenario=co2-buildup,time-factor=60" or "unix:/path"
  /// (the state file, a local path, is left out).
  public var description: String {
    switch self {
    case .simulated(let seed, let scenario, let timeFactor, _):
      guard scenario != nil || timeFactor != 1 else { return "simulated:\(seed)" }
      var options = ["seed=\(seed)"]
      if let scenario { options.append("scenario=\(scenario.rawValue)") }
      if timeFactor != 1 { options.append("time-factor=\(formatExact(timeFactor))") }
      return "simulated:" + options.joined(separator: ",")
    case .unixSocket(let path): return "unix:\(path)"
    }
  }
}
