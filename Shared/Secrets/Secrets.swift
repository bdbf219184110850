/// The secrets built into a program — mission control tokens, one per centre and stage — kept
/// XOR-masked in the binary and revealed only when read.
///
/// The values come from `secrets/secrets.json.gpg` through `Scripts/secrets export`, which writes
/// the masked source the build compiles in (never committed). A build without an export carries
/// the development values of `secrets/schema.json` and says so (`isDevelopment`).
///
/// ```swift
/// let token = Secrets.builtIn.token(for: .houston, stage: .development)
/// ```
public struct Secrets: Sendable {
  /// A mission control centre that gives a program a token.
  public enum Center: String, CaseIterable, Sendable {
    /// Mission Control Center Houston.
    case houston
    /// TsUP, the Mission Control Centre in Korolyov.
    case tsup
  }

  /// A stage of the mission control services, each with its own token.
  public enum Stage: String, CaseIterable, Sendable {
    /// The development services (and `Scripts/houston`).
    case development
    /// The staging services.
    case staging
    /// The production services.
    case production
  }

  /// The secrets this program was built with.
  public static let builtIn = Secrets(entries: GeneratedSecrets.entries, isDevelopment: GeneratedSecrets.isDevelopment)

  /// Whether these are the development values of `secrets/schema.json`: the build found no
  /// secrets exported by `Scripts/secrets`.
  public let isDevelopment: Bool
  private let entries: [String: MaskedSecret]

  init(entries: [String: MaskedSecret], isDevelopment: Bool) {
    self.entries = entries
    self.isDevelopment = isDevelopment
  }

  /// The token of `center` at `stage` (key `<center>.<stage>.token`, e.g. `houston.staging.token`).
  public func token(for center: Center, stage: Stage) -> String {
    let key = Self.tokenKey(for: center, stage: stage)
    guard let value = value(forKey: key) else {
      // The schema lists every centre and stage (SecretsTests checks it), so a build always has one.
      preconditionFailure("secrets/schema.json lacks \(key); add it and build again")
    }
    return value
  }

  /// The key of a token in `secrets/schema.json`: `houston.development.token`.
  public static func tokenKey(for center: Center, stage: Stage) -> String {
    "\(center.rawValue).\(stage.rawValue).token"
  }

  /// The value stored under `key`, revealed; nil when the build has none.
  func value(forKey key: String) -> String? {
    entries[key]?.revealed
  }

  /// The keys the build carries, sorted.
  var keys: [String] { entries.keys.sorted() }
}
