import CommandLineKit
import FoundationEssentials
import Logging
import Scaffold
import SpacesuitService
import SpacesuitServiceInterface

/// The command line of `spacesuit-sim`, declared with the workspace's command-line layer.
enum SimulatorCommandLine {
  /// `--socket <path>`: the socket file to listen on (required).
  static let socket = BenchLauncher.socket
  /// `--seed <n>`: the seed of the deterministic suit model.
  static let seed = Option(
    "seed", .unsigned, placeholder: "n", help: "Seed of the deterministic suit model; default 42.")
  /// `--tick-ms <ms>`: the model's integration step.
  static let tick = Option(
    "tick-ms", .integer(in: 1...60_000), placeholder: "ms",
    help: "Model integration step in milliseconds; default 1000.")
  /// `--scenario <name>`: a fault the suit goes through from the start.
  static let scenario = Option(
    "scenario", ValueFormat<SuitScenario>.choice, placeholder: "name",
    help: "A fault the suit goes through from the start; default nominal (see SCENARIOS).")
  /// `--time-factor <n>`: suit seconds per real second.
  static let timeFactor = BenchLauncher.timeFactor(
    in: SuitConnection.timeFactorRange, example: "60 = a suit minute a second")
  /// `--measure <n>`: time the link as a client instead of serving.
  static let measure = Option(
    "measure", .integer(in: 1...1_000_000), placeholder: "n",
    help: "Do not serve: time <n> telemetry requests and a 1 ms watch of <n> samples as a client of the suit at "
      + "--socket, and print one JSON line.")
  /// `--log-level <level>`: what goes to standard error.
  static let logLevel = BenchLauncher.logLevel

  static let program = Program<Never>(
    name: "spacesuit-sim", version: "0.2.0",
    abstract: "A bench spacesuit: serves a simulated suit over the Radio protocol on a Unix-domain socket.",
    discussion: """
      Prints "spacesuit-sim listening on PATH" once ready; SIGINT and SIGTERM stop it and remove the socket. \
      Only a stale socket (nobody accepting on it) is replaced; nothing else at PATH is ever removed. \
      Connect an app with --suit unix:PATH.
      """,
    options: [socket, seed, tick, scenario, timeFactor, measure, logLevel], commands: [],
    withoutCommand: "serves the suit",
    sections: [
      HelpSection(
        "SCENARIOS",
        "Times in suit minutes; --time-factor 60 makes them seconds.\n"
          + SuitScenario.allCases.map { "\($0.rawValue): \($0.summary)" }.joined(separator: "\n")
      ),
      BenchLauncher.exitCodesSection(measures: true),
    ])
}

/// What the command line asks the simulator to do.
struct SimulatorOptions: Equatable {
  var socketPath: String
  var seed: UInt64 = 42
  var tickMilliseconds: Int = 1000
  var logLevel: LogLevel = .notice
  /// `--measure N`: time N requests as a client of the suit at `socketPath` instead of serving.
  var measureCount: Int?
  var scenario: SuitScenario = .nominal
  var timeFactor: Double = 1

  /// The options of a parsed command line.
  init(_ values: ParsedValues) {
    socketPath = values[SimulatorCommandLine.socket] ?? ""
    seed = values[SimulatorCommandLine.seed] ?? seed
    tickMilliseconds = values[SimulatorCommandLine.tick] ?? tickMilliseconds
    logLevel = values[SimulatorCommandLine.logLevel] ?? logLevel
    measureCount = values[SimulatorCommandLine.measure]
    scenario = values[SimulatorCommandLine.scenario] ?? scenario
    timeFactor = values[SimulatorCommandLine.timeFactor] ?? timeFactor
  }
}
