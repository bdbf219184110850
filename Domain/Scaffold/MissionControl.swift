import CommandLineKit
import FoundationEssentials
import Localization
import Network
import PartnerConfiguration
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
  /// Whose token the built-in secrets hold for it (`Secrets.builtIn`, read when a client is made).
  public let center: Secrets.Center

  /// How long one request may take: a person is waiting at the prompt.
  public static let timeout: Duration = .seconds(5)
  /// Three attempts in all, so an unreachable or hanging centre is reported within seconds.
  public static let retry = RetryPolicy(
    maxAttempts: 3, initialBackoff: .milliseconds(200), multiplier: 2, maxBackoff: .seconds(2))

  /// Mission Control Center Houston: `--houston`, `$ISS_HOUSTON_URL`, `$ISS_HOUSTON_TOKEN`.
  public static let houston = MissionControl(
    name: "Houston", option: "houston", environmentPrefix: "ISS_HOUSTON", center: .houston)  // untranslated: a proper name, written alike in both languages
  /// TsUP, the Mission Control Centre in Korolyov: `--tsup`, `$ISS_TSUP_URL`, `$ISS_TSUP_TOKEN`.
  public static let tsup = MissionControl(name: "TsUP", option: "tsup", environmentPrefix: "ISS_TSUP", center: .tsup)

  init(name: String, option: String, environmentPrefix: String, center: Secrets.Center) {
    self.name = name
    self.optionName = option
    self.environmentPrefix = environmentPrefix
    self.center = center
  }

  /// The variable that gives the URL of every stage when the option is absent, e.g. `ISS_HOUSTON_URL`.
  public var urlVariable: String { "\(environmentPrefix)_URL" }
  /// The variable that gives the URL of one stage when the option is absent, e.g.
  /// `ISS_HOUSTON_URL_STAGING`; it wins over ``urlVariable``.
  public func urlVariable(for stage: Stage) -> String { "\(urlVariable)_\(stage.rawValue.uppercased())" }
  /// The variable whose token replaces the built-in one, e.g. `ISS_HOUSTON_TOKEN`.
  public var tokenVariable: String { "\(environmentPrefix)_TOKEN" }

  /// `--<option> <url>` (default `$<PREFIX>_URL_<STAGE>`, else `$<PREFIX>_URL`); `purpose` says what
  /// the app asks the centre for and what happens offline. The help never shows the built-in token;
  /// the other centres' options are suggested for it (`--houston` to `cosmonaut-ru`: "did you mean '--tsup'?").
  public func option(purpose: some TextArgument) -> Option<URL> {
    Option(
      optionName, .httpURL, placeholder: "url",
      alsoKnownAs: [Self.houston, Self.tsup].map(\.optionName).filter { $0 != optionName },
      help: Strings.missionControlOption(
        center: name, purpose: purpose, stageVariable: urlVariable + "_<STAGE>", variable: urlVariable,
        tokenVariable: tokenVariable))
  }

  /// The URL of the launch's stage: the option, else `$<PREFIX>_URL_<STAGE>`, else `$<PREFIX>_URL`;
  /// nil when none is given (offline). A variable that holds no http(s) URL is bad usage.
  public func url(_ launch: Launch, option: Option<URL>) throws(UsageError) -> URL? {
    if let given = launch.options[option] { return given }
    for variable in [urlVariable(for: launch.stage), urlVariable] {
      guard let value = launch.environment[variable], !value.isEmpty else { continue }
      guard let url = ValueFormat<URL>.httpURL.read(value) else {
        throw UsageError(Strings.missionControlBadUrl(variable: variable, value: InertText(value)))
      }
      return url
    }
    return nil
  }

  /// The client for the launch's stage at the URL of ``url(_:option:)``, or nil when none is given
  /// (offline), with `$<PREFIX>_TOKEN`, else the stage's token built into the app. A blank
  /// `$<PREFIX>_TOKEN` is bad usage. A development token in use is said once in the log. Under the
  /// partner's offline mode there is no client, and the person is told once that the URL is not
  /// contacted.
  @MainActor public func client(_ launch: Launch, option: Option<URL>) throws(UsageError) -> AuthenticatedClient? {
    guard let url = try url(launch, option: option) else { return nil }
    if launch.features[.offlineMode] {
      launch.note(
        Strings.missionControlOfflineNote(
          partner: InertText(launch.partner.name), app: launch.appName,
          url: InertText(url.absoluteString, limit: InertText.longLimit), center: name))
      return nil
    }
    let given = launch.environment[tokenVariable]
    guard let token = AuthToken(given ?? Secrets.builtIn.token(for: center, stage: launch.stage)) else {
      throw UsageError(Strings.missionControlEmptyToken(variable: tokenVariable, center: name))
    }
    if given == nil && Secrets.builtIn.isDevelopment {
      launch.logger.notice(
        "\(name): using the development token; this build has no exported secrets (Scripts/secrets, README.md)")
    }
    let configuration = ClientConfiguration(baseURL: url, timeout: Self.timeout, retry: Self.retry)
    return AuthenticatedClient(client: HTTPClient(configuration: configuration), token: token)
  }
}
