import CommandLineKit
import Foundation
import Network

/// The mission control an app talks to (Houston): the `--houston <url>` option, the token in
/// `$ISS_HOUSTON_TOKEN`, and the authenticated client every app's services share.
public enum MissionControl {
  /// The development token, used when `$ISS_HOUSTON_TOKEN` is unset.
  public static let developmentToken = "iss-dev"
  /// How long one request may take: a person is waiting at the prompt.
  public static let timeout: Duration = .seconds(5)
  /// Three attempts in all, so an unreachable or hanging Houston is reported within seconds.
  public static let retry = RetryPolicy(
    maxAttempts: 3, initialBackoff: .milliseconds(200), multiplier: 2, maxBackoff: .seconds(2))

  /// `--houston <url>` (default `$ISS_HOUSTON_URL`); `purpose` says what the app asks Houston for
  /// and what happens offline.
  public static func option(purpose: String) -> Option<URL> {
    Option(
      "houston", .httpURL, placeholder: "url", environment: "ISS_HOUSTON_URL",
      help: "Houston's base URL\(purpose). Requests carry the token in $ISS_HOUSTON_TOKEN (default "
        + "\(developmentToken)).")
  }

  /// The client for the URL given by `option`, or nil (offline) when none is given or the partner's
  /// offline mode is on — then the person is told once that the URL is not contacted. A blank
  /// `$ISS_HOUSTON_TOKEN` is bad usage.
  @MainActor public static func client(_ launch: Launch, option: Option<URL>) throws(UsageError) -> AuthenticatedClient?
  {
    guard let url = launch.options[option] else { return nil }
    if launch.features.offlineMode {
      launch.note(
        "\(launch.partner.name)'s configuration keeps \(launch.appName) offline: \(url.absoluteString) is not "
          + "contacted; what needs Houston waits or shows the kept copy (--partner picks another configuration).")
      return nil
    }
    guard let token = AuthToken(launch.environment["ISS_HOUSTON_TOKEN"] ?? developmentToken) else {
      throw UsageError("ISS_HOUSTON_TOKEN is empty; set it to Houston's token, or unset it for the development token")
    }
    let configuration = ClientConfiguration(baseURL: url, timeout: timeout, retry: retry)
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
