import Localization

/// Why a mission control did not answer as asked, in words a service turns into its own error
/// (`CosmonautServiceError`, `LaboratoryError`): what the centre did, never how HTTP failed.
/// `reason` is one short phrase in every language, cleared of personal data.
public enum MissionControlFailure: Error, Sendable, Equatable {
  /// No connection to the centre is configured.
  case notConfigured
  /// The centre could not be reached (refused, no route, DNS, a bad URL).
  case unreachable(reason: LocalizedText)
  /// The centre gave no answer in the time allowed.
  case noAnswer(reason: LocalizedText)
  /// The centre refused the token (HTTP 401 or 403).
  case refusedToken(status: Int, reason: LocalizedText)
  /// The centre answered an error status with `body` (5xx, 404, …).
  case answered(status: Int, body: String, reason: LocalizedText)
  /// What answered is not an answer the centre gives (unreadable, or no acknowledgement).
  case invalidAnswer(reason: LocalizedText)
  /// The delivery failed on this side (a report that cannot be encoded, a programming fault).
  case failed(reason: LocalizedText)

  /// The phrase that says why, in the reader's language ("no answer in time", "HTTP 503: …").
  public var reason: LocalizedText {
    switch self {
    case .notConfigured: Strings.reasonNotConfigured
    case .unreachable(let reason), .noAnswer(let reason), .refusedToken(_, let reason), .answered(_, _, let reason),
      .invalidAnswer(let reason), .failed(let reason):
      reason
    }
  }
}
