import PartnerConfiguration

/// What a partner switches on or off in the laboratory: the domain's `resultsOnCompletion` toggle
/// (`PartnerVocabulary.json`), read by `LaboratoryDomain` from the partner's toggles.
public struct LaboratoryFeatures: Sendable, Equatable {
  /// Whether a procedure run that completes sends the waiting results to Houston at once (else
  /// they wait for `results send`). A Houston that is offline or unreachable leaves them waiting.
  public var sendsResultsOnCompletion: Bool

  /// The features; by default the toggle's declared default (off: results wait for `results send`).
  public init(sendsResultsOnCompletion: Bool = FeatureToggle.resultsOnCompletion.defaultValue) {
    self.sendsResultsOnCompletion = sendsResultsOnCompletion
  }
}
