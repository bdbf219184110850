import AppAnalytics
import CosmonautInterface
import CosmonautServiceInterface
import LaboratoryServiceInterface
import Localization
import Navigation
import UIComponents

/// Procedure runs: starting, the procedure viewer, marking steps done or skipped, pausing and
/// resuming — also in a new process after the app was closed or killed.
@MainActor
struct RunFlow {
  let context: FlowContext
  let lab: any LaboratoryClient
  let cosmonaut: any CosmonautClient
  let experiments: ExperimentsFlow
  var features = LaboratoryFeatures()

  private var completion: StepCompletionSaga {
    StepCompletionSaga(lab: lab, supplies: cosmonaut, logger: context.logger)
  }

  // MARK: Scripted

  /// Starts a run of `experimentID` by the profile's cosmonaut.
  func startRun(_ experimentID: String) async throws -> ProcedureRun {
    let crew = try await cosmonaut.profile().name
    guard !crew.isEmpty else { throw LaboratoryFlowError.noCrewMember }
    let run = try await lab.startRun(try await experiments.experiment(experimentID), crew: crew)
    context.analytics.track("lab.run", ["experiment": run.experiment.id, "change": "started"])
    return run
  }

  func show(_ run: ProcedureRun) throws {
    try context.show(run) { run, theme, translator in
      var text = LabScreens.run(run, theme: theme, translator: translator)
      if let step = run.currentStep, run.state.isOpen {
        text += "\n\n" + LabScreens.step(step, of: run, theme: theme, translator: translator)
      }
      return text
    }
  }

  func list() async throws {
    try context.show(try await lab.runs(), as: LabScreens.runs)
  }

  func show(_ id: String) async throws {
    try show(try await lab.run(id))
  }

  /// Marks the current step done (`step`, when given, must be it). A step an interrupted process
  /// left being marked done is finished first (said in one line); when it is the step asked for
  /// (or none was named), that is all. A step already done changes nothing and says so.
  func done(_ id: String, step: Int?, freezer: String?) async throws {
    let (run, finished) = try await settled(try await lab.run(id))
    let step = step ?? finished ?? run.currentStep ?? 1
    var updated = run
    if step != finished {
      if RunRules.alreadyHolds(.beginStep(step, stockBefore: [:], freezer: freezer), in: run) {
        say(Strings.runStepAlreadyDone(step: step, run: run.id), style: .dim)
        try show(run)
        return
      }
      updated = try await completion.complete(run, step: step, freezer: freezer)
      track(updated, "done")
    }
    try show(updated)
    await sendResults(ofCompleted: updated)
  }

  /// `run` with the step an interrupted process left being marked done finished (said in one line,
  /// and counted as done), and that step; `run` as it is and nil when there was none.
  private func settled(_ run: ProcedureRun) async throws -> (run: ProcedureRun, finished: Int?) {
    guard let interrupted = run.completing?.step else { return (run, nil) }
    let settled = try await completion.settle(run)
    track(settled, "done")
    say(Strings.runFinishedInterrupted(step: interrupted, run: run.id), style: .ok)
    return (settled, interrupted)
  }

  /// Says `line` above what the command shows (not with `--json`, whose one document is the
  /// run's), and logs it.
  private func say(_ line: LocalizedText, style: Theme.Style) {
    context.logger.notice(line.description)
    guard !context.json else { return }
    context.terminal.print(context.theme.apply(style, to: context.translator(line)))
  }

  /// When `run` has just completed and the partner wants results down at once, sends what waits;
  /// a Houston that is offline or unreachable leaves the results waiting, said in one line (not
  /// with `--json`, whose one document is the run's). Nothing fails.
  private func sendResults(ofCompleted run: ProcedureRun) async {
    guard features.sendsResultsOnCompletion, run.state == .completed else { return }
    let lab = lab
    do {
      guard let report = try await context.interruptible({ try await lab.sendResults() }) else { return }
      context.analytics.track(
        "lab.results.sent", ["delivered": String(report.delivered.count), "trigger": "run.completed"])
      if !context.json {
        context.terminal.print(
          context.theme.apply(.ok, to: context.translator(Strings.runSent(count: report.delivered.count))))
      }
    } catch {
      context.logger.info("results of run \(run.id) wait: \(error)")
      if !context.json {
        let reason =
          (error as? any TranslatedError)?.translatedMessage
          ?? .verbatim((error as? any ReportableError)?.userMessage ?? "\(error)")
        context.terminal.print(
          context.theme.apply(.dim, to: context.translator(Strings.runResultsWait(reason: reason))))
      }
    }
  }

  /// Skips the current step (`step`, when given, must be it). A step already skipped changes
  /// nothing and says so; the step an interrupted process left being marked done is finished, and
  /// then cannot be skipped.
  func skip(_ id: String, step: Int?, reason: String) async throws {
    let (run, finished) = try await settled(try await lab.run(id))
    let step = step ?? finished ?? run.currentStep ?? 1
    if step == finished { throw LaboratoryFlowError.finishedNotSkipped(step: step, run: run.id) }
    if RunRules.alreadyHolds(.skipStep(step, reason: reason), in: run) {
      say(Strings.runStepAlreadySkipped(step: step, run: run.id), style: .dim)
      try show(run)
      return
    }
    let updated = try await lab.update(run.id, .skipStep(step, reason: reason))
    track(updated, "skipped")
    try show(updated)
  }

  /// Pauses, resumes or aborts a run. A run that already is as asked changes nothing (not even
  /// its time of change) and says so; exit 0.
  func change(_ id: String, _ change: RunChange) async throws {
    var run = try await lab.run(id)
    if change == .resume { run = try await settled(run).run }
    if RunRules.alreadyHolds(change, in: run), let line = Self.unchanged(change, run) {
      say(line, style: .dim)
      try show(run)
      return
    }
    let updated = try await lab.update(run.id, change)
    track(updated, "\(change)")
    try show(updated)
  }

  /// "Run … is already paused; nothing changed." and the like.
  private static func unchanged(_ change: RunChange, _ run: ProcedureRun) -> LocalizedText? {
    switch change {
    case .pause: Strings.runAlreadyPaused(run: run.id)
    case .resume: Strings.runAlreadyRunning(run: run.id)
    case .abort: Strings.runAlreadyAborted(run: run.id)
    default: nil
    }
  }

  private func track(_ run: ProcedureRun, _ change: String) {
    context.analytics.track(
      "lab.run",
      ["experiment": run.experiment.id, "change": String(change.prefix { $0 != "(" }), "state": run.state.rawValue])
  }

  // MARK: Interactive

  /// Starts a run and opens it in the procedure viewer; a refusal is shown (and, for a missing
  /// profile, the way to the profile offered).
  func start(_ experimentID: String) async {
    do {
      await view(try await startRun(experimentID))
    } catch LaboratoryFlowError.noCrewMember {
      context.errors.present(LaboratoryFlowError.noCrewMember, in: context.module)
      await offer(.profile, Strings.offerProfile)
    } catch {
      context.errors.present(error, in: context.module)
    }
  }

  /// Opens run `id` in the procedure viewer (resuming it).
  func resume(_ id: String) async throws {
    var run = try await settled(try await lab.run(id)).run
    // A paused run resumes; one that is over is refused as the scripted command refuses it (the
    // rules say why), instead of landing silently on the main menu.
    if run.state == .paused || !run.state.isOpen { run = try await lab.update(run.id, .resume) }
    await view(run)
  }

  /// The runs screen: list, open one, start one.
  func runInteractive() async {
    let (lab, theme, translator) = (lab, context.theme, context.translator)
    let screen = InteractiveScreen(
      menu: Menu<RunsChoice>(Strings.menuRuns),
      load: { try await lab.runs() }, render: { LabScreens.runs($0, theme: theme, translator: translator) })
    await screen.run(in: context) { choice, _ in
      switch choice {
      case .openRun:
        guard let id = context.ask(Strings.askRun, reading: LaboratoryRoute.runID.format) else { return .stay }
        await context.presentingErrors { try await resume(id) }
      case .startRun:
        let ids = (try? await lab.catalogue().document.experiments.map(\.id).joined(separator: ", ")) ?? ""
        guard
          let id = context.ask(Strings.askExperiment(experiments: ids), reading: LaboratoryRoute.experimentID.format)
        else { return .stay }
        await start(id)
      case .back: return .leave
      }
      return .stay
    }
  }

  /// The procedure viewer: the current step, then done, skip (with a reason), pause or the step
  /// list, until the run ends or the person leaves (which pauses it: every step is already kept).
  func view(_ run: ProcedureRun) async {
    var run = run
    let terminal = context.terminal
    let menu = Menu<ProcedureChoice>(Strings.menuProcedure)
    while let step = run.currentStep, run.state.isOpen, !terminal.inputEnded {
      terminal.print("\n" + LabScreens.step(step, of: run, theme: context.theme, translator: context.translator) + "\n")
      switch menu.choose(on: terminal) {
      case nil, .pause:
        await pause(run)
        return
      case .done:
        do {
          run = try await completion.complete(run, step: step, freezer: nil)
          let produced = run.steps[step - 1].samples
          if !produced.isEmpty {
            terminal.print(
              context.theme.apply(
                .ok, to: context.translator(Strings.runSamplesLogged(samples: produced.joined(separator: ", ")))))
          }
        } catch {
          context.errors.present(error, in: context.module)
          if case LaboratoryFlowError.shortOfSupply = error { await offer(.supplies, Strings.offerSupplies) }
          if let latest = try? await lab.run(run.id) { run = latest }
        }
      case .skip:
        guard let reason = context.ask(Strings.askSkipReason(step: step), reading: LaboratoryRoute.reason.format)
        else { continue }
        await context.presentingErrors { run = try await lab.update(run.id, .skipStep(step, reason: reason)) }
      case .allSteps:
        terminal.print("\n" + LabScreens.run(run, theme: context.theme, translator: context.translator))
      }
    }
    if run.state == .completed {
      terminal.print(
        "\n"
          + context.theme.apply(
            .ok, to: context.translator(Strings.runComplete(id: run.id, experiment: run.experiment.title))))
      track(run, "completed")
      await sendResults(ofCompleted: run)
    }
  }

  private func pause(_ run: ProcedureRun) async {
    let terminal = context.terminal
    guard run.state == .running else { return }
    do {
      _ = try await lab.update(run.id, .pause)
      terminal.print(
        context.theme.apply(
          .dim, to: context.translator(Strings.runPaused(id: run.id, step: run.currentStep ?? 0))))
    } catch {
      context.errors.present(error, in: context.module)
    }
  }

  private func offer(_ destination: Destination, _ question: LocalizedText) async {
    guard context.navigator.canNavigate(to: destination),
      Prompt<Bool>.yesOrNo(Strings.askYesOrNo(question: question)).ask(on: context.terminal) == true
    else { return }
    await context.navigate(to: destination)
  }
}
