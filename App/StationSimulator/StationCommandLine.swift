import CommandLineKit
import DockingPortService
import DockingPortServiceInterface
import FoundationEssentials
import HeatRadiatorService
import HeatRadiatorServiceInterface
import Logging
import Scaffold
import SolarArrayService
import SolarArrayServiceInterface

/// The command line of `station-sim`, declared with the workspace's command-line layer.
enum StationCommandLine {
  /// `--socket <path>`: the socket file to listen on (required).
  static let socket = BenchLauncher.socket
  /// `--scenario <name>`: how the station starts.
  static let scenario = Option(
    "scenario", ValueFormat<StationScenario>.choice, placeholder: "name",
    help: "How the station starts: "
      + StationScenario.allCases.map { "\($0.rawValue) (\($0.summary))" }
      .joined(separator: ", ") + "; default nominal.")
  /// `--time-factor <n>`: how much faster than the wall clock the station's time runs.
  static let timeFactor = BenchLauncher.timeFactor(in: 0.1...10_000, example: "60: an orbit in about 93 s")
  /// `--log-level <level>`: what goes to standard error.
  static let logLevel = BenchLauncher.logLevel

  static let program = Program<Never>(
    name: "station-sim", version: "0.1.0",
    abstract: "A bench station: serves the solar arrays, radiators and docking ports over the Radio protocol on a "
      + "Unix-domain socket.",
    discussion: """
      Prints "station-sim listening on PATH" once ready; SIGINT and SIGTERM stop it and remove the socket. \
      Connect the app with iss-overview --station unix:PATH. Every client shares one station.
      """,
    options: [socket, scenario, timeFactor, logLevel], commands: [], withoutCommand: "serves the station",
    sections: [BenchLauncher.exitCodesSection()])
}

/// What the command line asks the simulator to do.
struct StationOptions: Equatable {
  var socketPath: String
  var scenario = StationScenario.nominal
  var timeFactor = 1.0
  var logLevel = LogLevel.notice

  /// The options of a parsed command line.
  init(_ values: ParsedValues) {
    socketPath = values[StationCommandLine.socket] ?? ""
    scenario = values[StationCommandLine.scenario] ?? scenario
    timeFactor = values[StationCommandLine.timeFactor] ?? timeFactor
    logLevel = values[StationCommandLine.logLevel] ?? logLevel
  }
}

/// How the station starts, for a bench or a test that wants to see something happen.
enum StationScenario: String, CaseIterable, Sendable {
  case nominal, eclipse, gimbalStuck = "gimbal-stuck", pumpFailure = "pump-failure", lowBattery = "low-battery"

  /// One phrase for help.
  var summary: String {
    switch self {
    case .nominal: "a usual day in sunlight"
    case .eclipse: "entering the Earth's shadow"
    case .gimbalStuck: "wing 2B's beta gimbal stuck"
    case .pumpFailure: "loop A's pump tripped"
    case .lowBattery: "channel 3A's batteries at 35 %"
    }
  }

  /// The power system's start at `date`.
  func power(at date: Date) -> PowerScenario {
    switch self {
    case .nominal, .pumpFailure: .nominal(at: date)
    case .eclipse: PowerScenario(orbitPhase: 0.31)
    case .gimbalStuck: PowerScenario(stuckGimbal: .init(channel: .c2B, angle: 80))
    case .lowBattery: PowerScenario(batteryCharge: [.c3A: 35])
    }
  }

  var thermal: ThermalScenario { self == .pumpFailure ? ThermalScenario(failedPump: .a) : .nominal }

  var docking: DockingScenario { .nominal }
}
