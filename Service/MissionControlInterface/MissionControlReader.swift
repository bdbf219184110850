import FoundationEssentials
import Localization

/// What a service asks a mission control for besides delivering reports: a document it keeps
/// (`GET`), e.g. the station position, the experiment catalogue, the vehicle schedule.
public protocol MissionControlReader: Sendable {
  /// The centre asked.
  var center: ControlCenter { get }
  /// Whether a connection to the centre is configured.
  var isConfigured: Bool { get }
  /// The document at `path`, decoded as `Answer`, within `budget` (retries included). Texts that
  /// came from the centre are cleared by `redacting`; `retrying` hears about each failed attempt
  /// before the next. Throws `MissionControlFailure` (`notConfigured` without a connection).
  func fetch<Answer: Decodable & Sendable>(
    _ path: String, as answer: Answer.Type, within budget: Duration,
    redacting: @escaping @Sendable (String) -> String,
    retrying: @escaping @Sendable (_ attempt: Int, _ retryIn: Duration, _ failure: MissionControlFailure) -> Void
  ) async throws(MissionControlFailure) -> Answer
}
