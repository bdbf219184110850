import CommandLineKit
import FoundationEssentials
import LaboratoryService
import Logging
import Scaffold

/// The command line of `lab-sim`, declared with the workspace's command-line layer.
enum LabCommandLine {
  /// `--socket <path>`: the socket file to listen on (required).
  static let socket = BenchLauncher.socket
  /// `--scenario <name>`: how the labs start.
  static let scenario = Option(
    "scenario", ValueFormat<LabBenchScenario>.choice, placeholder: "name",
    help: "How the labs start: "
      + LabBenchScenario.allCases.map { "\($0.rawValue) (\($0.summary))" }.joined(separator: ", ")
      + "; default nominal.")
  /// `--time-factor <n>`: how much faster than the wall clock the labs' time runs.
  static let timeFactor = BenchLauncher.timeFactor(in: 0.1...10_000, example: "60: a minute a second")
  /// `--log-level <level>`: what goes to standard error.
  static let logLevel = BenchLauncher.logLevel

  static let program = Program<Never>(
    name: "lab-sim", version: "0.1.0",
    abstract: "A bench laboratory: serves the racks and freezers of Destiny, Columbus, Kibo and Nauka over the "
      + "Radio protocol on a Unix-domain socket.",
    discussion: """
      Prints "lab-sim listening on PATH" once ready; SIGINT and SIGTERM stop it and remove the socket. \
      Connect the app with laboratory --lab unix:PATH. Every client shares one set of labs.
      """,
    options: [socket, scenario, timeFactor, logLevel], commands: [], withoutCommand: "serves the labs",
    sections: [BenchLauncher.exitCodesSection()])
}

/// What the command line asks the simulator to do.
struct LabOptions: Equatable {
  var socketPath: String
  var scenario = LabBenchScenario.nominal
  var timeFactor = 1.0
  var logLevel = LogLevel.notice

  /// The options of a parsed command line.
  init(_ values: ParsedValues) {
    socketPath = values[LabCommandLine.socket] ?? ""
    scenario = values[LabCommandLine.scenario] ?? scenario
    timeFactor = values[LabCommandLine.timeFactor] ?? timeFactor
    logLevel = values[LabCommandLine.logLevel] ?? logLevel
  }
}

/// How the labs start, for a bench or a test that wants to see something happen.
enum LabBenchScenario: String, CaseIterable, Sendable {
  case nominal
  case freezerExcursion = "freezer-excursion"
  case rackFault = "rack-fault"

  /// One phrase for help.
  var summary: String {
    switch self {
    case .nominal: "every rack and freezer working"
    case .freezerExcursion: "MELFI-1's cooler stops ten lab minutes in; the −80 °C dewar warms out of its limits"
    case .rackFault: "the Combustion Integrated Rack faults five lab minutes in"
    }
  }

  /// The model's scenario.
  var lab: LabScenario {
    switch self {
    case .nominal: .nominal
    case .freezerExcursion: LabScenario(coolerFailure: .init(id: "melfi-1", afterSeconds: 600))
    case .rackFault: LabScenario(rackFault: .init(id: "cir", afterSeconds: 300))
    }
  }
}
