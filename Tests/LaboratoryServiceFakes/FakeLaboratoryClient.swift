import FoundationEssentials
import LaboratoryServiceInterface
import Localization
import MissionControlInterface

/// Laboratories in memory for domain tests: `FakeLabs` on a stopped clock (advance it with
/// `advance(by:)`), the same rules as the live client, results queued in memory.
public actor FakeLaboratoryClient: LaboratoryClient {
  /// The labs answering.
  public private(set) var labs: FakeLabs
  /// Every run, by id.
  public private(set) var storedRuns: [String: ProcedureRun] = [:]
  /// The sample log.
  public private(set) var samples: [StoredSample] = []
  /// Results queued for the ground, in order.
  public private(set) var queued: [(message: QueuedReport, payload: LabResultPayload)] = []
  /// Results delivered so far.
  public private(set) var delivered: [QueuedReport] = []
  /// Results mission control refused, waiting for a retry or a discard, oldest first.
  public private(set) var refused: [(message: QueuedReport, payload: LabResultPayload)] = []
  /// The kinds mission control refuses, with its reason (see `refuse(kind:reason:)`).
  private var refusals: [String: String] = [:]
  /// What `catalogue()` returns; nil: none yet.
  public private(set) var catalogueReading: KeptDocument<ExperimentCatalogue>?
  /// What `schedule()` returns; nil: none yet.
  public private(set) var scheduleReading: KeptDocument<RunSchedule>?
  /// When set, every call to the labs' equipment throws it.
  public private(set) var equipmentFailure: LaboratoryError?
  /// When set, the next run change that matches it throws `failure` (to test interrupted sagas).
  private var failingChange: (matches: @Sendable (RunChange) -> Bool, failure: LaboratoryError)?
  private var counter = 0

  /// A fake over `labs` with the sample catalogue and a one-run schedule.
  public init(
    labs: FakeLabs = FakeLabs(start: Date(timeIntervalSince1970: 1_800_000_000)),
    catalogue: ExperimentCatalogue? = .sample
  ) {
    self.labs = labs
    catalogueReading = catalogue.map { KeptDocument(document: $0, receivedAt: $0.generatedAt, isLive: true) }
    scheduleReading = KeptDocument(
      document: RunSchedule(
        generatedAt: Date(timeIntervalSince1970: 1_800_000_000),
        runs: [
          ScheduledRun(
            experiment: "plant-habitat", start: Date(timeIntervalSince1970: 1_800_036_000), durationMinutes: 90)
        ]),
      receivedAt: Date(timeIntervalSince1970: 1_800_000_000), isLive: true)
  }

  /// Moves the labs' time on by `seconds`.
  public func advance(by seconds: Double) { labs.advance(by: seconds) }
  /// Makes every equipment call throw `failure` (nil: answer again).
  public func setEquipmentFailure(_ failure: LaboratoryError?) { equipmentFailure = failure }
  /// Replaces what `catalogue()` returns.
  public func setCatalogue(_ reading: KeptDocument<ExperimentCatalogue>?) { catalogueReading = reading }
  /// Makes the next run change for which `matches` holds throw `failure` (nothing changes).
  public func failNext(_ failure: LaboratoryError, when matches: @escaping @Sendable (RunChange) -> Bool) {
    failingChange = (matches, failure)
  }

  private var now: Date { labs.now }

  private func nextID() -> String {
    counter += 1
    return String(0xa000_0000 + counter, radix: 16)
  }

  public func telemetry() async throws -> LabTelemetry {
    if let equipmentFailure { throw equipmentFailure }
    return labs.telemetry
  }

  public func send(_ command: RackCommand) async throws -> RackAcknowledgement {
    if let equipmentFailure { throw equipmentFailure }
    let answer = labs.apply(command)
    guard answer.accepted else { throw LaboratoryError.refusedByLabs(answer.message) }
    return answer
  }

  public func stowage() async throws -> StowageReport {
    let telemetry = try await telemetry()
    let flagged = StowageRules.flagged(samples, by: telemetry, now: now)
    for sample in flagged { samples = samples.map { $0.id == sample.id ? sample : $0 } }
    if !flagged.isEmpty {
      queue([.samplesAtRisk(flagged)])
    }
    return StowageRules.report(telemetry, samples: samples, newlyAtRisk: flagged.map(\.id))
  }

  public func logIn(_ request: SampleLogIn, crew: String?) async throws -> StoredSample {
    let sample = try StowageRules.place(
      request, crew: crew, stored: samples, telemetry: try await telemetry(), now: now, id: nextID())
    samples.append(sample)
    queue([.samplesLoggedIn([sample])])
    return sample
  }

  public func logOut(_ sampleID: String) async throws -> StoredSample {
    let id = try PrefixMatch.find(
      sampleID, in: samples.filter(\.isStored).map(\.id), kind: .sample)
    guard let index = samples.firstIndex(where: { $0.id == id }) else {
      throw LaboratoryError.noSuchSample(id)
    }
    samples[index].loggedOutAt = now
    samples[index].freezerTimeOut = try? await telemetry().time
    queue([.sampleLoggedOut(samples[index])])
    return samples[index]
  }

  public func catalogue() async throws -> KeptDocument<ExperimentCatalogue> {
    guard let catalogueReading else {
      throw LaboratoryError.noDocumentYet(
        what: ExperimentCatalogue.documentName, reason: LaboratoryError.houstonNotConfiguredReason)
    }
    return catalogueReading
  }

  public func schedule() async throws -> KeptDocument<RunSchedule> {
    guard let scheduleReading else {
      throw LaboratoryError.noDocumentYet(
        what: RunSchedule.documentName, reason: LaboratoryError.houstonNotConfiguredReason)
    }
    return scheduleReading
  }

  public func startRun(_ experiment: Experiment, crew: String) async throws -> ProcedureRun {
    let (run, results) = try RunRules.start(experiment, crew: crew, id: nextID(), now: now)
    storedRuns[run.id] = run
    queue(results)
    return run
  }

  public func runs() async throws -> [ProcedureRun] {
    storedRuns.values.sorted { ($0.startedAt, $0.id) > ($1.startedAt, $1.id) }
  }

  public func run(_ id: String) async throws -> ProcedureRun {
    let key = try PrefixMatch.find(id, in: Array(storedRuns.keys), kind: .run)
    guard let run = storedRuns[key] else { throw LaboratoryError.noSuchRun(id) }
    return run
  }

  public func update(_ id: String, _ change: RunChange) async throws -> ProcedureRun {
    var run = try await run(id)
    if let failing = failingChange, failing.matches(change) {
      failingChange = nil
      throw failing.failure
    }
    let telemetry = change.logsSamples ? try await telemetry() : nil
    let results = try RunRules.apply(
      change, to: &run, samples: &samples, telemetry: telemetry, now: now, newID: { nextID() })
    storedRuns[run.id] = run
    queue(results)
    return run
  }

  /// From now on, mission control refuses results of `kind` for good with `reason` (nil: takes them again).
  public func refuse(kind: String, reason: String?) { refusals[kind] = reason }

  public func results() async throws -> ResultsReport {
    ResultsReport(
      delivered: [], pending: queued.map(\.message), setAside: refused.map(\.message), houstonConfigured: true)
  }

  public func sendResults() async throws -> ResultsReport {
    var sent: [QueuedReport] = []
    for (message, payload) in queued {
      if let reason = refusals[message.kind] {
        var kept = message
        kept.attempts += 1
        kept.lastError = "Houston refused it (HTTP 422): \(reason)"
        kept.lastErrorText = .verbatim(kept.lastError ?? "")
        refused.append((kept, payload))
      } else {
        sent.append(message)
      }
    }
    delivered += sent
    queued.removeAll()
    return ResultsReport(delivered: sent, pending: [], setAside: refused.map(\.message), houstonConfigured: true)
  }

  public func retryResult(_ id: String) async throws -> QueuedReport {
    let (message, payload) = try takeRefused(id)
    queued.insert((message, payload), at: 0)
    return message
  }

  public func discardResult(_ id: String) async throws -> QueuedReport {
    try takeRefused(id).message
  }

  /// The refused result whose key is `id` or starts with it (only one may).
  private func takeRefused(_ id: String) throws(LaboratoryError) -> (message: QueuedReport, payload: LabResultPayload) {
    let wanted = id.lowercased()
    let matches = refused.indices.filter { refused[$0].message.id.hasPrefix(wanted) && !wanted.isEmpty }
    guard matches.count == 1, let index = matches.first else {
      throw .invalid(.verbatim("no single refused result has the key \"\(id)\""))
    }
    return refused.remove(at: index)
  }

  private func queue(_ results: [LabResult]) {
    for result in results {
      queued.append(
        (QueuedReport(id: UUID().uuidString.lowercased(), kind: result.kind, createdAt: now), result.payload))
    }
  }
}
