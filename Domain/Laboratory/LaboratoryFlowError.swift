import AppAnalytics
import Localization

/// Why a run cannot go on, in the terms of the rules that span the lab and the cosmonaut's data.
enum LaboratoryFlowError: ReportableError, TranslatedError, Equatable {
  /// The profile has no name: nobody to run the experiment.
  case noCrewMember
  /// The inventory has no such item.
  case unknownSupply(item: String, step: Int)
  /// Not enough of an item for the step.
  case shortOfSupply(item: String, needed: Int, available: Int, unit: String, step: Int)
  /// No such experiment in the catalogue.
  case unknownExperiment(String, known: [String])
  /// The step is not one of the run's.
  case noSuchStep(Int, run: String, count: Int)
  /// The step to skip was being marked done by a process that was interrupted; that was just
  /// finished, so the step is done and cannot be skipped.
  case finishedNotSkipped(step: Int, run: String)

  var kind: ErrorKind {
    switch self {
    case .noCrewMember, .unknownSupply, .shortOfSupply, .finishedNotSkipped: .rejected
    case .unknownExperiment, .noSuchStep: .usage
    }
  }

  var translatedMessage: LocalizedText {
    switch self {
    case .noCrewMember: Strings.errorNoCrew
    case .unknownSupply(let item, let step): Strings.errorUnknownSupply(step: step, item: item)
    case .shortOfSupply(let item, let needed, let available, let unit, let step):
      Strings.errorShortOfSupply(step: step, needed: needed, unit: unit, item: item, available: available)
    case .unknownExperiment(let id, let known):
      Strings.errorUnknownExperiment(id: id, known: known.joined(separator: ", "))
    case .noSuchStep(let step, let run, let count): Strings.errorNoSuchStep(run: run, count: count, step: step)
    case .finishedNotSkipped(let step, let run): Strings.errorFinishedNotSkipped(step: step, run: run)
    }
  }

  var userMessage: String { translatedMessage.description }
}
