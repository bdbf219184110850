import Foundation
import Logging
import SpacesuitService

/// The command line of `spacesuit-sim`.
struct SimulatorOptions: Equatable {
  var socketPath: String
  var seed: UInt64 = 42
  var tickMilliseconds: Int = 1000
  var logLevel: LogLevel = .notice
  /// `--measure N`: time N requests as a client of the suit at `socketPath` instead of serving.
  var measureCount: Int?
  var scenario: SuitScenario = .nominal
  var timeFactor: Double = 1

  static let usage = """
    Usage: spacesuit-sim --socket PATH [--seed N] [--tick-ms N] [--scenario NAME] [--time-factor N]
                         [--log-level LEVEL]
           spacesuit-sim --socket PATH --measure N

    A bench spacesuit: serves a simulated suit over the Radio protocol on a Unix-domain socket.

    Options:
      --socket PATH       socket file to listen on (required; at most 107 bytes)
      --seed N            seed of the deterministic suit model (default 42)
      --tick-ms N         model integration step in milliseconds, 1...60000 (default 1000)
      --scenario NAME     a fault the suit goes through from the start (default nominal); see below
      --time-factor N     suit seconds per real second, 0.01...3600 (default 1; 60 = a minute a second)
      --log-level LEVEL   trace, debug, info, notice, warning, error, critical (default notice)
      --measure N         do not serve: time N telemetry requests and a 1 ms watch of N samples
                          as a client of the suit at --socket PATH; print one JSON line
      --help              show this help

    Scenarios (times in suit minutes; --time-factor 60 makes them seconds):
    \(SuitScenario.allCases.map { "  \($0.rawValue.padding(toLength: 18, withPad: " ", startingAt: 0))\($0.summary)" }
      .joined(separator: "\n"))

    Prints "spacesuit-sim listening on PATH" once ready; SIGINT/SIGTERM stop it and remove the socket.
    Only a stale socket (nobody accepting on it) is replaced; nothing else at PATH is ever removed.
    Exit codes: 0 stopped by a signal, 64 bad usage, 69 socket already served by another process,
    73 nothing can be created at PATH (a directory, a file, no such directory), 70 failure.
    """
}

/// What the command line asks for.
enum SimulatorCommand: Equatable {
  case help
  case run(SimulatorOptions)
}

/// A bad command line, described in one line.
struct UsageError: Error, Equatable {
  let message: String
}

/// Parses the arguments (without the program name).
func parseArguments(_ arguments: [String]) -> Result<SimulatorCommand, UsageError> {
  Result { () throws(UsageError) in try parseCommand(arguments) }
}

private func parseCommand(_ arguments: [String]) throws(UsageError) -> SimulatorCommand {
  var socketPath: String?
  var options = SimulatorOptions(socketPath: "")
  var remaining = arguments[...]

  /// The value after `flag` as `convert` reads it; `expected` says what a good value is.
  func value<Value>(for flag: String, expected: String, _ convert: (String) -> Value?) throws(UsageError) -> Value {
    guard let text = remaining.popFirst(), !text.hasPrefix("--") else {
      throw UsageError(message: "\(flag) needs a value")
    }
    guard let value = convert(text) else { throw UsageError(message: "\(flag) \(expected), not \"\(text)\"") }
    return value
  }

  while let argument = remaining.popFirst() {
    switch argument {
    case "--help", "-h":
      return .help
    case "--socket":
      socketPath = try value(for: argument, expected: "needs a path") { $0 }
    case "--seed":
      options.seed = try value(for: argument, expected: "needs a whole number") { UInt64($0) }
    case "--tick-ms":
      options.tickMilliseconds = try value(for: argument, expected: "needs a number of milliseconds in 1...60000") {
        Int($0).flatMap { (1...60_000).contains($0) ? $0 : nil }
      }
    case "--measure":
      options.measureCount = try value(for: argument, expected: "needs a number of requests in 1...1000000") {
        Int($0).flatMap { (1...1_000_000).contains($0) ? $0 : nil }
      }
    case "--scenario":
      options.scenario = try value(for: argument, expected: "must be one of \(SuitScenario.names)") {
        SuitScenario(rawValue: $0)
      }
    case "--time-factor":
      options.timeFactor = try value(for: argument, expected: "needs a number in 0.01...3600") {
        Double($0).flatMap { SuitConnection.timeFactorRange.contains($0) ? $0 : nil }
      }
    case "--log-level":
      let names = LogLevel.allCases.map(\.description).joined(separator: ", ").lowercased()
      options.logLevel = try value(for: argument, expected: "must be one of \(names)") { LogLevel(name: $0) }
    default:
      throw UsageError(message: "unknown argument \"\(argument)\"")
    }
  }
  guard let socketPath, !socketPath.isEmpty else { throw UsageError(message: "--socket PATH is required") }
  options.socketPath = socketPath
  return .run(options)
}
