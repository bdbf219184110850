import FoundationEssentials
import SpacesuitServiceInterface

/// A deterministic in-memory suit for domain tests and previews; records the commands it gets.
public actor FakeSpacesuitClient: SpacesuitClient {
  /// What `telemetry()` returns (commands update the target temperature, flow and lights).
  public var currentTelemetry: SuitTelemetry
  /// What `vitals()` returns.
  public var currentVitals: Vitals
  /// Every command sent, in order (rejected ones included).
  public private(set) var sentCommands: [SuitCommand] = []
  /// When set, every call throws it (to test error paths).
  public var failure: SpacesuitError?

  /// Creates a fake returning `telemetry` and `vitals`.
  public init(telemetry: SuitTelemetry = .nominal, vitals: Vitals = .nominal, failure: SpacesuitError? = nil) {
    self.currentTelemetry = telemetry
    self.currentVitals = vitals
    self.failure = failure
  }

  /// Makes every further call throw `failure` (nil = succeed again).
  public func setFailure(_ failure: SpacesuitError?) { self.failure = failure }

  /// Replaces the telemetry returned from now on.
  public func setTelemetry(_ telemetry: SuitTelemetry) { currentTelemetry = telemetry }

  /// Replaces the vitals returned from now on.
  public func setVitals(_ vitals: Vitals) { currentVitals = vitals }

  public func telemetry() async throws -> SuitTelemetry {
    try exchange()
    return currentTelemetry
  }

  public func vitals() async throws -> Vitals {
    try exchange()
    return currentVitals
  }

  public func send(_ command: SuitCommand) async throws -> CommandAcknowledgement {
    sentCommands.append(command)
    try exchange()
    let acknowledgement = SuitCommandRules.apply(command, to: &currentTelemetry)
    guard acknowledgement.accepted else { throw SpacesuitError.refusing(acknowledgement) }
    return acknowledgement
  }

  public nonisolated func watch(count: Int?, interval: Duration) -> AsyncThrowingStream<SuitTelemetry, any Error> {
    sampling(count: count, interval: interval)
  }

  private func exchange() throws {
    if let failure { throw failure }
  }
}
