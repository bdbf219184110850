/// Secrets built into a program — a mission control centre's tokens, one per stage — kept XOR-masked
/// in the binary and revealed only when read.
///
/// The mechanism only: the module that declares a centre carries its secrets (the build plugin
/// `SecretValues` generates `GeneratedSecrets` there, the keys of `secrets/schema.json` that start
/// with the centre's id), so an app carries the secrets of the centres it talks to and no other's.
/// A build without an export (`Scripts/secrets export`) carries the development values of
/// `secrets/schema.json` and says so (`isDevelopment`).
///
/// ```swift
/// let token = GeneratedSecrets.secrets.token(for: "houston", stage: .development)   // "houston.development.token"
/// ```
public struct Secrets: Sendable {
  /// A stage of the mission control services, each with its own token.
  public enum Stage: String, CaseIterable, Sendable {
    /// The development services (and `Scripts/houston`).
    case development
    /// The staging services.
    case staging
    /// The production services.
    case production
  }

  /// Whether these are the development values of `secrets/schema.json`: the build found no
  /// secrets exported by `Scripts/secrets`.
  public let isDevelopment: Bool
  /// The ids of every centre `secrets/schema.json` has secrets for (this build carries only some).
  public let centres: [String]
  private let entries: [String: MaskedSecret]

  /// Secrets as the build generated them; `centres` are the ids of every centre the schema knows.
  public init(entries: [String: MaskedSecret], isDevelopment: Bool, centres: [String] = []) {
    self.entries = entries
    self.isDevelopment = isDevelopment
    self.centres = centres
  }

  /// The token of the centre `center` (its id) at `stage` (key `<center>.<stage>.token`).
  public func token(for center: String, stage: Stage) -> String {
    let key = Self.tokenKey(for: center, stage: stage)
    guard let value = value(forKey: key) else {
      // The schema lists every centre's stages (the declaring module's tests check it), so a build has one.
      preconditionFailure("secrets/schema.json lacks \(key); add it and build again")
    }
    return value
  }

  /// The key of a token in `secrets/schema.json`: `houston.development.token`.
  public static func tokenKey(for center: String, stage: Stage) -> String {
    "\(center).\(stage.rawValue).token"
  }

  /// The value stored under `key`, revealed; nil when the build has none.
  public func value(forKey key: String) -> String? {
    entries[key]?.revealed
  }

  /// The keys the build carries, sorted.
  public var keys: [String] { entries.keys.sorted() }
}
