import CommandLineKit
import FoundationEssentials
import Localization
import MissionControlInterface
import PartnerConfiguration

/// How an app is pointed at a mission control centre (declared by the module that speaks its
/// dialect: `ControlCenter.houston`, `.tsup`): its `--<id> <url>` option, the URL of each stage in
/// `$ISS_<ID>_URL_<STAGE>` / `$ISS_<ID>_URL`, and the token in `$ISS_<ID>_TOKEN`, else the one of the
/// launch's stage built into the app. What it hands the app is an address; the app's live services
/// connect to it.
///
/// A build without exported secrets carries development tokens, and the app says so once in its
/// log when it uses one.
public struct MissionControl: Sendable {
  /// The centre.
  public let center: ControlCenter

  /// The centre `center`, as an app's command line and environment point to it.
  public init(_ center: ControlCenter) {
    self.center = center
  }

  /// The variable that gives the URL of one stage when the option is absent, e.g.
  /// `ISS_HOUSTON_URL_STAGING`; it wins over `center.urlVariable`.
  public func urlVariable(for stage: Stage) -> String { "\(center.urlVariable)_\(stage.rawValue.uppercased())" }

  /// `--<id> <url>` (default `$ISS_<ID>_URL_<STAGE>`, else `$ISS_<ID>_URL`); `purpose` says what the
  /// app asks the centre for and what happens offline. The help never shows the built-in token; the
  /// other centres' options are suggested for it (`--houston` to `cosmonaut-ru`: "did you mean '--tsup'?").
  public func option(purpose: some TextArgument) -> Option<URL> {
    Option(
      center.option, .httpURL, placeholder: "url", alsoKnownAs: center.othersOptions,
      help: Strings.missionControlOption(
        center: center.name, purpose: purpose, stageVariable: center.urlVariable + "_<STAGE>",
        variable: center.urlVariable, tokenVariable: center.tokenVariable))
  }

  /// The URL of the launch's stage: the option, else `$ISS_<ID>_URL_<STAGE>`, else `$ISS_<ID>_URL`;
  /// nil when none is given (offline). A variable that holds no http(s) URL is bad usage.
  public func url(_ launch: Launch, option: Option<URL>) throws(UsageError) -> URL? {
    if let given = launch.options[option] { return given }
    for variable in [urlVariable(for: launch.stage), center.urlVariable] {
      guard let value = launch.environment[variable], !value.isEmpty else { continue }
      guard let url = ValueFormat<URL>.httpURL.read(value) else {
        throw UsageError(Strings.missionControlBadUrl(variable: variable, value: InertText(value)))
      }
      return url
    }
    return nil
  }

  /// Where the centre is reached for the launch's stage — the URL of ``url(_:option:)`` with
  /// `$ISS_<ID>_TOKEN`, else the stage's token built into the app — or nil when no URL is given
  /// (offline). A blank `$ISS_<ID>_TOKEN`, or one with a control character (a line break would end
  /// the request's header, and the request would go out without it), is bad usage. A development token in use is said once in
  /// the log. Under the partner's offline mode there is no address, and the person is told once
  /// that the URL is not contacted.
  @MainActor public func address(_ launch: Launch, option: Option<URL>) throws(UsageError) -> MissionControlAddress? {
    guard let url = try url(launch, option: option) else { return nil }
    if launch.features[.offlineMode] {
      launch.note(
        Strings.missionControlOfflineNote(
          partner: InertText(launch.partner.name), app: launch.appName,
          url: InertText(url.absoluteString, limit: InertText.longLimit), center: center.name))
      return nil
    }
    let given = launch.environment[center.tokenVariable]
    guard let address = MissionControlAddress(url: url, token: given ?? center.builtInToken(for: launch.stage)) else {
      let blank = given?.allSatisfy(\.isWhitespace) ?? true
      throw UsageError(
        blank
          ? Strings.missionControlEmptyToken(variable: center.tokenVariable, center: center.name)
          : Strings.missionControlBadToken(variable: center.tokenVariable, center: center.name))
    }
    if given == nil && center.secrets.isDevelopment {
      launch.logger.notice(
        "\(center.name): using the development token; this build has no exported secrets (Scripts/secrets, README.md)")
    }
    return address
  }
}
