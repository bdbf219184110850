import FoundationEssentials
import LaboratoryServiceInterface
import Localization
import UIComponents

/// How the laboratory's screens look: plain text with styles, the same on a terminal and in a pipe,
/// in the translator's language (numbers and dates too).
enum LabScreens {
  static func labs(_ telemetry: LabTelemetry, theme: Theme, translator: Translator) -> String {
    let theme = theme.screen(.labs)
    var sections = [
      theme.apply(.title, to: translator(Strings.labsTitle)) + "  "
        + theme.apply(.dim, to: translator(Strings.labsClock(time: LocalizedText.dateTime(telemetry.time))))
    ]
    for module in LabModule.allCases {
      let rows = telemetry.racks.filter { $0.module == module }.map { reading -> [String] in
        let rack = Rack.named(reading.rack)
        return [
          reading.rack, rack?.name ?? reading.rack, style(reading.state, theme, translator),
          translator(Strings.unitWatts(value: LocalizedText.number(reading.powerWatts, fractionDigits: 0))),
          celsius(reading.temperatureC, translator),
        ]
      }
      let table = Table(
        headers: [
          Strings.columnRack, Strings.columnName, Strings.columnState, Strings.columnPower, Strings.columnAirOut,
        ].map(translator.callAsFunction), rows: rows,
        alignments: [.left, .left, .left, .right, .right])
      sections.append(theme.apply(.heading, to: module.displayName) + "\n" + table.render(theme))
    }
    let faults = telemetry.racks.filter { $0.state == .fault }
    for reading in faults {
      let fault = reading.fault.map(LocalizedText.verbatim) ?? Strings.labsFaultUnknown
      sections.append(theme.apply(.error, to: translator(Strings.labsFault(rack: reading.rack, fault: fault))))
    }
    return sections.joined(separator: "\n\n")
  }

  static func stowage(_ report: StowageReport, theme: Theme, translator: Translator) -> String {
    let theme = theme.screen(.stowage)
    let rows = report.freezers.map { view -> [String] in
      [
        view.freezer.id, view.freezer.name, view.freezer.module.displayName, view.freezer.storage.label,
        celsius(view.reading.temperatureC, translator), "\(view.used)/\(view.freezer.slots)",
        view.inExcursion
          ? theme.apply(.error, to: translator(Strings.stowageExcursion))
          : theme.apply(.ok, to: translator(Strings.stowageOk)),
      ]
    }
    var text =
      theme.apply(.title, to: translator(Strings.stowageTitle)) + "\n"
      + Table(
        headers: [
          Strings.columnFreezer, Strings.columnName, Strings.columnModule, Strings.columnKeeps, Strings.columnNow,
          Strings.columnSlots, Strings.columnStatus,
        ].map(translator.callAsFunction), rows: rows,
        alignments: [.left, .left, .left, .right, .right, .right, .left]
      ).render(theme)
    let samples = report.freezers.flatMap(\.samples)
    if samples.isEmpty {
      text += "\n\n" + theme.apply(.dim, to: translator(Strings.stowageNoSamples))
    } else {
      let sampleRows = samples.map { sample in
        [
          sample.id, sample.label, "\(sample.freezer) #\(sample.slot)", sample.experiment ?? "-", sample.run ?? "-",
          sample.atRisk.map {
            theme.apply(
              .error, to: translator(Strings.stowageAtRisk(peak: LocalizedText.number($0.peakC, fractionDigits: 1))))
          } ?? translator(Strings.stowageOk),
        ]
      }
      text +=
        "\n\n"
        + Table(
          headers: [
            Strings.columnSample, Strings.columnLabel, Strings.columnWhere, Strings.columnExperiment, Strings.columnRun,
            Strings.columnState,
          ].map(translator.callAsFunction), rows: sampleRows
        ).render(theme)
    }
    for alert in report.alerts {
      text += "\n" + theme.apply(.error, to: translator(Strings.stowageAlert(message: message(of: alert, in: report))))
    }
    return text
  }

  /// An alert in the reader's language, from the freezer's reading (the stored `message` stays English).
  private static func message(of alert: StowageAlert, in report: StowageReport) -> LocalizedText {
    guard let view = report.freezers.first(where: { $0.freezer.id == alert.freezer }) else {
      return .verbatim(alert.message)
    }
    var text =
      view.inExcursion
      ? Strings.alertOutOfLimits(
        freezer: view.freezer.id, temperature: LocalizedText.number(view.reading.temperatureC, fractionDigits: 1),
        storage: view.freezer.storage.label) + (view.reading.coolerRunning ? .verbatim("") : Strings.alertCoolerStopped)
      : Strings.alertWasOut(freezer: view.freezer.id)
    if !alert.samplesAtRisk.isEmpty { text = text + Strings.alertAtRisk(count: alert.samplesAtRisk.count) }
    return text
  }

  static func sample(_ sample: StoredSample, theme: Theme, translator: Translator) -> String {
    let theme = theme.screen(.stowage)
    let text =
      sample.isStored
      ? Strings.sampleLoggedIn(label: sample.label, id: sample.id, freezer: sample.freezer, slot: sample.slot)
      : Strings.sampleLoggedOut(label: sample.label, id: sample.id, freezer: sample.freezer)
    return theme.apply(.ok, to: translator(text))
  }

  static func catalogue(_ reading: KeptDocument<ExperimentCatalogue>, theme: Theme, translator: Translator) -> String {
    let theme = theme.screen(.experiments)
    let rows = reading.document.experiments.map {
      [$0.id, $0.title, $0.module.displayName, $0.rack, translator.number($0.steps.count)]
    }
    let headers = [
      Strings.columnId, Strings.columnTitle, Strings.columnModule, Strings.columnRack, Strings.columnSteps,
    ].map(translator.callAsFunction)
    return theme.apply(.title, to: translator(Strings.experimentsTitle)) + "\n"
      + Table(headers: headers, rows: rows).render(theme) + "\n" + source(reading, theme, translator)
  }

  static func experiment(_ experiment: Experiment, theme: Theme, translator: Translator) -> String {
    let theme = theme.screen(.experiments)
    var lines = [
      theme.apply(.title, to: experiment.title) + "  " + theme.apply(.dim, to: "(\(experiment.id))"),
      "\(experiment.module.displayName), \(Rack.named(experiment.rack)?.name ?? experiment.rack)", experiment.summary,
      "",
    ]
    for (index, step) in experiment.steps.enumerated() {
      lines.append(theme.apply(.label, to: "\(index + 1). \(step.title)") + " — " + step.instruction)
      lines += needs(step, translator).map { "     " + $0 }
    }
    return lines.joined(separator: "\n")
  }

  static func schedule(_ reading: KeptDocument<RunSchedule>, theme: Theme, translator: Translator) -> String {
    let theme = theme.screen(.experiments)
    let rows = reading.document.runs.map {
      [
        translator.dateTime($0.start), $0.experiment, translator(Strings.unitMinutes(value: $0.durationMinutes)),
        $0.crew ?? "-",
      ]
    }
    let headers = [Strings.columnStart, Strings.columnExperiment, Strings.columnPlanned, Strings.columnCrew].map(
      translator.callAsFunction)
    return theme.apply(.title, to: translator(Strings.scheduleTitle)) + "\n"
      + Table(headers: headers, rows: rows).render(theme) + "\n" + source(reading, theme, translator)
  }

  static func runs(_ runs: [ProcedureRun], theme: Theme, translator: Translator) -> String {
    let theme = theme.screen(.runs)
    let title = theme.apply(.title, to: translator(Strings.runsTitle))
    guard !runs.isEmpty else { return title + "\n" + theme.apply(.dim, to: translator(Strings.runsNone)) }
    let rows = runs.map { run -> [String] in
      let counts = run.counts
      return [
        run.id, run.experiment.id, translator(run.state.localizedName),
        run.currentStep.map { "\($0)/\(run.steps.count)" } ?? "-",
        translator(Strings.runsProgress(done: counts.done, skipped: counts.skipped)), run.crew,
        translator.dateTime(run.updatedAt),
      ]
    }
    let headers = [
      Strings.columnRun, Strings.columnExperiment, Strings.columnState, Strings.columnStep, Strings.columnProgress,
      Strings.columnCrew, Strings.columnUpdated,
    ].map(translator.callAsFunction)
    return title + "\n" + Table(headers: headers, rows: rows).render(theme)
  }

  static func run(_ run: ProcedureRun, theme: Theme, translator: Translator) -> String {
    let theme = theme.screen(.runs)
    var lines = [
      theme.apply(.title, to: "\(run.experiment.title)") + "  "
        + translator(Strings.runHeader(id: run.id, crew: run.crew, state: run.state.localizedName))
    ]
    let marks = [Strings.runMarkDone, Strings.runMarkSkipped, Strings.runMarkNow, Strings.runMarkToDo].map(
      translator.callAsFunction)
    let width = marks.map(\.count).max() ?? 0
    let padded = marks.map { $0 + String(repeating: " ", count: width - $0.count) }
    for (index, record) in run.steps.enumerated() {
      let step = run.experiment.steps[index]
      let mark: String
      switch record.status {
      case .done: mark = theme.apply(.ok, to: padded[0])
      case .skipped: mark = theme.apply(.warning, to: padded[1])
      case .pending:
        mark = index + 1 == run.currentStep ? theme.apply(.label, to: padded[2]) : theme.apply(.dim, to: padded[3])
      }
      var line = "  \(mark) \(index + 1). \(step.title)"
      if let reason = record.reason { line += theme.apply(.dim, to: " — \(reason)") }
      if !record.samples.isEmpty {
        line += theme.apply(.dim, to: translator(Strings.runSamples(samples: record.samples.joined(separator: ", "))))
      }
      lines.append(line)
    }
    if let reason = run.abortReason {
      lines.append(theme.apply(.warning, to: translator(Strings.runAborted(reason: reason))))
    }
    return lines.joined(separator: "\n")
  }

  /// The procedure viewer's panel for the current step.
  static func step(_ number: Int, of run: ProcedureRun, theme: Theme, translator: Translator) -> String {
    let theme = theme.screen(.runs)
    let step = run.procedure(number)
    let counts = run.counts
    var lines = [
      theme.apply(.title, to: run.experiment.title) + "  "
        + theme.apply(.dim, to: translator(Strings.stepRun(id: run.id, crew: run.crew))),
      theme.apply(
        .heading, to: translator(Strings.stepHeading(number: number, count: run.steps.count, title: step.title))),
      "  " + step.instruction,
    ]
    lines += needs(step, translator).map { "  " + $0 }
    lines.append(
      "  "
        + theme.apply(
          .dim, to: translator(Strings.stepCounts(done: counts.done, skipped: counts.skipped, left: counts.left))))
    return lines.joined(separator: "\n")
  }

  static func results(_ report: ResultsReport, theme: Theme, translator: Translator) -> String {
    let theme = theme.screen(.results)
    var lines = [theme.apply(.title, to: translator(Strings.resultsTitle))]
    if !report.delivered.isEmpty {
      lines.append(theme.apply(.ok, to: translator(Strings.resultsDelivered(count: report.delivered.count))))
    }
    lines.append(translator(Strings.resultsWaiting(pending: report.pending.count, refused: report.setAside.count)))
    for message in report.pending.prefix(10) {
      lines.append("  \(message.id.prefix(8))  \(message.kind)  \(translator.dateTime(message.createdAt))")
    }
    if report.pending.count > 10 {
      lines.append("  " + translator(Strings.resultsMore(count: report.pending.count - 10)))
    }
    for message in report.setAside {
      let refused = Strings.resultsRefused(
        id: message.id.prefix(8), kind: message.kind, error: message.lastErrorText ?? .verbatim(""))
      lines.append(theme.apply(.warning, to: "  " + translator(refused)))
    }
    if let error = report.lastError {
      lines.append(theme.apply(.warning, to: translator(Strings.resultsLastTry(error: error))))
    }
    if !report.houstonConfigured { lines.append(theme.apply(.dim, to: translator(Strings.resultsOffline))) }
    return lines.joined(separator: "\n")
  }

  private static func needs(_ step: ProcedureStep, _ translator: Translator) -> [String] {
    var lines: [String] = []
    if !step.consumes.isEmpty {
      let supplies = step.consumes.map { "\($0.quantity) \($0.item) (\($0.purpose))" }.joined(separator: ", ")
      lines.append(translator(Strings.stepUses(supplies: supplies)))
    }
    if !step.samples.isEmpty {
      let samples = step.samples.map { "\($0.label) (\($0.storage.label))" }.joined(separator: ", ")
      lines.append(translator(Strings.stepProduces(samples: samples)))
    }
    return lines
  }

  private static func source<Document>(
    _ reading: KeptDocument<Document>, _ theme: Theme, _ translator: Translator
  ) -> String {
    let time = LocalizedText.dateTime(reading.receivedAt)
    return reading.isLive
      ? theme.apply(.dim, to: translator(Strings.sourceHouston(time: time)))
      : theme.apply(
        .warning,
        to: translator(
          Strings.sourceKept(
            time: time, reason: reading.offlineReason ?? Strings.sourceOffline)))
  }

  private static func celsius(_ value: Double, _ translator: Translator) -> String {
    translator(Strings.unitCelsius(value: LocalizedText.number(value, fractionDigits: 1)))
  }

  private static func style(_ state: RackState, _ theme: Theme, _ translator: Translator) -> String {
    let name = translator(state.localizedName)
    return switch state {
    case .operating: theme.apply(.ok, to: name)
    case .standby, .off: theme.apply(.dim, to: name)
    case .fault: theme.apply(.error, to: name)
    }
  }
}
