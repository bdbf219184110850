import TemplateServiceInterface

/// A deterministic in-memory `TemplateClient` for domain tests and previews: it starts at the status it
/// is given, applies updates as every implementation does (`TemplateStatus.updated`), records them, and
/// throws `failure` while one is set. No app links it (`Scripts/check-flavours`).
public actor FakeTemplateClient: TemplateClient {
  /// What `status()` returns.
  public private(set) var current: TemplateStatus
  /// Every update asked for, in order (failed ones included).
  public private(set) var updates: [TemplateState] = []
  /// When set, every call throws it.
  public private(set) var failure: (any Error)?

  /// A fake at `status`.
  public init(status: TemplateStatus = .initial) {
    current = status
  }

  /// Makes every further call throw `failure` (nil: succeed again).
  public func setFailure(_ failure: (any Error)?) {
    self.failure = failure
  }

  public func status() async throws -> TemplateStatus {
    if let failure { throw failure }
    return current
  }

  public func update(state: TemplateState, note: String) async throws -> TemplateStatus {
    updates.append(state)
    if let failure { throw failure }
    current = current.updated(state: state, note: note)
    return current
  }
}
