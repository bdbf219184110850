import Foundation
import LaboratoryService
import UIComponents

/// How the laboratory's screens look: plain text with styles, the same on a terminal and in a pipe.
enum LabScreens {
  static func labs(_ telemetry: LabTelemetry, theme: Theme) -> String {
    let theme = theme.screen(.labs)
    var sections = [
      theme.apply(.title, to: "Labs") + theme.apply(.dim, to: "  (equipment clock \(time(telemetry.time)))")
    ]
    for module in LabModule.allCases {
      let rows = telemetry.racks.filter { $0.module == module }.map { reading -> [String] in
        let rack = Rack.named(reading.rack)
        return [
          reading.rack, rack?.name ?? reading.rack, style(reading.state, theme),
          String(format: "%.0f W", reading.powerWatts),
          String(format: "%.1f °C", reading.temperatureC),
        ]
      }
      let table = Table(
        headers: ["Rack", "Name", "State", "Power", "Air out"], rows: rows,
        alignments: [.left, .left, .left, .right, .right])
      sections.append(theme.apply(.heading, to: module.displayName) + "\n" + table.render(theme))
    }
    let faults = telemetry.racks.filter { $0.state == .fault }
    for reading in faults {
      sections.append(theme.apply(.error, to: "FAULT: \(reading.rack): \(reading.fault ?? "unknown")"))
    }
    return sections.joined(separator: "\n\n")
  }

  static func stowage(_ report: StowageReport, theme: Theme) -> String {
    let theme = theme.screen(.stowage)
    let rows = report.freezers.map { view -> [String] in
      [
        view.freezer.id, view.freezer.name, view.freezer.module.displayName, view.freezer.storage.label,
        String(format: "%.1f °C", view.reading.temperatureC), "\(view.used)/\(view.freezer.slots)",
        view.inExcursion ? theme.apply(.error, to: "EXCURSION") : theme.apply(.ok, to: "ok"),
      ]
    }
    var text =
      theme.apply(.title, to: "Cold stowage") + "\n"
      + Table(
        headers: ["Freezer", "Name", "Module", "Keeps", "Now", "Slots", "Status"], rows: rows,
        alignments: [.left, .left, .left, .right, .right, .right, .left]
      ).render(theme)
    let samples = report.freezers.flatMap(\.samples)
    if samples.isEmpty {
      text += "\n\n" + theme.apply(.dim, to: "No samples stored.")
    } else {
      let sampleRows = samples.map { sample in
        [
          sample.id, sample.label, "\(sample.freezer) #\(sample.slot)", sample.experiment ?? "-", sample.run ?? "-",
          sample.atRisk.map { theme.apply(.error, to: String(format: "AT RISK (%.1f °C)", $0.peakC)) } ?? "ok",
        ]
      }
      text +=
        "\n\n"
        + Table(headers: ["Sample", "Label", "Where", "Experiment", "Run", "State"], rows: sampleRows).render(theme)
    }
    for alert in report.alerts { text += "\n" + theme.apply(.error, to: "ALERT: \(alert.message)") }
    return text
  }

  static func sample(_ sample: StoredSample, theme: Theme) -> String {
    let theme = theme.screen(.stowage)
    return sample.isStored
      ? theme.apply(.ok, to: "Logged \(sample.label) (\(sample.id)) into \(sample.freezer) slot \(sample.slot).")
      : theme.apply(.ok, to: "Logged \(sample.label) (\(sample.id)) out of \(sample.freezer).")
  }

  static func catalogue(_ reading: KeptDocument<ExperimentCatalogue>, theme: Theme) -> String {
    let theme = theme.screen(.experiments)
    let rows = reading.document.experiments.map {
      [$0.id, $0.title, $0.module.displayName, $0.rack, String($0.steps.count)]
    }
    return theme.apply(.title, to: "Experiments") + "\n"
      + Table(headers: ["ID", "Title", "Module", "Rack", "Steps"], rows: rows).render(theme) + "\n"
      + source(reading, theme)
  }

  static func experiment(_ experiment: Experiment, theme: Theme) -> String {
    let theme = theme.screen(.experiments)
    var lines = [
      theme.apply(.title, to: experiment.title) + "  " + theme.apply(.dim, to: "(\(experiment.id))"),
      "\(experiment.module.displayName), \(Rack.named(experiment.rack)?.name ?? experiment.rack)", experiment.summary,
      "",
    ]
    for (index, step) in experiment.steps.enumerated() {
      lines.append(theme.apply(.label, to: "\(index + 1). \(step.title)") + " — " + step.instruction)
      lines += needs(step).map { "     " + $0 }
    }
    return lines.joined(separator: "\n")
  }

  static func schedule(_ reading: KeptDocument<RunSchedule>, theme: Theme) -> String {
    let theme = theme.screen(.experiments)
    let rows = reading.document.runs.map {
      [time($0.start), $0.experiment, "\($0.durationMinutes) min", $0.crew ?? "-"]
    }
    return theme.apply(.title, to: "Run schedule") + "\n"
      + Table(headers: ["Start (UTC)", "Experiment", "Planned", "Crew"], rows: rows).render(theme) + "\n"
      + source(reading, theme)
  }

  static func runs(_ runs: [ProcedureRun], theme: Theme) -> String {
    let theme = theme.screen(.runs)
    guard !runs.isEmpty else { return theme.apply(.title, to: "Runs") + "\n" + theme.apply(.dim, to: "No runs yet.") }
    let rows = runs.map { run -> [String] in
      let counts = run.counts
      return [
        run.id, run.experiment.id, run.state.rawValue, run.currentStep.map { "\($0)/\(run.steps.count)" } ?? "-",
        "\(counts.done) done, \(counts.skipped) skipped", run.crew, time(run.updatedAt),
      ]
    }
    return theme.apply(.title, to: "Runs") + "\n"
      + Table(headers: ["Run", "Experiment", "State", "Step", "Progress", "Crew", "Updated (UTC)"], rows: rows).render(
        theme)
  }

  static func run(_ run: ProcedureRun, theme: Theme) -> String {
    let theme = theme.screen(.runs)
    var lines = [
      theme.apply(.title, to: "\(run.experiment.title)") + "  run \(run.id), \(run.crew), \(run.state.rawValue)"
    ]
    for (index, record) in run.steps.enumerated() {
      let step = run.experiment.steps[index]
      let mark: String
      switch record.status {
      case .done: mark = theme.apply(.ok, to: "done   ")
      case .skipped: mark = theme.apply(.warning, to: "skipped")
      case .pending:
        mark = index + 1 == run.currentStep ? theme.apply(.label, to: "now  ▸ ") : theme.apply(.dim, to: "to do  ")
      }
      var line = "  \(mark) \(index + 1). \(step.title)"
      if let reason = record.reason { line += theme.apply(.dim, to: " — \(reason)") }
      if !record.samples.isEmpty {
        line += theme.apply(.dim, to: " (samples \(record.samples.joined(separator: ", ")))")
      }
      lines.append(line)
    }
    if let reason = run.abortReason { lines.append(theme.apply(.warning, to: "Aborted: \(reason)")) }
    return lines.joined(separator: "\n")
  }

  /// The procedure viewer's panel for the current step.
  static func step(_ number: Int, of run: ProcedureRun, theme: Theme) -> String {
    let theme = theme.screen(.runs)
    let step = run.procedure(number)
    let counts = run.counts
    var lines = [
      theme.apply(.title, to: run.experiment.title) + theme.apply(.dim, to: "  run \(run.id) · \(run.crew)"),
      theme.apply(.heading, to: "Step \(number) of \(run.steps.count): \(step.title)"), "  " + step.instruction,
    ]
    lines += needs(step).map { "  " + $0 }
    lines.append(theme.apply(.dim, to: "  \(counts.done) done · \(counts.skipped) skipped · \(counts.left) left"))
    return lines.joined(separator: "\n")
  }

  static func results(_ report: ResultsReport, theme: Theme) -> String {
    let theme = theme.screen(.results)
    var lines = [theme.apply(.title, to: "Results for the ground")]
    if !report.delivered.isEmpty {
      lines.append(theme.apply(.ok, to: "Delivered \(report.delivered.count) result(s)."))
    }
    lines.append("\(report.pending.count) waiting, \(report.setAside.count) refused by Houston.")
    for message in report.pending.prefix(10) {
      lines.append("  \(message.id.prefix(8))  \(message.kind)  \(time(message.createdAt))")
    }
    if report.pending.count > 10 { lines.append("  … and \(report.pending.count - 10) more") }
    for message in report.setAside {
      lines.append(
        theme.apply(.warning, to: "  refused \(message.id.prefix(8)) \(message.kind): \(message.lastError ?? "")"))
    }
    if let error = report.lastError { lines.append(theme.apply(.warning, to: "Last try: \(error)")) }
    if !report.houstonConfigured { lines.append(theme.apply(.dim, to: "Offline: pass --houston URL to send them.")) }
    return lines.joined(separator: "\n")
  }

  private static func needs(_ step: ProcedureStep) -> [String] {
    var lines: [String] = []
    if !step.consumes.isEmpty {
      lines.append("Uses: " + step.consumes.map { "\($0.quantity) \($0.item) (\($0.purpose))" }.joined(separator: ", "))
    }
    if !step.samples.isEmpty {
      lines.append("Produces: " + step.samples.map { "\($0.label) (\($0.storage.label))" }.joined(separator: ", "))
    }
    return lines
  }

  private static func source<Document>(_ reading: KeptDocument<Document>, _ theme: Theme) -> String {
    reading.isLive
      ? theme.apply(.dim, to: "From Houston, \(time(reading.receivedAt)).")
      : theme.apply(
        .warning, to: "The kept copy from \(time(reading.receivedAt)) (\(reading.offlineReason ?? "offline")).")
  }

  private static func style(_ state: RackState, _ theme: Theme) -> String {
    switch state {
    case .operating: theme.apply(.ok, to: state.rawValue)
    case .standby, .off: theme.apply(.dim, to: state.rawValue)
    case .fault: theme.apply(.error, to: state.rawValue)
    }
  }

  static func time(_ date: Date) -> String {
    date.formatted(
      .iso8601.year().month().day().dateSeparator(.dash).time(includingFractionalSeconds: false).timeSeparator(.colon)
    )
    .replacingOccurrences(of: "T", with: " ").replacingOccurrences(of: "Z", with: "")
  }
}
