import FoundationEssentials
import Localization

/// The cold stowage's rules, shared by the live and the fake client: where a sample may go, and
/// which samples an excursion put at risk.
public enum StowageRules {
  /// Longest sample label.
  public static let maximumLabelLength = 40

  /// A new sample placed in a freezer, or the refusal (nothing changes then).
  ///
  /// The freezer must keep the sample's temperature, have a free slot and be within its limits now;
  /// without a freezer named, the first that does is taken.
  public static func place(
    _ request: SampleLogIn, crew: String?, stored samples: [StoredSample], telemetry: LabTelemetry, now: Date,
    id: String
  ) throws(LaboratoryError) -> StoredSample {
    let label = try validatedLabel(request.label)
    let freezer = try choose(request, label: label, stored: samples, telemetry: telemetry)
    let taken = Set(samples.filter { $0.isStored && $0.freezer == freezer.id }.map(\.slot))
    let slot = (1...freezer.slots).first { !taken.contains($0) } ?? 1
    return StoredSample(
      id: id, label: label, freezer: freezer.id, slot: slot, experiment: request.experiment, run: request.run,
      loggedBy: crew, loggedInAt: now, freezerTimeIn: telemetry.time)
  }

  private static func choose(
    _ request: SampleLogIn, label: String, stored samples: [StoredSample], telemetry: LabTelemetry
  ) throws(LaboratoryError) -> Freezer {
    let used = { (freezer: Freezer) in samples.filter { $0.isStored && $0.freezer == freezer.id }.count }
    let warm = { (freezer: Freezer) in
      telemetry.freezer(freezer.id).map { freezer.isExcursion($0.temperatureC) || $0.ongoingExcursion != nil } ?? true
    }
    if let id = request.freezer {
      guard let freezer = Freezer.named(id.lowercased()) else {
        throw .invalid(Strings.reasonNoFreezer(id: id, freezers: Freezer.all.map(\.id).joined(separator: ", ")))
      }
      if let storage = request.storage, storage != freezer.storage {
        let fitting = Freezer.all.filter { $0.storage == storage }.map(\.id).joined(separator: ", ")
        throw .rejected(
          Strings.reasonWrongStorage(
            label: label, storage: storage.label, freezer: freezer.id, kept: freezer.storage.label, fitting: fitting))
      }
      guard used(freezer) < freezer.slots else {
        throw .rejected(
          Strings.reasonFreezerFull(freezer: freezer.id, slots: freezer.slots, storage: freezer.storage.label))
      }
      if warm(freezer) {
        let temperature =
          telemetry.freezer(freezer.id).map {
            Strings.reasonTemperature(value: LocalizedText.number($0.temperatureC, fractionDigits: 1))
          } ?? Strings.reasonTemperatureUnknown
        throw .rejected(
          Strings.reasonFreezerWarm(freezer: freezer.id, temperature: temperature, storage: freezer.storage.label))
      }
      return freezer
    }
    let fitting = Freezer.all.filter { request.storage == nil || $0.storage == request.storage }
    if let freezer = fitting.first(where: { used($0) < $0.slots && !warm($0) }) { return freezer }
    let states = fitting.map {
      used($0) < $0.slots
        ? Strings.reasonFreezerStateWarm(freezer: $0.id) : Strings.reasonFreezerStateFull(freezer: $0.id)
    }
    throw .rejected(
      Strings.reasonNoFreezerFits(
        storage: request.storage.map { LocalizedText.verbatim($0.label) } ?? Strings.reasonAnyTemperature,
        label: label, states: LocalizedText.joined(states, separator: ", ")))
  }

  public static func validatedLabel(_ raw: String) throws(LaboratoryError) -> String {
    let label = raw.trimmingWhitespace()
    guard !label.isEmpty, label.unicodeScalars.count <= maximumLabelLength,
      !label.unicodeScalars.contains(where: { $0.properties.generalCategory == .control })
    else {
      throw .invalid(Strings.reasonLabel(length: maximumLabelLength))
    }
    return label
  }

  /// The samples `telemetry`'s excursions put at risk that were not flagged yet, flagged.
  ///
  /// A sample is at risk when its freezer was out of its limits while it was in it (by the
  /// freezer's clock). A sample logged out while the lab could not be asked is not flagged after it left.
  public static func flagged(_ samples: [StoredSample], by telemetry: LabTelemetry, now: Date) -> [StoredSample] {
    samples.compactMap { sample in
      guard sample.atRisk == nil, sample.isStored || sample.freezerTimeOut != nil,
        let excursion = telemetry.freezer(sample.freezer)?.excursions.first(where: {
          $0.overlaps(from: sample.freezerTimeIn, to: sample.freezerTimeOut)
        })
      else { return nil }
      var flagged = sample
      flagged.atRisk = SampleRisk(excursionStart: excursion.start, peakC: excursion.peakC, flaggedAt: now)
      return flagged
    }
  }

  /// The stowage screen's freezers and alerts from a reading and the log.
  public static func report(
    _ telemetry: LabTelemetry, samples: [StoredSample], newlyAtRisk: [String]
  ) -> StowageReport {
    var alerts: [StowageAlert] = []
    let views = Freezer.all.map { freezer -> FreezerView in
      let reading =
        telemetry.freezer(freezer.id)
        ?? FreezerReading(freezer: freezer.id, temperatureC: freezer.storage.celsius, coolerRunning: true)
      let inside = samples.filter { $0.isStored && $0.freezer == freezer.id }.sorted { $0.slot < $1.slot }
      let inExcursion = freezer.isExcursion(reading.temperatureC) || reading.ongoingExcursion != nil
      let atRisk = inside.filter { $0.atRisk != nil }.map(\.id)
      if inExcursion || !atRisk.isEmpty {
        var message =
          inExcursion
          // untranslated: stored alert (and --json)
          ? "\(freezer.id) is at \(PrintfNumber.fixed(reading.temperatureC, fractionDigits: 1)) °C, outside its limits "
            // untranslated: stored alert (and --json)
            + "for \(freezer.storage.label) samples\(reading.coolerRunning ? "" : " (cooler stopped)")"
          : "\(freezer.id) was out of its limits"  // untranslated: stored alert (and --json)
        // untranslated: stored alert (and --json)
        if !atRisk.isEmpty { message += "; \(atRisk.count) sample(s) at risk" }
        alerts.append(StowageAlert(freezer: freezer.id, message: message, samplesAtRisk: atRisk))
      }
      return FreezerView(freezer: freezer, reading: reading, samples: inside, inExcursion: inExcursion)
    }
    return StowageReport(time: telemetry.time, freezers: views, alerts: alerts, newlyAtRisk: newlyAtRisk)
  }
}

/// The rules of a procedure run, shared by the live and the fake client: what each change does
/// to a run and the sample log, and which results it queues for the ground.
public enum RunRules {
  /// What a change produced: the results to queue.
  public typealias Results = [LabResult]

  /// Whether `run` already is what `change` asks for: pausing a paused run, resuming a running
  /// one, aborting an aborted one, marking done a step that is done, skipping one that is skipped.
  ///
  /// The rule for every such request: it changes nothing (not even `updatedAt`), queues nothing and
  /// is no error — the caller says "nothing changed". A request the run's state contradicts
  /// (resuming a completed run, skipping a step that is done) is refused instead.
  public static func alreadyHolds(_ change: RunChange, in run: ProcedureRun) -> Bool {
    switch change {
    case .pause: run.state == .paused
    case .resume: run.state == .running && run.completing == nil
    case .abort: run.state == .aborted
    case .beginStep(let step, _, _): run.completing == nil && status(of: step, in: run) == .done
    case .skipStep(let step, _): status(of: step, in: run) == .skipped
    case .drawn, .finishStep, .cancelStep: false
    }
  }

  private static func status(of step: Int, in run: ProcedureRun) -> StepStatus? {
    run.steps.indices.contains(step - 1) ? run.steps[step - 1].status : nil
  }

  /// Applies `change` to `run` and the sample log (both unchanged when it throws, and when the run
  /// `alreadyHolds` what the change asks for).
  public static func apply(
    _ change: RunChange, to run: inout ProcedureRun, samples: inout [StoredSample], telemetry: LabTelemetry?,
    now: Date, newID: () -> String
  ) throws(LaboratoryError) -> Results {
    if alreadyHolds(change, in: run) { return [] }
    var updated = run
    var log = samples
    let results = try apply(change, &updated, &log, telemetry, now, newID)
    updated.updatedAt = now
    run = updated
    samples = log
    return results
  }

  private static func apply(
    _ change: RunChange, _ run: inout ProcedureRun, _ samples: inout [StoredSample], _ telemetry: LabTelemetry?,
    _ now: Date, _ newID: () -> String
  ) throws(LaboratoryError) -> Results {
    switch change {
    case .pause:
      try requireOpen(run, to: Strings.actionPause)
      run.state = .paused
      return []
    case .resume:
      try requireOpen(run, to: Strings.actionResume)
      run.state = .running
      return []
    case .abort(let reason):
      try requireOpen(run, to: Strings.actionAbort)
      guard run.completing == nil else {
        throw .rejected(Strings.reasonCompletingAbort(step: run.completing!.step, run: run.id))
      }
      run.state = .aborted
      run.abortReason = reason
      return [result(LabResult.runEndedKind, run, outcome: "aborted", reason: reason)]
    case .skipStep(let step, let reason):
      try requireCurrent(step, of: run, to: Strings.actionSkip)
      run.steps[step - 1].status = .skipped
      run.steps[step - 1].at = now
      run.steps[step - 1].reason = reason
      return [result(LabResult.stepKind, run, step: step, outcome: "skipped", reason: reason)] + endIfLast(&run)
    case .beginStep(let step, let stockBefore, let freezer):
      try requireCurrent(step, of: run, to: Strings.actionDone)
      let specs = run.procedure(step).samples
      var logged: [StoredSample] = []
      if !specs.isEmpty {
        guard let telemetry else { throw .unreachable(Strings.reasonFreezersNeeded) }
        for spec in specs {
          let request = SampleLogIn(
            label: spec.label, freezer: freezer, storage: spec.storage, experiment: run.experiment.id, run: run.id)
          let sample = try StowageRules.place(
            request, crew: run.crew, stored: samples + logged, telemetry: telemetry, now: now, id: newID())
          logged.append(sample)
        }
      }
      samples += logged
      run.steps[step - 1].samples = logged.map(\.id)
      run.steps[step - 1].drawn = []
      run.completing = StepCompletion(step: step, stockBefore: stockBefore)
      return []
    case .drawn(let step, let item):
      try requireCompleting(step, of: run)
      if !run.steps[step - 1].drawn.contains(item) { run.steps[step - 1].drawn.append(item) }
      return []
    case .cancelStep(let step):
      try requireCompleting(step, of: run)
      let ids = Set(run.steps[step - 1].samples)
      samples.removeAll { ids.contains($0.id) }
      run.steps[step - 1] = StepRecord()
      run.completing = nil
      return []
    case .finishStep(let step):
      try requireCompleting(step, of: run)
      let procedure = run.procedure(step)
      let missing = procedure.consumes.map(\.item).filter { !run.steps[step - 1].drawn.contains($0) }
      guard missing.isEmpty else {
        throw .rejected(Strings.reasonNotDrawn(step: step, items: missing.joined(separator: ", ")))
      }
      run.steps[step - 1].status = .done
      run.steps[step - 1].at = now
      run.completing = nil
      let produced = samples.filter { run.steps[step - 1].samples.contains($0.id) }
      var results = [
        result(LabResult.stepKind, run, step: step, outcome: "done", drew: procedure.consumes, samples: produced)
      ]
      if !produced.isEmpty {
        results.append(result(LabResult.samplesLoggedInKind, run, samples: produced))
      }
      return results + endIfLast(&run)
    }
  }

  /// A new run and its "started" result.
  public static func start(
    _ experiment: Experiment, crew: String, id: String, now: Date
  ) throws(LaboratoryError) -> (
    ProcedureRun, Results
  ) {
    guard !experiment.steps.isEmpty else { throw .rejected(Strings.reasonNoSteps(experiment: experiment.id)) }
    let run = ProcedureRun(id: id, experiment: experiment, crew: crew, at: now)
    return (run, [result(LabResult.runStartedKind, run, outcome: "started")])
  }

  private static func endIfLast(_ run: inout ProcedureRun) -> Results {
    guard run.currentStep == nil else { return [] }
    run.state = .completed
    let counts = run.counts
    return [
      result(
        LabResult.runEndedKind, run, outcome: "completed",
        reason: counts.skipped > 0 ? "\(counts.skipped) step(s) skipped" : nil)
    ]
  }

  private static func requireOpen(_ run: ProcedureRun, to action: LocalizedText) throws(LaboratoryError) {
    guard run.state.isOpen else {
      let state = run.state == .completed ? Strings.reasonRunStateCompleted : Strings.reasonRunStateAborted
      throw .rejected(Strings.reasonNotOpen(run: run.id, state: state, action: action))
    }
  }

  private static func requireCurrent(
    _ step: Int, of run: ProcedureRun, to action: LocalizedText
  ) throws(LaboratoryError) {
    try requireOpen(run, to: action)
    guard run.state == .running else { throw .rejected(Strings.reasonPaused(run: run.id)) }
    if let completing = run.completing {
      throw .rejected(Strings.reasonCompleting(step: completing.step, run: run.id))
    }
    guard let current = run.currentStep, current == step else {
      throw .rejected(Strings.reasonNotCurrent(step: step, run: run.id, current: run.currentStep ?? 0))
    }
  }

  private static func requireCompleting(_ step: Int, of run: ProcedureRun) throws(LaboratoryError) {
    guard run.completing?.step == step else {
      throw .rejected(Strings.reasonNotCompleting(step: step, run: run.id))
    }
  }

  private static func result(
    _ kind: String, _ run: ProcedureRun, step: Int? = nil, outcome: String? = nil, reason: String? = nil,
    drew: [Consumable]? = nil, samples: [StoredSample]? = nil
  ) -> LabResult {
    LabResult(
      kind: kind,
      payload: LabResultPayload(
        run: run.id, experiment: run.experiment.id, crew: run.crew, step: step, outcome: outcome, reason: reason,
        drew: drew.flatMap { $0.isEmpty ? nil : $0 }, samples: samples))
  }

  /// A short random id: 8 hexadecimal characters.
  public static func newID() -> String { String(UUID().uuidString.lowercased().filter(\.isHexDigit).prefix(8)) }
}
