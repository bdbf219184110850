import CommandLineKit
import LaboratoryService
import Localization
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
}

// MARK: - Command line and deep links

extension LaboratoryRoute: CommandRoute {
  public static let commands: [Command<LaboratoryRoute>] = [
    labsCommand, rackCommand, stowageCommand, logInCommand, logOutCommand, experimentsCommand, experimentCommand,
    scheduleCommand, startCommand, runsCommand, runCommand, doneCommand, skipCommand, pauseCommand, resumeCommand,
    abortCommand, resultsCommand, sendCommand,
  ]

  public static let groups = [
    CommandGroup("labs", abstract: "The four labs: racks and freezers, and switching racks."),
    CommandGroup("stowage", aliases: ["cold-stowage"], abstract: "Cold stowage: freezers, samples in and out, alerts."),
    CommandGroup("experiments", abstract: "The experiment catalogue from Houston (the kept copy when offline)."),
    CommandGroup("run", abstract: "Procedure runs: start, follow step by step, pause and resume."),
    CommandGroup("results", abstract: "Run logs and sample records waiting for the ground, and sending them."),
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
    }
  }

  // Parameters.
  static let rackID = Argument("rack", ValueFormat<String>.choice(Rack.all.map(\.id)), help: "The rack.")
  static let rackState = Argument(
    "state",
    ValueFormat<RackState>(
      expectation: "operating, standby or off", completion: .values(["operating", "standby", "off"]),
      documentsValues: true, read: { RackState(rawValue: $0.lowercased()).flatMap { $0 == .fault ? nil : $0 } },
      write: \.rawValue),
    help: "operating, standby or off.")
  static let freezerIDs = ValueFormat<String>.choice(Freezer.all.map(\.id))
  static let freezer = Argument("freezer", freezerIDs, help: "The freezer (see 'stowage').")
  static let freezerOption = Option(
    "freezer", freezerIDs, placeholder: "freezer",
    help: "Where the step's samples go; default the first freezer at their temperature with a free slot.")
  static let label = Argument(
    "label", .text(maximumLength: 40), help: "The sample's label, e.g. leaf-1.")
  static let experimentOption = Option(
    "experiment", .text(maximumLength: 60), placeholder: "experiment", help: "The experiment the sample comes from.")
  static let sample = Argument("sample", .text(maximumLength: 36), help: "The sample's id (or its first characters).")
  static let experimentID = Argument(
    "experiment", .text(maximumLength: 60), help: "The experiment's id, e.g. plant-habitat (see 'experiments').")
  static let runID = Argument("run", .text(maximumLength: 36), help: "The run's id (or its first characters).")
  static let step = Option(
    "step", .integer(in: 1...99), placeholder: "n",
    help: "The step meant; refused when another step is current (so a repeated command changes nothing).")
  static let reason = Option(
    "reason", .text(maximumLength: 200), placeholder: "text", required: true, help: "Why, for the run log.")

  // Commands.
  static let labsCommand = Command(
    "labs", abstract: "Destiny, Columbus, Kibo and Nauka: racks (power, temperature, state) and freezers.", json: true
  ) { _ in LaboratoryRoute.labs }
  static let rackCommand = Command(
    "labs rack", abstract: "Switch a rack to operating, standby or off.",
    discussion: "A rack in fault must be switched off first (exit 65).", parameters: [rackID, rackState], json: true
  ) { values in LaboratoryRoute.rack(values[rackID], values[rackState]) }
  static let stowageCommand = Command(
    "stowage", aliases: ["cold-stowage"],
    abstract: "Freezers at −80, −26 and +4 °C: temperatures, slots, samples, alerts.",
    discussion: "An excursion (a freezer out of its limits) raises an alert and marks the samples it put at risk.",
    json: true
  ) { _ in LaboratoryRoute.stowage }
  static let logInCommand = Command(
    "stowage log-in", abstract: "Log a sample into a freezer.",
    discussion: "Refused (exit 65, nothing changes) when the freezer is full or out of its limits.",
    parameters: [freezer, label, experimentOption], json: true
  ) { values in
    LaboratoryRoute.logIn(freezer: values[freezer], label: values[label], experiment: values[experimentOption])
  }
  static let logOutCommand = Command(
    "stowage log-out", abstract: "Log a sample out of its freezer.", parameters: [sample], json: true
  ) { values in LaboratoryRoute.logOut(sample: values[sample]) }
  static let experimentsCommand = Command(
    "experiments", abstract: "The experiment catalogue from Houston (the kept copy when offline).", json: true
  ) { _ in LaboratoryRoute.experiments }
  static let experimentCommand = Command(
    "experiments show", abstract: "An experiment's procedure: steps, supplies, samples.", parameters: [experimentID],
    json: true
  ) { values in LaboratoryRoute.experiment(values[experimentID]) }
  static let scheduleCommand = Command(
    "schedule", abstract: "The crew's run schedule from Houston (the kept copy when offline).", json: true
  ) { _ in LaboratoryRoute.schedule }
  static let startCommand = Command(
    "run start", abstract: "Start running an experiment; interactively, walk its procedure step by step.",
    discussion: "The profile's cosmonaut runs it ('profile set --name NAME' first).", parameters: [experimentID],
    json: true
  ) { values in LaboratoryRoute.startRun(experiment: values[experimentID]) }
  static let runsCommand = Command("run list", abstract: "Every run and where it stands.", json: true) { _ in
    LaboratoryRoute.runs
  }
  static let runCommand = Command(
    "run show", abstract: "A run step by step: done, skipped (and why), current, left.", parameters: [runID], json: true
  ) { values in LaboratoryRoute.run(values[runID]) }
  static let doneCommand = Command(
    "run done", abstract: "Mark the current step done: draw its supplies, log its samples.",
    discussion: "Refused (exit 65, nothing changes) when a supply is short or no freezer can take a sample.",
    parameters: [runID, step, freezerOption], json: true
  ) { values in LaboratoryRoute.done(run: values[runID], step: values[step], freezer: values[freezerOption]) }
  static let skipCommand = Command(
    "run skip", abstract: "Skip the current step, saying why.", parameters: [runID, step, reason], json: true
  ) { values in LaboratoryRoute.skip(run: values[runID], step: values[step], reason: values[reason] ?? "") }
  static let pauseCommand = Command("run pause", abstract: "Pause a run.", parameters: [runID], json: true) { values in
    LaboratoryRoute.pause(run: values[runID])
  }
  static let resumeCommand = Command(
    "run resume", abstract: "Resume a run; interactively, back into the procedure viewer.",
    discussion: "A step the app was stopped in while marking it done is finished first.", parameters: [runID],
    json: true
  ) { values in LaboratoryRoute.resume(run: values[runID]) }
  static let abortCommand = Command(
    "run abort", abstract: "Stop a run for good, saying why.", parameters: [runID, reason], json: true
  ) { values in LaboratoryRoute.abort(run: values[runID], reason: values[reason] ?? "") }
  static let resultsCommand = Command(
    "results", abstract: "Run logs and sample records waiting for the ground.", json: true
  ) { _ in LaboratoryRoute.results }
  static let sendCommand = Command(
    "results send", abstract: "Send the results to Houston, each exactly once.",
    discussion: "Results Houston does not acknowledge stay queued for the next try.", json: true
  ) { _ in LaboratoryRoute.sendResults }
}

// MARK: - Interactive app

extension LaboratoryRoute: DomainRoute {
  public static let mainMenu = [
    MenuEntry("Labs", key: "l", route: LaboratoryRoute.labs),
    MenuEntry("Cold stowage", key: "s", route: LaboratoryRoute.stowage),
    MenuEntry("Experiments", key: "e", route: LaboratoryRoute.experiments),
    MenuEntry("Runs", key: "r", route: LaboratoryRoute.runs),
    MenuEntry("Results", key: "g", route: LaboratoryRoute.results),
  ]

  public init?(destination: Destination) {
    switch destination {
    case .profile, .supplies, .missionControlSync, .spacesuit, .health: return nil
    }
  }

  public var change: LocalizedText? { changeSentence.map { .verbatim($0) } }

  /// What the route changes, in English (until the domain has string tables).
  var changeSentence: String? {
    switch self {
    case .rack(let rack, let state): "switch \(rack) to \(state.rawValue)."
    case .logIn(let freezer, let label, _): "log sample \(label) into \(freezer)."
    case .logOut(let sample): "log sample \(sample) out of its freezer."
    case .startRun(let experiment): "start a run of \(experiment)."
    case .done(let run, let step, _): "mark \(step.map { "step \($0)" } ?? "the current step") of run \(run) done."
    case .skip(let run, let step, _): "skip \(step.map { "step \($0)" } ?? "the current step") of run \(run)."
    case .pause(let run): "pause run \(run)."
    case .abort(let run, _): "abort run \(run)."
    case .sendResults: "send the queued results to Houston."
    case .labs, .stowage, .experiments, .experiment, .schedule, .runs, .run, .resume, .results: nil
    }
  }
}
