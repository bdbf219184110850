import FoundationEssentials
import Localization
import MissionControlInterface

/// The laboratories: their equipment over Radio, the cold stowage log, the experiment catalogue
/// and the crew's run schedule from Houston (kept for offline use), procedure runs, and results
/// queued for the ground.
///
/// Implementations: `LiveLaboratoryClient` in `LaboratoryService` (the labs over Radio, SQLite,
/// Houston over HTTP) and `FakeLaboratoryClient` in `LaboratoryServiceFakes` (deterministic, in
/// memory, for tests). Both apply the same rules (`LabRules.swift`).
public protocol LaboratoryClient: Sendable {
  /// The racks and freezers now.
  func telemetry() async throws -> LabTelemetry
  /// Switches a rack; throws `LaboratoryError.rejected` when the labs refuse.
  func send(_ command: RackCommand) async throws -> RackAcknowledgement
  /// The cold stowage now: freezers, their samples and alerts. Samples an excursion put at risk
  /// are flagged (for good) and reported to the ground.
  func stowage() async throws -> StowageReport
  /// Logs a sample into a freezer; refused (nothing changes) when the freezer does not keep its
  /// temperature, is full or is out of its limits.
  func logIn(_ request: SampleLogIn, crew: String?) async throws -> StoredSample
  /// Logs a sample out of its freezer (by id or a prefix only it has).
  func logOut(_ sampleID: String) async throws -> StoredSample
  /// The experiment catalogue from Houston, or the copy kept from the last time.
  func catalogue() async throws -> KeptDocument<ExperimentCatalogue>
  /// The crew's run schedule from Houston, or the copy kept from the last time.
  func schedule() async throws -> KeptDocument<RunSchedule>
  /// Starts a run of `experiment` by `crew`.
  func startRun(_ experiment: Experiment, crew: String) async throws -> ProcedureRun
  /// Every run, most recent first.
  func runs() async throws -> [ProcedureRun]
  /// The run `id` (or a prefix only it has).
  func run(_ id: String) async throws -> ProcedureRun
  /// Applies a change to run `id` (the change and its results commit together).
  func update(_ id: String, _ change: RunChange) async throws -> ProcedureRun
  /// What waits for the ground, without contacting Houston.
  func results() async throws -> ResultsReport
  /// Delivers the queued results to Houston in order, each acknowledged by its idempotency key.
  func sendResults() async throws -> ResultsReport
  /// Puts a result mission control refused back into the queue, at its place (by key, or a prefix
  /// only it has); returns it. Throws `LaboratoryError.invalid` for a key no refused result has.
  func retryResult(_ id: String) async throws -> QueuedReport
  /// Deletes a result mission control refused, for good (by key or a prefix only it has); returns
  /// it. Throws `LaboratoryError.invalid` for a key no refused result has.
  func discardResult(_ id: String) async throws -> QueuedReport
}

/// Looks an entity up by its id or a prefix only it has (a rule every implementation applies).
public enum PrefixMatch {
  /// What is looked up, for the errors.
  public enum Kind: Sendable { case run, sample }

  /// The one id among `ids` that is `wanted` or starts with it; `kind` names it in errors.
  public static func find(_ wanted: String, in ids: [String], kind: Kind) throws(LaboratoryError) -> String {
    let key = wanted.trimmingSpaces().lowercased()
    if ids.contains(key) { return key }
    let matches = key.count >= 2 ? ids.filter { $0.hasPrefix(key) } : []
    guard let match = matches.first else {
      throw .invalid(kind == .run ? Strings.reasonNoRun(id: wanted) : Strings.reasonNoSample(id: wanted))
    }
    guard matches.count == 1 else {
      let listed = matches.joined(separator: ", ")
      throw .invalid(
        kind == .run
          ? Strings.reasonAmbiguousRun(id: wanted, count: matches.count, matches: listed)
          : Strings.reasonAmbiguousSample(id: wanted, count: matches.count, matches: listed))
    }
    return match
  }
}
