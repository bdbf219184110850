import CommandLineKit
import Localization
import Radio

/// Where an app finds a device it talks to over Radio: simulated in its own process (the default),
/// or a device — or its bench simulator — on a Unix socket.
///
/// An app says per device what it connects, in one line: the connector is
/// `connection.connector(simulating: SolarArraySimulation.nominal(logger: logger))` — the socket, or
/// links to the in-process simulation the app names (each live service offers its nominal one).
public enum DeviceConnection: Sendable, Equatable, CustomStringConvertible {
  /// Simulated in this process.
  case simulated
  /// On the Unix socket at `path`.
  case unixSocket(path: String)

  /// `--<name> simulated|unix:PATH` (default `$<environment>`, else simulated); `bench` names the
  /// simulator that serves the device on a socket, e.g. "station-sim".
  public static func option(
    _ name: String, device: some TextArgument, bench: String, environment: String
  ) -> Option<Self> {
    Option(
      name,
      ValueFormat<DeviceConnection>(
        expectation: Strings.deviceExpectation(name: name),
        completion: .values(["simulated", "unix:"]),
        parse: DeviceConnection.checked(argument:), write: \.description),
      placeholder: name, environment: environment,
      help: Strings.deviceHelp(device: device, bench: bench))
  }

  /// Reads `simulated` or `unix:PATH`.
  public init?(argument: String) {
    if argument == "simulated" {
      self = .simulated
    } else if argument.hasPrefix("unix:"), argument.count > 5 {
      self = .unixSocket(path: String(argument.dropFirst(5)))
    } else {
      return nil
    }
  }

  /// `init(argument:)`, with a socket path the system cannot take refused as it is read, in Radio's
  /// words (too long, empty): a usage error at once, not a failed connect later.
  static func checked(argument: String) throws -> DeviceConnection {
    guard let connection = DeviceConnection(argument: argument) else { throw NotAConnection() }
    if case .unixSocket(let path) = connection { try UnixSocketPath.validate(path) }
    return connection
  }

  /// A text that names no connection: the option's expectation says what would.
  private struct NotAConnection: Error {}

  public var description: String {
    switch self {
    case .simulated: "simulated"
    case .unixSocket(let path): "unix:\(path)"
    }
  }
}

extension DeviceConnection {
  /// The connector to the device: its socket, or — when simulated — in-memory links to
  /// `simulation`, which is made only then.
  public func connector<Device>(simulating simulation: @autoclosure () -> DeviceSimulation<Device>) -> RadioConnector {
    switch self {
    case .unixSocket(let path): .unixSocket(path: path)
    case .simulated: simulation().connector
    }
  }
}
