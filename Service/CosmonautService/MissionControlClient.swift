import AppAnalytics
import FoundationEssentials
import Localization
import Logging
import MissionControlInterface
import Network
import Persistence

/// The one live client of a mission control centre, whichever centre it is: HTTP to the centre's
/// URL with its token (through Network), every request within a budget, and the channels that
/// deliver the reports services queue for it (`channel(store:outbox:endpoints:body:)`). What
/// differs between centres comes in as values: the centre, the endpoints, what a report's body is.
///
/// The cosmonaut client reads the station position through it and delivers its reports through a
/// channel of it; an app hands the laboratory a channel of it for its results and the client itself
/// for its documents (`ReportChannel`, `MissionControlReader`: the laboratory links neither Network nor this module).
public final class MissionControlClient: MissionControlReader {
  /// The centre.
  public let center: ControlCenter
  /// How long a call may wait for the centre.
  public let budget: MissionControlBudget
  /// The centre's HTTP client; nil when none is configured (offline: reports wait).
  let http: AuthenticatedClient?

  /// The client of `center` at `address` (nil: offline), for a person who waits: each request
  /// within 5 s, retried by Network's one policy (`RetryPolicy.standard`).
  public convenience init(
    center: ControlCenter, address: MissionControlAddress?, budget: MissionControlBudget = .interactive
  ) {
    let http = address.flatMap { AuthenticatedClient(interactiveAt: $0.url, token: $0.token) }
    self.init(center: center, http: http, budget: budget)
  }

  /// The client of `center` over `http` (nil: offline).
  public init(center: ControlCenter, http: AuthenticatedClient?, budget: MissionControlBudget = .interactive) {
    self.center = center
    self.http = http
    self.budget = budget
  }

  /// Whether a connection to the centre is configured.
  public var isConfigured: Bool { http != nil }

  /// Gets the transport ready for requests that follow soon (the HTTP helper starts).
  public func prepare() {
    http?.prepare()
  }

  /// See `MissionControlReader.fetch(_:as:within:redacting:retrying:)`.
  public func fetch<Answer: Decodable & Sendable>(
    _ path: String, as answer: Answer.Type, within budget: Duration,
    redacting: @escaping @Sendable (String) -> String,
    retrying: @escaping @Sendable (_ attempt: Int, _ retryIn: Duration, _ failure: MissionControlFailure) -> Void
  ) async throws(MissionControlFailure) -> Answer {
    guard let http else { throw .notConfigured }
    var request = HTTPRequest(method: .get, path: path)
    request.totalTimeout = budget
    do {
      return try await http.send(request, decoding: answer) { event in
        guard case .waiting(let attempt, let wait, let failure) = event else { return }
        retrying(attempt, wait, MissionControlFailure(failure, redacting: redacting))
      }
    } catch let error as NetworkError {
      throw MissionControlFailure(error, redacting: redacting)
    } catch {
      throw MissionControlFailure(error, redacting: redacting)
    }
  }

  /// The channel delivering the outbox `outbox` of `store` (where a service queues its reports) to
  /// this centre at `endpoints`, each report's body made by `body` from what the outbox keeps.
  /// The channel logs to `logger` (the service's); `analyticsEvents` is the prefix of the events it
  /// tracks (`<prefix>.setAside`, `.discarded`; nil: none); `now` dates what the outbox records.
  public func channel<Payload: Codable & Sendable, Body: Encodable & Sendable>(
    store: EntityStore, outbox: String, endpoints: ReportEndpoints,
    body: @escaping @Sendable (QueuedReport, Payload) -> Body, logger: Logger, analytics: Analytics,
    analyticsEvents: String?, now: @escaping @Sendable () -> Date
  ) -> any ReportChannel {
    OutboxReportChannel(
      center: center, outbox: Outbox<Payload>(store: store, name: outbox), http: http, endpoints: endpoints,
      budget: budget.report, body: body, logger: logger, analytics: analytics, analyticsEvents: analyticsEvents,
      now: now)
  }
}
