import FoundationEssentials

/// Where a procedure run stands.
public enum RunState: String, Codable, Sendable, CaseIterable {
  case running, paused, completed, aborted

  /// Whether the run can still change.
  public var isOpen: Bool { self == .running || self == .paused }
}

/// What became of one step.
public enum StepStatus: String, Codable, Sendable {
  case pending, done, skipped
}

/// One step of a run: its outcome, when, why it was skipped, what it drew and produced.
public struct StepRecord: Codable, Sendable, Equatable {
  /// Pending, done or skipped.
  public var status: StepStatus = .pending
  /// When it was done or skipped.
  public var at: Date?
  /// Why it was skipped.
  public var reason: String?
  /// The supplies drawn for it (inventory ids); while it completes, those drawn so far.
  public var drawn: [String] = []
  /// The samples it produced (sample ids).
  public var samples: [String] = []

  /// A pending step.
  public init() {}
}

/// A step being marked done: its samples are logged, its supplies are being drawn. A run that was
/// interrupted here (the app killed) finishes it on resume.
public struct StepCompletion: Codable, Sendable, Equatable {
  /// The step (1-based).
  public var step: Int
  /// The stock of each item the step draws, as seen before drawing: on resume, an item whose
  /// stock already dropped by the step's quantity counts as drawn.
  public var stockBefore: [String: Int]

  /// A completion of `step`.
  public init(step: Int, stockBefore: [String: Int]) {
    self.step = step
    self.stockBefore = stockBefore
  }
}

/// An experiment being run by a crew member, step by step; kept across app restarts.
public struct ProcedureRun: Codable, Sendable, Equatable, Identifiable {
  /// Its id (8 hexadecimal characters).
  public var id: String
  /// The experiment as it was when the run started (a later catalogue does not change a run).
  public var experiment: Experiment
  /// Who runs it: the profile's cosmonaut.
  public var crew: String
  /// Where it stands.
  public var state: RunState
  /// When it started.
  public var startedAt: Date
  /// When it last changed.
  public var updatedAt: Date
  /// One record per procedure step.
  public var steps: [StepRecord]
  /// A step being marked done, if one is.
  public var completing: StepCompletion?
  /// Why it was aborted.
  public var abortReason: String?

  /// A new run of `experiment` by `crew`.
  public init(id: String, experiment: Experiment, crew: String, at date: Date) {
    self.id = id
    self.experiment = experiment
    self.crew = crew
    state = .running
    startedAt = date
    updatedAt = date
    steps = experiment.steps.map { _ in StepRecord() }
  }

  /// The first step not done or skipped (1-based); nil when every step is.
  public var currentStep: Int? { steps.firstIndex { $0.status == .pending }.map { $0 + 1 } }

  /// The procedure step `number` (1-based).
  public func procedure(_ number: Int) -> ProcedureStep { experiment.steps[number - 1] }

  /// How many steps are done, skipped and left.
  public var counts: (done: Int, skipped: Int, left: Int) {
    (
      steps.filter { $0.status == .done }.count, steps.filter { $0.status == .skipped }.count,
      steps.filter { $0.status == .pending }.count
    )
  }
}

/// A change to a run. Steps are numbered from 1.
public enum RunChange: Sendable, Hashable {
  /// Start marking `step` done: log its samples (into `freezer`, or the first that fits) and
  /// remember the stock seen before its supplies are drawn.
  case beginStep(Int, stockBefore: [String: Int], freezer: String?)
  /// One supply of the step being marked done was drawn from the inventory.
  case drawn(Int, item: String)
  /// Finish marking `step` done.
  case finishStep(Int)
  /// Give up marking `step` done: its samples leave the log, the step is pending again.
  case cancelStep(Int)
  /// Skip `step`, saying why.
  case skipStep(Int, reason: String)
  /// Pause the run; it can be resumed later, also after the app was closed.
  case pause
  /// Resume a paused run.
  case resume
  /// Stop the run for good, saying why.
  case abort(reason: String)

  /// Whether the change logs samples (and so needs the freezers' reading).
  public var logsSamples: Bool {
    if case .beginStep = self { return true }
    return false
  }
}
