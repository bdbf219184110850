import LaboratoryServiceInterface
import Localization
import UIComponents

/// The experiment catalogue and the crew's run schedule, from Houston or the kept copies.
@MainActor
struct ExperimentsFlow {
  let context: FlowContext
  let lab: any LaboratoryClient

  /// The experiment `id` from the catalogue.
  func experiment(_ id: String) async throws -> Experiment {
    let catalogue = try await lab.catalogue().document
    guard let experiment = catalogue.experiment(id) else {
      throw LaboratoryFlowError.unknownExperiment(id, known: catalogue.experiments.map(\.id))
    }
    return experiment
  }

  func showCatalogue() async throws {
    try context.show(try await lab.catalogue(), as: LabScreens.catalogue)
  }

  func show(_ id: String) async throws {
    try context.show(try await experiment(id), as: LabScreens.experiment)
  }

  func showSchedule() async throws {
    try context.show(try await lab.schedule(), as: LabScreens.schedule)
  }

  func runInteractive(runs: RunFlow) async {
    let (lab, theme, translator) = (lab, context.theme, context.translator)
    let screen = InteractiveScreen(
      menu: Menu<ExperimentsChoice>(Strings.menuExperiments),
      load: { try await lab.catalogue() }, render: { LabScreens.catalogue($0, theme: theme, translator: translator) })
    await screen.run(in: context) { choice, catalogue in
      let ids = catalogue.document.experiments.map(\.id).joined(separator: ", ")
      switch choice {
      case .viewProcedure:
        guard
          let id = context.ask(Strings.askExperiment(experiments: ids), reading: LaboratoryRoute.experimentID.format)
        else { return .stay }
        await context.presentingErrors { try await show(id) }
      case .startRun:
        guard
          let id = context.ask(Strings.askExperiment(experiments: ids), reading: LaboratoryRoute.experimentID.format)
        else { return .stay }
        await runs.start(id)
      case .crewSchedule: await context.presentingErrors { try await showSchedule() }
      case .back: return .leave
      }
      return .stay
    }
  }
}
