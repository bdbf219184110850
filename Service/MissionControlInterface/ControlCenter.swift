import FoundationEssentials
import Localization
import Secrets

/// A mission control centre, declared once by the module that speaks its dialect (`.houston`,
/// `.tsup`): its id, how a person reads its name, the clock its times are shown in, and the tokens
/// built into the app for it. Everything else is the id's: the option that points an app at it
/// (`--houston`), its environment variables (`ISS_HOUSTON_URL`, `ISS_HOUSTON_URL_STAGING`,
/// `ISS_HOUSTON_TOKEN`) and its secrets' keys (`houston.staging.token`).
public struct ControlCenter: Sendable, Hashable {
  /// The centre's identifier, e.g. "houston": lowercase letters, never shown as prose.
  public let id: String
  /// How the centre is called in what the app keeps (logs, analytics, a refusal kept in the outbox), e.g. "Houston".
  public let name: String
  /// The name in the reader's language: "Houston" / "Хьюстон".
  public let localizedName: LocalizedText
  /// The clock times are shown in.
  public let clock: DisplayClock
  /// The tokens built into the app for this centre, one per stage (`Scripts/secrets`).
  public let secrets: Secrets

  /// Declares a centre (see the properties).
  public init(id: String, name: String, localizedName: LocalizedText, clock: DisplayClock, secrets: Secrets) {
    self.id = id
    self.name = name
    self.localizedName = localizedName
    self.clock = clock
    self.secrets = secrets
  }

  /// The command-line option that gives its URL, without dashes: the id, e.g. "houston".
  public var option: String { id }
  /// The prefix of its environment variables, e.g. "ISS_HOUSTON".
  public var environmentPrefix: String { "ISS_\(id.uppercased())" }
  /// The options of the other centres this build knows of (`secrets/schema.json`), which a person
  /// used to another flavour may type for this one's: `--houston` to an app of TsUP.
  public var othersOptions: [String] { secrets.centres.filter { $0 != id } }

  /// How to configure it, e.g. "--houston URL or ISS_HOUSTON_URL".
  public var setting: LocalizedText {
    Strings.centerSetting(option: "--\(option) URL", variable: urlVariable)
  }

  /// The variable that gives the URL of every stage when the option is absent, e.g. `ISS_HOUSTON_URL`;
  /// `ISS_HOUSTON_URL_STAGING` gives one stage's.
  public var urlVariable: String { "\(environmentPrefix)_URL" }
  /// The variable whose token replaces the built-in one, e.g. `ISS_HOUSTON_TOKEN`.
  public var tokenVariable: String { "\(environmentPrefix)_TOKEN" }

  /// The token built into the app for `stage`.
  public func builtInToken(for stage: Secrets.Stage) -> String {
    secrets.token(for: id, stage: stage)
  }

  /// The name a reason kept in the outbox gives (`name`, or another centre's that kept it), in the
  /// reader's language: this centre's localized name, or the kept name as it is.
  public func localizedName(of kept: String) -> LocalizedText {
    kept == name ? localizedName : .verbatim(kept)
  }

  /// `date` as this centre's people read it (`clock`).
  public func time(_ date: Date) -> String {
    clock.format(date)
  }

  public static func == (lhs: ControlCenter, rhs: ControlCenter) -> Bool { lhs.id == rhs.id }
  public func hash(into hasher: inout Hasher) { hasher.combine(id) }
}
