import CosmonautServiceInterface
import LaboratoryServiceInterface
import UIComponents

/// The Laboratory domain's entry point: labs, cold stowage, experiments, runs and results.
@MainActor
public final class LaboratoryCoordinator: Coordinator {
  private let context: FlowContext
  private let labs: LabsFlow
  private let stowage: StowageFlow
  private let experiments: ExperimentsFlow
  private let runs: RunFlow
  private let results: ResultsFlow

  /// Creates the coordinator for one presentation over the labs and the cosmonaut's data.
  public init(
    context: FlowContext, lab: any LaboratoryClient, cosmonaut: any CosmonautClient,
    features: LaboratoryFeatures = LaboratoryFeatures()
  ) {
    self.context = context
    labs = LabsFlow(context: context, lab: lab)
    stowage = StowageFlow(context: context, lab: lab, cosmonaut: cosmonaut)
    experiments = ExperimentsFlow(context: context, lab: lab)
    runs = RunFlow(context: context, lab: lab, cosmonaut: cosmonaut, experiments: experiments, features: features)
    results = ResultsFlow(context: context, lab: lab)
  }

  /// The domain's home: the runs.
  public func start() async {
    await runs.runInteractive()
  }

  public func start(at route: LaboratoryRoute) async throws {
    let interactive = context.presentation == .interactive
    switch route {
    case .labs:
      if interactive { await labs.runInteractive() } else { try await labs.show() }
    case .rack(let rack, let state):
      try await labs.switchRack(rack, to: state)
      if interactive { await labs.runInteractive() }
    case .stowage:
      if interactive { await stowage.runInteractive() } else { try await stowage.show() }
    case .logIn(let freezer, let label, let experiment):
      try await stowage.logIn(freezer: freezer, label: label, experiment: experiment)
      if interactive { await stowage.runInteractive() }
    case .logOut(let sample):
      try await stowage.logOut(sample)
      if interactive { await stowage.runInteractive() }
    case .experiments:
      if interactive { await experiments.runInteractive(runs: runs) } else { try await experiments.showCatalogue() }
    case .experiment(let id):
      try await experiments.show(id)
      if interactive { await experiments.runInteractive(runs: runs) }
    case .schedule:
      try await experiments.showSchedule()
      if interactive { await experiments.runInteractive(runs: runs) }
    case .startRun(let experiment):
      if interactive { await runs.start(experiment) } else { try runs.show(try await runs.startRun(experiment)) }
    case .runs:
      if interactive { await runs.runInteractive() } else { try await runs.list() }
    case .run(let id):
      if interactive { try await runs.resume(id) } else { try await runs.show(id) }
    case .done(let id, let step, let freezer):
      try await runs.done(id, step: step, freezer: freezer)
      if interactive { try await runs.resume(id) }
    case .skip(let id, let step, let reason):
      try await runs.skip(id, step: step, reason: reason)
      if interactive { try await runs.resume(id) }
    case .pause(let id):
      try await runs.change(id, .pause)
    case .resume(let id):
      if interactive { try await runs.resume(id) } else { try await runs.change(id, .resume) }
    case .abort(let id, let reason):
      try await runs.change(id, .abort(reason: reason))
    case .results:
      if interactive { await results.runInteractive() } else { try await results.show() }
    case .sendResults:
      try await results.send()
      if interactive { await results.runInteractive() }
    case .retryResult(let key):
      try await results.retry(key)
      if interactive { await results.runInteractive() }
    case .discardResult(let key):
      try await results.discard(key)
      if interactive { await results.runInteractive() }
    }
  }
}
