import FoundationEssentials
import Localization

/// One report waiting for (or already given) delivery to mission control, as a screen or a script
/// sees it: its idempotency key, kind, when it was queued, how many rounds tried it, and why the last
/// one failed or why mission control refused it.
public struct QueuedReport: Codable, Sendable, Equatable {
  /// The idempotency key (a lowercase UUID): mission control applies a report once per key.
  public var id: String
  /// What the report is about, e.g. "supplies.changed"; the service that queues it decides the kinds.
  public var kind: String
  /// When it was queued.
  public var createdAt: Date
  /// How many delivery rounds tried it (a delivered report counts its successful round).
  public var attempts: Int
  /// Why the last round failed, or why mission control refused it, in English, as kept: the JSON form.
  public var lastError: String?
  /// The same reason in no language (a code and its values), when one was kept.
  public var lastReason: ReportReason?
  /// The same reason in the reader's language (not part of the JSON form).
  public var lastErrorText: LocalizedText?

  /// A report; `lastErrorText` defaults to `lastError` as it is.
  public init(
    id: String, kind: String, createdAt: Date, attempts: Int = 0, lastError: String? = nil,
    lastReason: ReportReason? = nil, lastErrorText: LocalizedText? = nil
  ) {
    self.id = id
    self.kind = kind
    self.createdAt = createdAt
    self.attempts = attempts
    self.lastError = lastError
    self.lastReason = lastReason
    self.lastErrorText = lastErrorText ?? lastError.map(LocalizedText.verbatim)
  }

  enum CodingKeys: String, CodingKey {
    case id, kind, createdAt, attempts, lastError, lastReason
  }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    self.init(
      id: try container.decode(String.self, forKey: .id), kind: try container.decode(String.self, forKey: .kind),
      createdAt: try container.decode(Date.self, forKey: .createdAt),
      attempts: try container.decode(Int.self, forKey: .attempts),
      lastError: try container.decodeIfPresent(String.self, forKey: .lastError),
      lastReason: try container.decodeIfPresent(ReportReason.self, forKey: .lastReason))
  }
}

/// Why a report was not delivered, in no language: a code and the values it names, as kept with the
/// report and shown in `--json` as `{"code": …, "values": {…}}` (codes are identifiers; never renamed).
public struct ReportReason: Codable, Sendable, Equatable {
  /// What happened, e.g. `refused`, `timeout`.
  public var code: String
  /// The values the code names, verbatim (numbers as digits).
  public var values: [String: String]

  /// A reason with `code` and its `values`.
  public init(code: String, values: [String: String] = [:]) {
    self.code = code
    self.values = values
  }
}
