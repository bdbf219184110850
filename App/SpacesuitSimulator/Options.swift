import Foundation
import Logging

/// The command line of `spacesuit-sim`.
struct SimulatorOptions: Equatable {
  var socketPath: String
  var seed: UInt64 = 42
  var tickMilliseconds: Int = 1000
  var logLevel: LogLevel = .notice

  static let usage = """
    Usage: spacesuit-sim --socket PATH [--seed N] [--tick-ms N] [--log-level LEVEL]

    A bench spacesuit: serves a simulated suit over the Radio protocol on a Unix-domain socket.

    Options:
      --socket PATH       socket file to listen on (required; at most 107 bytes)
      --seed N            seed of the deterministic suit model (default 42)
      --tick-ms N         model integration step in milliseconds, 1...60000 (default 1000)
      --log-level LEVEL   trace, debug, info, notice, warning, error, critical (default notice)
      --help              show this help

    Prints "spacesuit-sim listening on PATH" once ready; SIGINT/SIGTERM stop it and remove the socket.
    Exit codes: 0 stopped by a signal, 64 bad usage, 69 socket already served by another process, 70 failure.
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
  var socketPath: String?
  var options = SimulatorOptions(socketPath: "")
  var remaining = arguments[...]

  func value(for flag: String) -> Result<String, UsageError> {
    guard let value = remaining.popFirst(), !value.hasPrefix("--") else {
      return .failure(UsageError(message: "\(flag) needs a value"))
    }
    return .success(value)
  }

  while let argument = remaining.popFirst() {
    switch argument {
    case "--help", "-h":
      return .success(.help)
    case "--socket":
      switch value(for: argument) {
      case .success(let path): socketPath = path
      case .failure(let error): return .failure(error)
      }
    case "--seed":
      switch value(for: argument) {
      case .success(let text):
        guard let seed = UInt64(text) else {
          return .failure(UsageError(message: "--seed needs a whole number, not \"\(text)\""))
        }
        options.seed = seed
      case .failure(let error): return .failure(error)
      }
    case "--tick-ms":
      switch value(for: argument) {
      case .success(let text):
        guard let tick = Int(text), (1...60_000).contains(tick) else {
          return .failure(UsageError(message: "--tick-ms needs a number of milliseconds in 1...60000, not \"\(text)\""))
        }
        options.tickMilliseconds = tick
      case .failure(let error): return .failure(error)
      }
    case "--log-level":
      switch value(for: argument) {
      case .success(let text):
        guard let level = LogLevel(name: text) else {
          let names = LogLevel.allCases.map(\.description).joined(separator: ", ")
          return .failure(UsageError(message: "--log-level must be one of \(names.lowercased()), not \"\(text)\""))
        }
        options.logLevel = level
      case .failure(let error): return .failure(error)
      }
    default:
      return .failure(UsageError(message: "unknown argument \"\(argument)\""))
    }
  }
  guard let socketPath, !socketPath.isEmpty else { return .failure(UsageError(message: "--socket PATH is required")) }
  options.socketPath = socketPath
  return .success(.run(options))
}
