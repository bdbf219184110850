import AppAnalytics
import FoundationEssentials
import LaboratoryServiceInterface
import Localization
import Logging
import MissionControlInterface
import Persistence
import Radio

/// The laboratory client the app uses: the labs over a Radio link, runs and the sample log in an
/// `EntityStore` (SQLite), results queued in an `Outbox` in the same store and delivered by the
/// mission control's channel the app hands it (batches of 64 where Houston takes them); the
/// catalogue and the schedule from mission control, kept for offline use. It speaks no HTTP itself.
///
/// Every change and the results it queues commit in ONE store transaction (BEGIN IMMEDIATE), so
/// they commit together or not at all, and two processes lose no update (a freezer never takes
/// more samples than it has slots).
public final class LiveLaboratoryClient: LaboratoryClient {
  static let module = "LaboratoryService"

  enum Collections {
    static let prefix = "laboratory"
    static let runs = "laboratory.runs"
    static let samples = "laboratory.samples"
    static let documents = "laboratory.documents"
  }

  private let store: EntityStore
  private let outbox: Outbox<LabResultPayload>
  /// Delivers the results to mission control.
  private let results: any ReportChannel
  /// Where the catalogue and the schedule come from.
  private let missionControl: any MissionControlReader
  private let device: DeviceLink
  private let analytics: Analytics
  private let logger: Logger
  private let now: @Sendable () -> Date
  private let houstonBudget: Duration

  /// A client over `store`, the labs through `connector`, and `missionControl` (offline when it has
  /// no connection — results wait, the kept catalogue and schedule are shown), whose channels
  /// deliver the results. `houstonBudget` bounds each call to mission control.
  public init(
    store: EntityStore, missionControl: some MissionControlReader & ResultsChannels, connector: RadioConnector,
    analytics: Analytics, logger: Logger, linkConfiguration: RadioLinkConfiguration = .init(),
    now: @escaping @Sendable () -> Date = Date.init, houstonBudget: Duration = .seconds(5)
  ) {
    self.store = store
    outbox = Outbox(store: store, name: Collections.prefix)
    results = missionControl.channel(
      store: store, outbox: Collections.prefix, endpoints: LabResultWire.endpoints, body: LabResultWire.Envelope.init,
      logger: logger, analytics: analytics, analyticsEvents: nil, now: now)
    self.missionControl = missionControl
    device = DeviceLink(
      name: Strings.deviceName, connector: connector,
      messages: DeviceMessages(failure: LabProtocol.MessageType.failure.rawValue),
      unreachableHint: Strings.deviceUnreachableHint, configuration: linkConfiguration,
      logger: logger)
    self.analytics = analytics
    self.logger = logger
    self.now = now
    self.houstonBudget = houstonBudget
  }

  /// A consistent copy of the lab's store in a new file in `directory`, named as the store's file
  /// is, while other processes go on using it; returns the file written (the `backup` command).
  public func backup(into directory: URL) async throws -> URL {
    try await store.backup(into: directory)
  }

  // MARK: Labs

  public func telemetry() async throws -> LabTelemetry {
    try await reporting("telemetry") {
      try await exchange(
        .telemetryRequest, body: [String: String](), expecting: .telemetry, as: LabTelemetry.self, repeatable: true)
    }
  }

  public func send(_ command: RackCommand) async throws -> RackAcknowledgement {
    try await reporting("rack", ["rack": command.rack, "state": command.state.rawValue]) {
      let answer = try await exchange(
        .rackCommandRequest, body: command, expecting: .acknowledgement, as: RackAcknowledgement.self,
        repeatable: false)
      analytics.track("lab.rack", ["rack": command.rack, "state": command.state.rawValue])
      guard answer.accepted else { throw LaboratoryError.refusedByLabs(answer.message) }
      return answer
    }
  }

  private func exchange<Body: Encodable & Sendable, Answer: Decodable & Sendable>(
    _ request: LabProtocol.MessageType, body: Body, expecting expected: LabProtocol.MessageType, as answer: Answer.Type,
    repeatable: Bool
  ) async throws(LaboratoryError) -> Answer {
    do {
      return try await device.exchange(
        request.rawValue, body: body, expecting: expected.rawValue, as: answer, repeatable: repeatable)
    } catch {
      switch error {
      case .unreachable, .lost: throw .unreachable(error.translatedMessage)
      case .protocolViolation(_, let violation): throw .protocolViolation(violation.text)
      }
    }
  }

  // MARK: Cold stowage

  public func stowage() async throws -> StowageReport {
    try await reporting("stowage") {
      let telemetry = try await telemetry()
      let (outbox, date) = (outbox, now())
      let (samples, flagged) = try await store.perform { store in
        do {
          return try store.transaction { transaction in
            let (samples, flagged) = Self.flagging(
              try transaction.all(StoredSample.self, in: Collections.samples).map(\.value), telemetry, date)
            for sample in flagged { try transaction.put(sample, key: sample.id, in: Collections.samples) }
            if !flagged.isEmpty { try Self.enqueue([.samplesAtRisk(flagged)], in: outbox, at: date, transaction) }
            return (samples, flagged)
          }
        } catch PersistenceError.readOnly {
          // A store that can only be read: the freezers as they stand; the flags are kept (and sent)
          // by the first look once it can be written.
          return Self.flagging(try store.all(StoredSample.self, in: Collections.samples).map(\.value), telemetry, date)
        }
      }
      for sample in flagged {
        logger.warning("sample \(sample.id) in \(sample.freezer) is at risk (excursion)")
        analytics.track("lab.sampleAtRisk", ["freezer": sample.freezer, "sample": sample.id])
      }
      return StowageRules.report(telemetry, samples: samples, newlyAtRisk: flagged.map(\.id))
    }
  }

  /// `samples` with those an excursion put at risk flagged, and those.
  private static func flagging(
    _ samples: [StoredSample], _ telemetry: LabTelemetry, _ now: Date
  ) -> (samples: [StoredSample], flagged: [StoredSample]) {
    let flagged = StowageRules.flagged(samples, by: telemetry, now: now)
    let marked = samples.map { sample in flagged.first { $0.id == sample.id } ?? sample }
    return (marked, flagged)
  }

  public func logIn(_ request: SampleLogIn, crew: String?) async throws -> StoredSample {
    try await reporting("logIn", ["freezer": request.freezer ?? "any"]) {
      let telemetry = try await telemetry()
      let (outbox, date) = (outbox, now())
      let sample = try await store.perform { store in
        try store.transaction { transaction in
          let samples = try transaction.all(StoredSample.self, in: Collections.samples).map(\.value)
          let sample = try StowageRules.place(
            request, crew: crew, stored: samples, telemetry: telemetry, now: date,
            id: Self.unusedID(samples.map(\.id)))
          try transaction.put(sample, key: sample.id, in: Collections.samples)
          try Self.enqueue([.samplesLoggedIn([sample])], in: outbox, at: date, transaction)
          return sample
        }
      }
      logger.info("sample \(sample.id) logged into \(sample.freezer) slot \(sample.slot)")
      return sample
    }
  }

  public func logOut(_ sampleID: String) async throws -> StoredSample {
    try await reporting("logOut") {
      // The freezer's clock dates the removal; without the labs, the sample is out for good anyway.
      let freezerTime = try? await telemetry().time
      let (outbox, date) = (outbox, now())
      return try await store.perform { store in
        try store.transaction { transaction in
          let samples = try transaction.all(StoredSample.self, in: Collections.samples).map(\.value)
          let id = try PrefixMatch.find(
            sampleID, in: samples.filter(\.isStored).map(\.id), kind: .sample)
          guard var sample = samples.first(where: { $0.id == id }) else {
            throw LaboratoryError.noSuchSample(id)
          }
          sample.loggedOutAt = date
          sample.freezerTimeOut = freezerTime
          try transaction.put(sample, key: sample.id, in: Collections.samples)
          try Self.enqueue([.sampleLoggedOut(sample)], in: outbox, at: date, transaction)
          return sample
        }
      }
    }
  }

  // MARK: Houston's documents

  public func catalogue() async throws -> KeptDocument<ExperimentCatalogue> {
    try await reporting("catalogue") {
      try await kept(ExperimentCatalogue.self, "/v1/lab/experiments", ExperimentCatalogue.documentName)
    }
  }

  public func schedule() async throws -> KeptDocument<RunSchedule> {
    try await reporting("schedule") { try await kept(RunSchedule.self, "/v1/lab/schedule", RunSchedule.documentName) }
  }

  /// The document at `path` from mission control (then kept), else the kept copy with the reason.
  private func kept<Document: Codable & Sendable & Equatable>(
    _ type: Document.Type, _ path: String, _ what: LocalizedText
  ) async throws -> KeptDocument<Document> {
    // The reason is kept with the copy (English, like every stored value) and shown in the error.
    var reason = LaboratoryError.houstonNotConfiguredReason
    if missionControl.isConfigured {
      do {
        let document = try await missionControl.fetch(
          path, as: type, within: houstonBudget, redacting: { $0 }, retrying: { _, _, _ in })
        let reading = KeptDocument(document: document, receivedAt: now(), isLive: true)
        try await store.perform { try $0.put(reading, key: path, in: Collections.documents) }
        return reading
      } catch let failure as MissionControlFailure {
        reason = Strings.reasonHoustonFailed(error: failure.reason)
        analytics.recordError(LaboratoryError.houstonUnavailable(reason), module: Self.module, context: ["path": path])
        logger.warning("\(missionControl.center.name)'s \(what) not used, showing the kept copy: \(failure.reason)")
      }
    }
    let copy = try await store.perform { try $0.get(KeptDocument<Document>.self, key: path, in: Collections.documents) }
    guard var copy else { throw LaboratoryError.noDocumentYet(what: what, reason: reason) }
    copy.isLive = false
    copy.offlineReason = reason
    return copy
  }

  // MARK: Runs

  public func startRun(_ experiment: Experiment, crew: String) async throws -> ProcedureRun {
    try await reporting("startRun", ["experiment": experiment.id]) {
      let (outbox, date) = (outbox, now())
      let run = try await store.perform { store in
        try store.transaction { transaction in
          let (run, results) = try RunRules.start(
            experiment, crew: crew, id: Self.unusedID(try transaction.keys(in: Collections.runs)), now: date)
          try transaction.put(run, key: run.id, in: Collections.runs)
          try Self.enqueue(results, in: outbox, at: date, transaction)
          return run
        }
      }
      analytics.track("lab.run", ["experiment": experiment.id, "change": "started"])
      logger.info("run \(run.id) of \(experiment.id) started")
      return run
    }
  }

  public func runs() async throws -> [ProcedureRun] {
    try await reporting("runs") {
      try await store.perform { try $0.all(ProcedureRun.self, in: Collections.runs).map(\.value) }
        .sorted { $0.startedAt > $1.startedAt }
    }
  }

  public func run(_ id: String) async throws -> ProcedureRun {
    try await reporting("run") {
      try await store.perform { store in
        let key = try PrefixMatch.find(id, in: try store.keys(in: Collections.runs), kind: .run)
        guard let run = try store.get(ProcedureRun.self, key: key, in: Collections.runs) else {
          throw LaboratoryError.noSuchRun(id)
        }
        return run
      }
    }
  }

  public func update(_ id: String, _ change: RunChange) async throws -> ProcedureRun {
    try await reporting("updateRun", ["change": "\(change)".prefix(while: { $0 != "(" }).description]) {
      let key = try await run(id).id
      let telemetry = change.logsSamples ? try await telemetry() : nil
      let (outbox, date) = (outbox, now())
      let run = try await store.perform { store in
        try store.transaction { transaction in
          guard var run = try transaction.get(ProcedureRun.self, key: key, in: Collections.runs) else {
            throw LaboratoryError.noSuchRun(id)
          }
          // Already as asked: nothing is written, not even the time of the change.
          if RunRules.alreadyHolds(change, in: run) { return run }
          let before = try transaction.all(StoredSample.self, in: Collections.samples).map(\.value)
          var samples = before
          let results = try RunRules.apply(
            change, to: &run, samples: &samples, telemetry: telemetry, now: date,
            newID: { Self.unusedID(before.map(\.id)) })
          let kept = Set(samples.map(\.id))
          for gone in before where !kept.contains(gone.id) {
            try transaction.delete(key: gone.id, in: Collections.samples)
          }
          for sample in samples where !before.contains(sample) {
            try transaction.put(sample, key: sample.id, in: Collections.samples)
          }
          try transaction.put(run, key: run.id, in: Collections.runs)
          try Self.enqueue(results, in: outbox, at: date, transaction)
          return run
        }
      }
      logger.info("run \(run.id): \(change)")
      return run
    }
  }

  private static func enqueue(
    _ results: [LabResult], in outbox: Outbox<LabResultPayload>, at date: Date, _ transaction: StoreTransaction
  ) throws {
    for result in results { try outbox.enqueue(result.kind, result.payload, createdAt: date, in: transaction) }
  }

  /// A new 8-character id not among `used`.
  private static func unusedID(_ used: [String]) -> String {
    let taken = Set(used)
    while true {
      let id = RunRules.newID()
      if !taken.contains(id) { return id }
    }
  }

  // MARK: Results

  public func results() async throws -> ResultsReport {
    try await reporting("results") { try await report(delivered: []) }
  }

  public func sendResults() async throws -> ResultsReport {
    try await reporting("sendResults") {
      guard results.isConfigured else { throw LaboratoryError.houstonNotConfigured }
      // The transport gets ready (the HTTP helper starts) while the outbox is read.
      results.prepare()
      let result = try await results.deliver(redacting: { $0 }, describing: \.reason, progress: { _ in })
      var report = ResultsReport(
        delivered: result.delivered, pending: result.after.pending, setAside: result.after.setAside,
        houstonConfigured: true)
      if let stopped = result.stopped {
        let reason = Strings.reasonHoustonDidNotTake(
          kind: stopped.report.kind, id: stopped.report.id.prefix(8), error: stopped.failure.reason)
        guard !result.failedAsAWhole else { throw LaboratoryError.houstonUnavailable(reason) }
        report.lastError = reason.description
      }
      return report
    }
  }

  public func retryResult(_ id: String) async throws -> QueuedReport {
    try await reporting("retryResult") {
      let result = try await results.retry(id)
      analytics.track("lab.result.retried", ["kind": result.kind])
      return result
    }
  }

  public func discardResult(_ id: String) async throws -> QueuedReport {
    try await reporting("discardResult") {
      let result = try await results.discard(id)
      analytics.track("lab.result.discarded", ["kind": result.kind])
      return result
    }
  }

  private func report(delivered: [QueuedReport]) async throws -> ResultsReport {
    let contents = try await results.contents()
    return ResultsReport(
      delivered: delivered, pending: contents.pending, setAside: contents.setAside,
      houstonConfigured: results.isConfigured, lastError: contents.pending.first?.lastError)
  }

  // MARK: Errors

  /// Runs `body`; any error becomes a `LaboratoryError`, recorded and logged. Cancellation passes through.
  private func reporting<R>(
    _ operation: String, _ context: [String: String] = [:], _ body: () async throws -> R
  ) async throws -> R {
    do {
      return try await body()
    } catch is CancellationError {
      throw CancellationError()
    } catch {
      let mapped = Self.map(error)
      var context = context
      context["operation"] = operation
      analytics.recordError(mapped, module: Self.module, context: context)
      logger.error("\(operation) failed: \(mapped.userMessage)", metadata: context)
      throw mapped
    }
  }

  static func map(_ error: any Error) -> LaboratoryError {
    switch error {
    case let error as LaboratoryError: error
    case MissionControlFailure.notConfigured: .houstonNotConfigured
    case let failure as MissionControlFailure: .houstonUnavailable(failure.reason)
    case let lookup as ReportLookupError: .invalid(lookup.reason)
    case PersistenceError.diskFull(let path): .diskFull(PersistenceError.diskFull(path: path).translatedMessage)
    case PersistenceError.busy(let path): .storeBusy(PersistenceError.busy(path: path).translatedMessage)
    case let error as PersistenceError where error.kind != .internal:
      .storeRefused(error.translatedMessage, kind: error.kind)
    case let error as PersistenceError: .storage(error.translatedMessage)
    default: .storage(.verbatim(DecodingError.readableLine(for: error)))
    }
  }
}
