/// What a partner switches on or off in the laboratory (the app hands it in; the domain sees
/// nothing else of the partner's configuration).
public struct LaboratoryFeatures: Sendable, Equatable {
  /// Whether a procedure run that completes sends the waiting results to Houston at once (else
  /// they wait for `results send`). A Houston that is offline or unreachable leaves them waiting.
  public var sendsResultsOnCompletion: Bool

  /// The features; by default results wait for `results send`.
  public init(sendsResultsOnCompletion: Bool = false) {
    self.sendsResultsOnCompletion = sendsResultsOnCompletion
  }
}
