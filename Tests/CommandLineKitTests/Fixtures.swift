import CommandLineKit
import Foundation

/// A small laboratory grammar exercising every kind of parameter, alias and group.
enum LabRoute: CommandRoute {
  case racks
  case rack(id: String)
  case log(sample: String, freezer: Freezer, note: String?, urgent: Bool)
  case heat(celsius: Double)
  case status

  enum Freezer: String, CaseIterable, Sendable {
    case minus80 = "minus80", minus26 = "minus26", plus4 = "plus4"
  }

  static let rackID = Argument("rack", .text(maximumLength: 12, suggestions: ["er1", "er2"]), help: "The rack's id.")
  static let sample = Argument("sample", .text(maximumLength: 40), help: "The sample's label.")
  static let freezer = Argument("freezer", ValueFormat<Freezer>.choice, help: "Which freezer.")
  static let note = Option("note", .text(maximumLength: 80), placeholder: "text", help: "A note.")
  static let urgent = Flag("urgent", help: "Log it first.")
  static let celsius = Argument("celsius", .decimal(in: -80...40), help: "The set point.")

  static let racksCommand = Command<LabRoute>("racks list", abstract: "Every rack.", json: true) { _ in .racks }
  static let rackCommand = Command<LabRoute>(
    "racks show", aliases: ["view"], abstract: "One rack.", parameters: [rackID], json: true
  ) { .rack(id: $0[rackID]) }
  static let logCommand = Command<LabRoute>(
    "samples log", abstract: "Log a sample into a freezer.", discussion: "The freezer must have room.",
    parameters: [sample, freezer, note, urgent]
  ) { values in
    .log(sample: values[sample], freezer: values[freezer], note: values[note], urgent: values[urgent])
  }
  static let heatCommand = Command<LabRoute>("heat", abstract: "Set the glovebox temperature.", parameters: [celsius]) {
    values in
    guard values[celsius] != 13 else { throw UsageError("13 °C is unlucky; pick another") }
    return .heat(celsius: values[celsius])
  }
  static let statusCommand = Command<LabRoute>("status", abstract: "The lab at a glance.", json: true) { _ in .status }

  static let commands = [racksCommand, rackCommand, logCommand, heatCommand, statusCommand]
  static let groups = [
    CommandGroup("racks", aliases: ["rack"], abstract: "The racks."),
    CommandGroup("samples", abstract: "Samples in cold stowage."),
  ]

  var invocation: CommandInvocation {
    switch self {
    case .racks: Self.racksCommand.invocation()
    case .rack(let id): Self.rackCommand.invocation(Self.rackID(id))
    case .log(let sample, let freezer, let note, let urgent):
      Self.logCommand.invocation(Self.sample(sample), Self.freezer(freezer), Self.note(note), Self.urgent(urgent))
    case .heat(let celsius): Self.heatCommand.invocation(Self.celsius(celsius))
    case .status: Self.statusCommand.invocation()
    }
  }

  /// One route of every command, with values that need care when written (spaces, a leading dash).
  static let examples: [LabRoute] = [
    .racks, .rack(id: "er1"), .log(sample: "blood 7", freezer: .minus80, note: nil, urgent: false),
    .log(sample: "-x", freezer: .plus4, note: "keep cold & dark", urgent: true), .heat(celsius: -20.5),
    .heat(celsius: 37), .status,
  ]

  static let region = Option(
    "region", .choice(["us", "ru"]), placeholder: "region", environment: "LAB_REGION", help: "Where.")
  static let verbose = Flag("verbose", help: "Say more.")

  static let program = Program<LabRoute>(
    name: "lab", version: "1.2.3", abstract: "The laboratory.", options: [region, verbose], commands: commands,
    groups: groups, withoutCommand: "starts the interactive lab", sections: [.exitCodes])
}
