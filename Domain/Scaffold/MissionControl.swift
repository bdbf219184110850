import CommandLineKit
import Foundation
import Network

/// A mission control an app talks to (Houston, TsUP): its `--<option> <url>` option, the token in
/// `$<PREFIX>_TOKEN` (else the token built into the app), and the authenticated client every one of
/// the app's services shares.
///
/// The built-in token comes from the app's secrets (`Scripts/secrets export`); a build without them
/// carries a development value, and the app says so once in its log when it uses it.
public struct MissionControl: Sendable {
  /// A token built into the app.
  public struct BuiltInToken: Sendable {
    /// The token.
    public let value: String
    /// Whether it is a development value (the build found no exported secrets).
    public let isDevelopment: Bool

    /// A built-in token; `isDevelopment` when it is not the real one.
    public init(_ value: String, isDevelopment: Bool) {
      self.value = value
      self.isDevelopment = isDevelopment
    }
  }

  /// How the centre is called in help and messages, e.g. "Houston".
  public let name: String
  /// The option that gives its URL, without dashes, e.g. "houston".
  public let optionName: String
  /// The prefix of its environment variables, e.g. "ISS_HOUSTON" (`ISS_HOUSTON_URL`, `ISS_HOUSTON_TOKEN`).
  public let environmentPrefix: String
  /// The token requests carry when `$<PREFIX>_TOKEN` is unset.
  public let builtInToken: BuiltInToken

  /// How long one request may take: a person is waiting at the prompt.
  public static let timeout: Duration = .seconds(5)
  /// Three attempts in all, so an unreachable or hanging centre is reported within seconds.
  public static let retry = RetryPolicy(
    maxAttempts: 3, initialBackoff: .milliseconds(200), multiplier: 2, maxBackoff: .seconds(2))

  /// Describes a centre: `MissionControl(name: "Houston", option: "houston", environmentPrefix:
  /// "ISS_HOUSTON", token: …)`.
  public init(name: String, option: String, environmentPrefix: String, token: BuiltInToken) {
    self.name = name
    self.optionName = option
    self.environmentPrefix = environmentPrefix
    self.builtInToken = token
  }

  /// The variable that gives the URL when the option is absent, e.g. `ISS_HOUSTON_URL`.
  public var urlVariable: String { "\(environmentPrefix)_URL" }
  /// The variable whose token replaces the built-in one, e.g. `ISS_HOUSTON_TOKEN`.
  public var tokenVariable: String { "\(environmentPrefix)_TOKEN" }

  /// `--<option> <url>` (default `$<PREFIX>_URL`); `purpose` says what the app asks the centre
  /// for and what happens offline. The help never shows the built-in token.
  public func option(purpose: String) -> Option<URL> {
    Option(
      optionName, .httpURL, placeholder: "url", environment: urlVariable,
      help: "\(name)'s base URL\(purpose). Requests carry the token in $\(tokenVariable) (unset: the token "
        + "built into the app).")
  }

  /// The client for the URL given by `option`, or nil when none is given (offline). A blank
  /// `$<PREFIX>_TOKEN` is bad usage. Using a development token is said once in the log.
  public func client(_ launch: Launch, option: Option<URL>) throws(UsageError) -> AuthenticatedClient? {
    guard let url = launch.options[option] else { return nil }
    let given = launch.environment[tokenVariable]
    guard let token = AuthToken(given ?? builtInToken.value) else {
      throw UsageError(
        "\(tokenVariable) is empty; set it to \(name)'s token, or unset it for the token built into the app")
    }
    if given == nil && builtInToken.isDevelopment {
      launch.logger.notice(
        "\(name): using the development token; this build has no exported secrets (see README.md, Secrets)")
    }
    let configuration = ClientConfiguration(baseURL: url, timeout: Self.timeout, retry: Self.retry)
    return AuthenticatedClient(client: HTTPClient(configuration: configuration), token: token)
  }
}

/// Where an app finds a device it talks to over Radio: simulated in its own process (the default),
/// or a device — or its bench simulator — on a Unix socket.
public enum DeviceConnection: Sendable, Equatable, CustomStringConvertible {
  /// Simulated in this process.
  case simulated
  /// On the Unix socket at `path`.
  case unixSocket(path: String)

  /// `--<name> simulated|unix:PATH` (default `$<environment>`, else simulated); `bench` names the
  /// simulator that serves the device on a socket, e.g. "station-sim".
  public static func option(_ name: String, device: String, bench: String, environment: String) -> Option<Self> {
    Option(
      name,
      ValueFormat<DeviceConnection>(
        expectation: "simulated or unix:PATH, e.g. unix:/tmp/\(name).sock",
        completion: .values(["simulated", "unix:"]),
        read: DeviceConnection.init(argument:), write: \.description),
      placeholder: name, environment: environment,
      help: "simulated (\(device) simulated in-process, the default) or unix:PATH for \(bench) on a socket.")
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

  public var description: String {
    switch self {
    case .simulated: "simulated"
    case .unixSocket(let path): "unix:\(path)"
    }
  }
}
