import CommandLineKit
import LaboratoryServiceInterface
import Localization
import Navigation
import UIComponents

/// Every destination of the Laboratory domain, declared once: its command-line words, deep link,
/// help, value constraints and main-menu entries.
///
/// `laboratory run done 3f2a91c0 --step 2`, `laboratory open "run/done?run=3f2a91c0&step=2"` and
/// `.done(run: "3f2a91c0", step: 2, freezer: nil)` are the same route.
public enum LaboratoryRoute: Hashable, Sendable {
  /// The four labs: racks (power, temperature, state) and freezers.
  case labs
  /// Switch a rack to operating, standby or off.
  case rack(String, RackState)
  /// The cold stowage: freezers, their samples and alerts.
  case stowage
  /// Log a sample into a freezer.
  case logIn(freezer: String, label: String, experiment: String?)
  /// Log a sample out of its freezer.
  case logOut(sample: String)
  /// The experiment catalogue.
  case experiments
  /// One experiment's procedure.
  case experiment(String)
  /// The crew's run schedule.
  case schedule
  /// Start running an experiment (the procedure viewer, interactively).
  case startRun(experiment: String)
  /// Every run.
  case runs
  /// One run, step by step.
  case run(String)
  /// Mark the current step done (drawing its supplies, logging its samples).
  case done(run: String, step: Int?, freezer: String?)
  /// Skip the current step, saying why.
  case skip(run: String, step: Int?, reason: String)
  /// Pause a run.
  case pause(run: String)
  /// Resume a run (the procedure viewer, interactively); finishes a step the app was killed in.
  case resume(run: String)
  /// Stop a run for good, saying why.
  case abort(run: String, reason: String)
  /// What waits for the ground.
  case results
  /// Send the results to Houston.
  case sendResults
  /// Put a result mission control refused back into the queue.
  case retryResult(key: String)
  /// Delete a result mission control refused, for good.
  case discardResult(key: String)
}

// MARK: - Command line and deep links

extension LaboratoryRoute: CommandRoute {
  public static let commands: [Command<LaboratoryRoute>] = [
    labsCommand, rackCommand, stowageCommand, logInCommand, logOutCommand, experimentsCommand, experimentCommand,
    scheduleCommand, startCommand, runsCommand, runCommand, doneCommand, skipCommand, pauseCommand, resumeCommand,
    abortCommand, resultsCommand, sendCommand, retryCommand, discardCommand,
  ]

  public static let groups = [
    CommandGroup("labs", abstract: Strings.groupLabs),
    CommandGroup("stowage", aliases: ["cold-stowage"], abstract: Strings.groupStowage),
    CommandGroup("experiments", abstract: Strings.groupExperiments),
    CommandGroup("run", abstract: Strings.groupRun),
    CommandGroup("results", abstract: Strings.groupResults),
  ]

  public var invocation: CommandInvocation {
    switch self {
    case .labs: Self.labsCommand.invocation()
    case .rack(let rack, let state): Self.rackCommand.invocation(Self.rackID(rack), Self.rackState(state))
    case .stowage: Self.stowageCommand.invocation()
    case .logIn(let freezer, let label, let experiment):
      Self.logInCommand.invocation(Self.freezer(freezer), Self.label(label), Self.experimentOption(experiment))
    case .logOut(let sample): Self.logOutCommand.invocation(Self.sample(sample))
    case .experiments: Self.experimentsCommand.invocation()
    case .experiment(let id): Self.experimentCommand.invocation(Self.experimentID(id))
    case .schedule: Self.scheduleCommand.invocation()
    case .startRun(let experiment): Self.startCommand.invocation(Self.experimentID(experiment))
    case .runs: Self.runsCommand.invocation()
    case .run(let run): Self.runCommand.invocation(Self.runID(run))
    case .done(let run, let step, let freezer):
      Self.doneCommand.invocation(Self.runID(run), Self.step(step), Self.freezerOption(freezer))
    case .skip(let run, let step, let reason):
      Self.skipCommand.invocation(Self.runID(run), Self.step(step), Self.reason(reason))
    case .pause(let run): Self.pauseCommand.invocation(Self.runID(run))
    case .resume(let run): Self.resumeCommand.invocation(Self.runID(run))
    case .abort(let run, let reason): Self.abortCommand.invocation(Self.runID(run), Self.reason(reason))
    case .results: Self.resultsCommand.invocation()
    case .sendResults: Self.sendCommand.invocation()
    case .retryResult(let key): Self.retryCommand.invocation(Self.key(key))
    case .discardResult(let key): Self.discardCommand.invocation(Self.key(key))
    }
  }

  // Parameters.
  static let rackID = Argument("rack", ValueFormat<String>.choice(Rack.all.map(\.id)), help: Strings.helpRack)
  static let rackState = Argument(
    "state",
    ValueFormat<RackState>(
      expectation: Strings.formatRackState, completion: .values(["operating", "standby", "off"]),
      documentsValues: true, read: { RackState(rawValue: $0.lowercased()).flatMap { $0 == .fault ? nil : $0 } },
      write: \.rawValue),
    help: Strings.helpRackState)
  static let freezerIDs = ValueFormat<String>.choice(Freezer.all.map(\.id))
  static let freezer = Argument("freezer", freezerIDs, help: Strings.helpFreezer)
  static let freezerOption = Option(
    "freezer", freezerIDs, placeholder: "freezer",
    help: Strings.helpFreezerOption)
  static let label = Argument(
    "label", .text(maximumLength: 40), help: Strings.helpLabel)
  static let experimentOption = Option(
    "experiment", .text(maximumLength: 60), placeholder: "experiment", help: Strings.helpExperimentOption)
  static let sample = Argument("sample", .text(maximumLength: 36), help: Strings.helpSample)
  static let experimentID = Argument(
    "experiment", .text(maximumLength: 60), help: Strings.helpExperiment)
  static let runID = Argument("run", .text(maximumLength: 36), help: Strings.helpRun)
  static let step = Option(
    "step", .integer(in: 1...99), placeholder: "n",
    help: Strings.helpStep)
  static let reason = Option(
    "reason", .text(maximumLength: 200), placeholder: "text", required: true, help: Strings.helpReason)
  static let key = Argument("key", .text(maximumLength: 36), help: Strings.helpResultKey)

  // Commands.
  static let labsCommand = Command(
    "labs", abstract: Strings.commandLabs, json: true
  ) { _ in LaboratoryRoute.labs }
  static let rackCommand = Command(
    // untranslated: command words
    "labs rack", abstract: Strings.commandRack,
    discussion: Strings.commandRackDiscussion, parameters: [rackID, rackState], json: true
  ) { values in LaboratoryRoute.rack(values[rackID], values[rackState]) }
  static let stowageCommand = Command(
    "stowage", aliases: ["cold-stowage"],
    abstract: Strings.commandStowage,
    discussion: Strings.commandStowageDiscussion,
    json: true
  ) { _ in LaboratoryRoute.stowage }
  static let logInCommand = Command(
    // untranslated: command words
    "stowage log-in", abstract: Strings.commandLogIn,
    discussion: Strings.commandLogInDiscussion,
    parameters: [freezer, label, experimentOption], json: true
  ) { values in
    LaboratoryRoute.logIn(freezer: values[freezer], label: values[label], experiment: values[experimentOption])
  }
  static let logOutCommand = Command(
    // untranslated: command words
    "stowage log-out", abstract: Strings.commandLogOut, parameters: [sample], json: true
  ) { values in LaboratoryRoute.logOut(sample: values[sample]) }
  static let experimentsCommand = Command(
    "experiments", abstract: Strings.commandExperiments, json: true
  ) { _ in LaboratoryRoute.experiments }
  static let experimentCommand = Command(
    // untranslated: command words
    "experiments show", abstract: Strings.commandExperiment, parameters: [experimentID],
    json: true
  ) { values in LaboratoryRoute.experiment(values[experimentID]) }
  static let scheduleCommand = Command(
    "schedule", abstract: Strings.commandSchedule, json: true
  ) { _ in LaboratoryRoute.schedule }
  static let startCommand = Command(
    // untranslated: command words
    "run start", abstract: Strings.commandStart,
    discussion: Strings.commandStartDiscussion, parameters: [experimentID],
    json: true
  ) { values in LaboratoryRoute.startRun(experiment: values[experimentID]) }
  static let runsCommand = Command(
    // untranslated: command words
    "run list", abstract: Strings.commandRuns, json: true
  ) { _ in LaboratoryRoute.runs }
  static let runCommand = Command(
    // untranslated: command words
    "run show", abstract: Strings.commandRun, parameters: [runID], json: true
  ) { values in LaboratoryRoute.run(values[runID]) }
  static let doneCommand = Command(
    // untranslated: command words
    "run done", abstract: Strings.commandDone,
    discussion: Strings.commandDoneDiscussion,
    parameters: [runID, step, freezerOption], json: true
  ) { values in LaboratoryRoute.done(run: values[runID], step: values[step], freezer: values[freezerOption]) }
  static let skipCommand = Command(
    // untranslated: command words
    "run skip", abstract: Strings.commandSkip, parameters: [runID, step, reason], json: true
  ) { values in LaboratoryRoute.skip(run: values[runID], step: values[step], reason: values[reason] ?? "") }
  static let pauseCommand = Command(
    // untranslated: command words
    "run pause", abstract: Strings.commandPause, parameters: [runID], json: true
  ) { values in LaboratoryRoute.pause(run: values[runID]) }
  static let resumeCommand = Command(
    // untranslated: command words
    "run resume", abstract: Strings.commandResume,
    discussion: Strings.commandResumeDiscussion, parameters: [runID],
    json: true
  ) { values in LaboratoryRoute.resume(run: values[runID]) }
  static let abortCommand = Command(
    // untranslated: command words
    "run abort", abstract: Strings.commandAbort, parameters: [runID, reason], json: true
  ) { values in LaboratoryRoute.abort(run: values[runID], reason: values[reason] ?? "") }
  static let resultsCommand = Command(
    "results", abstract: Strings.commandResults, json: true
  ) { _ in LaboratoryRoute.results }
  static let sendCommand = Command(
    // untranslated: command words
    "results send", abstract: Strings.commandSend,
    discussion: Strings.commandSendDiscussion, json: true
  ) { _ in LaboratoryRoute.sendResults }
  static let retryCommand = Command(
    // untranslated: command words
    "results retry", abstract: Strings.commandRetryResult, parameters: [key], json: true
  ) { values in LaboratoryRoute.retryResult(key: values[key]) }
  static let discardCommand = Command(
    // untranslated: command words
    "results discard", abstract: Strings.commandDiscardResult, parameters: [key], json: true
  ) { values in LaboratoryRoute.discardResult(key: values[key]) }
}

// MARK: - Interactive app

extension LaboratoryRoute: DomainRoute {
  public static let mainMenu = [
    MenuEntry(Strings.menuLabs, key: "l", choice: LaboratoryRoute.labs),
    MenuEntry(Strings.menuStowage, key: "s", choice: LaboratoryRoute.stowage),
    MenuEntry(Strings.menuExperiments, key: "e", choice: LaboratoryRoute.experiments),
    MenuEntry(Strings.menuRuns, key: "r", choice: LaboratoryRoute.runs),
    MenuEntry(Strings.menuResults, key: "g", choice: LaboratoryRoute.results),
  ]

  /// The laboratory's screens are no other domain's destination.
  public init?(destination: Destination) { nil }

  public var change: LocalizedText? {
    switch self {
    case .rack(let rack, let state): Strings.changeRack(rack: rack, state: state.localizedName)
    case .logIn(let freezer, let label, _): Strings.changeLogIn(label: label, freezer: freezer)
    case .logOut(let sample): Strings.changeLogOut(sample: sample)
    case .startRun(let experiment): Strings.changeStartRun(experiment: experiment)
    case .done(let run, let step, _):
      step.map { Strings.changeDoneStep(step: $0, run: run) } ?? Strings.changeDoneCurrent(run: run)
    case .skip(let run, let step, _):
      step.map { Strings.changeSkipStep(step: $0, run: run) } ?? Strings.changeSkipCurrent(run: run)
    case .pause(let run): Strings.changePause(run: run)
    case .abort(let run, _): Strings.changeAbort(run: run)
    case .sendResults: Strings.changeSendResults
    case .retryResult(let key): Strings.changeRetryResult(key: key)
    case .discardResult(let key): Strings.changeDiscardResult(key: key)
    case .labs, .stowage, .experiments, .experiment, .schedule, .runs, .run, .resume, .results: nil
    }
  }
}
