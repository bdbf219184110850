/// How long a service may wait for its mission control, retries included.
public struct MissionControlBudget: Sendable, Equatable {
  /// For a value that falls back to the copy kept (the station position, a document): short.
  public var position: Duration
  /// For each report delivery (one request, a batch where the centre takes them); delivery stops
  /// when it runs out and the reports stay queued.
  public var report: Duration

  /// Creates a budget.
  public init(position: Duration, report: Duration) {
    self.position = position
    self.report = report
  }

  /// 2 s for the position, 5 s per report delivery: a person is waiting.
  public static let interactive = MissionControlBudget(position: .seconds(2), report: .seconds(5))
}
