import FoundationEssentials
import MissionControlInterface

/// What a result for the ground carries: a run's progress, samples logged in or out, samples at risk.
public struct LabResultPayload: Codable, Sendable, Equatable {
  /// The run, when the result is about one.
  public var run: String?
  /// The experiment.
  public var experiment: String?
  /// Who ran it.
  public var crew: String?
  /// The step (1-based).
  public var step: Int?
  /// `done`, `skipped`, `completed`, `aborted`, `started`.
  public var outcome: String?
  /// Why a step was skipped or a run aborted.
  public var reason: String?
  /// Supplies the step drew.
  public var drew: [Consumable]?
  /// Samples concerned.
  public var samples: [StoredSample]?
}

/// One result queued for the ground: its kind and payload.
public struct LabResult: Sendable, Equatable {
  /// The kind Houston files it under.
  public var kind: String
  /// What it says.
  public var payload: LabResultPayload

  /// Kind of a run's start.
  public static let runStartedKind = "run.started"
  /// Kind of a step done or skipped.
  public static let stepKind = "run.step"
  /// Kind of a run's end (completed or aborted).
  public static let runEndedKind = "run.ended"
  /// Kind of samples logged into a freezer.
  public static let samplesLoggedInKind = "samples.loggedIn"
  /// Kind of a sample logged out.
  public static let sampleLoggedOutKind = "sample.loggedOut"
  /// Kind of samples an excursion put at risk.
  public static let samplesAtRiskKind = "samples.atRisk"
}

extension LabResult {
  /// Samples logged into a freezer.
  public static func samplesLoggedIn(_ samples: [StoredSample]) -> LabResult {
    LabResult(kind: samplesLoggedInKind, payload: LabResultPayload(samples: samples))
  }

  /// A sample logged out of its freezer.
  public static func sampleLoggedOut(_ sample: StoredSample) -> LabResult {
    LabResult(kind: sampleLoggedOutKind, payload: LabResultPayload(samples: [sample]))
  }

  /// Samples an excursion put at risk.
  public static func samplesAtRisk(_ samples: [StoredSample]) -> LabResult {
    LabResult(kind: samplesAtRiskKind, payload: LabResultPayload(samples: samples))
  }
}

/// What waits for the ground, what was delivered, and how the last delivery went.
public struct ResultsReport: Codable, Sendable, Equatable {
  /// Results delivered by this call, in order.
  public var delivered: [QueuedReport]
  /// Results still waiting, in order.
  public var pending: [QueuedReport]
  /// Results mission control refused for good, each with its reason (`lastErrorText`).
  public var setAside: [QueuedReport]
  /// Whether mission control is configured (the JSON key keeps its first name).
  public var houstonConfigured: Bool
  /// Why delivery stopped, when it did.
  public var lastError: String?

  /// A report.
  public init(
    delivered: [QueuedReport], pending: [QueuedReport], setAside: [QueuedReport], houstonConfigured: Bool,
    lastError: String? = nil
  ) {
    self.delivered = delivered
    self.pending = pending
    self.setAside = setAside
    self.houstonConfigured = houstonConfigured
    self.lastError = lastError
  }
}
