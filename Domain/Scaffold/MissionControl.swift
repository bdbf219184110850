import CommandLineKit
import Foundation
import Network
import Secrets

/// A mission control an app talks to (Houston, TsUP): its `--<option> <url>` option, the token in
/// `$<PREFIX>_TOKEN` (else the one built into the app), and the authenticated client every one of
/// the app's services shares.
///
/// The built-in token comes from `Secrets` (`Scripts/secrets`); a build without exported secrets
/// carries a development value, and the app says so once in its log when it uses one.
public struct MissionControl: Sendable {
  /// How the centre is called in help and messages, e.g. "Houston".
  public let name: String
  /// The option that gives its URL, without dashes, e.g. "houston".
  public let optionName: String
  /// The prefix of its environment variables, e.g. "ISS_HOUSTON" (`ISS_HOUSTON_URL`, `ISS_HOUSTON_TOKEN`).
  public let environmentPrefix: String
  /// Whose token the built-in secrets hold for it.
  public let center: Secrets.Center
  /// The secrets the built-in token is read from.
  let secrets: Secrets

  /// How long one request may take: a person is waiting at the prompt.
  public static let timeout: Duration = .seconds(5)
  /// Three attempts in all, so an unreachable or hanging centre is reported within seconds.
  public static let retry = RetryPolicy(
    maxAttempts: 3, initialBackoff: .milliseconds(200), multiplier: 2, maxBackoff: .seconds(2))

  /// Mission Control Center Houston: `--houston`, `$ISS_HOUSTON_URL`, `$ISS_HOUSTON_TOKEN`.
  public static let houston = MissionControl(
    name: "Houston", option: "houston", environmentPrefix: "ISS_HOUSTON", center: .houston)
  /// TsUP, the Mission Control Centre in Korolyov: `--tsup`, `$ISS_TSUP_URL`, `$ISS_TSUP_TOKEN`.
  public static let tsup = MissionControl(name: "TsUP", option: "tsup", environmentPrefix: "ISS_TSUP", center: .tsup)

  init(name: String, option: String, environmentPrefix: String, center: Secrets.Center, secrets: Secrets = .builtIn) {
    self.name = name
    self.optionName = option
    self.environmentPrefix = environmentPrefix
    self.center = center
    self.secrets = secrets
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
  /// `$<PREFIX>_TOKEN` is bad usage. A development token in use is said once in the log.
  public func client(_ launch: Launch, option: Option<URL>) throws(UsageError) -> AuthenticatedClient? {
    guard let url = launch.options[option] else { return nil }
    let given = launch.environment[tokenVariable]
    // Stages (development, staging, production) come with issue 13; until then the development one.
    guard let token = AuthToken(given ?? secrets.token(for: center, stage: .development)) else {
      throw UsageError(
        "\(tokenVariable) is empty; set it to \(name)'s token, or unset it for the token built into the app")
    }
    if given == nil && secrets.isDevelopment {
      launch.logger.notice(
        "\(name): using the development token; this build has no exported secrets (Scripts/secrets, README.md)")
    }
    let configuration = ClientConfiguration(baseURL: url, timeout: Self.timeout, retry: Self.retry)
    return AuthenticatedClient(client: HTTPClient(configuration: configuration), token: token)
  }
}
