import CommandLineKit
import Foundation
import Logging

/// The command line of `spacesuit-sim`, declared with the workspace's command-line layer.
enum SimulatorCommandLine {
  /// `--socket <path>`: the socket file to listen on (required).
  static let socket = Option(
    "socket", .path(), placeholder: "path", required: true, help: "Socket file to listen on (at most 107 bytes).")
  /// `--seed <n>`: the seed of the deterministic suit model.
  static let seed = Option(
    "seed", .unsigned, placeholder: "n", help: "Seed of the deterministic suit model; default 42.")
  /// `--tick-ms <ms>`: the model's integration step.
  static let tick = Option(
    "tick-ms", .integer(in: 1...60_000), placeholder: "ms",
    help: "Model integration step in milliseconds; default 1000.")
  /// `--log-level <level>`: what goes to standard error.
  static let logLevel = Option(
    "log-level", .logLevel, placeholder: "level", help: "What is logged to standard error; default notice.")

  static let program = Program<Never>(
    name: "spacesuit-sim", version: "0.2.0",
    abstract: "A bench spacesuit: serves a simulated suit over the Radio protocol on a Unix-domain socket.",
    discussion: """
      Prints "spacesuit-sim listening on PATH" once ready; SIGINT and SIGTERM stop it and remove the socket. \
      Connect an app with --suit unix:PATH.
      """,
    options: [socket, seed, tick, logLevel], commands: [], withoutCommand: "serves the suit",
    sections: [
      (
        "EXIT CODES",
        "0 stopped by a signal; 64 bad usage; 69 the socket is served by another process; 70 failure."
      )
    ])
}

/// What the command line asks the simulator to do.
struct SimulatorOptions: Equatable {
  var socketPath: String
  var seed: UInt64 = 42
  var tickMilliseconds: Int = 1000
  var logLevel: LogLevel = .notice

  /// The options of a parsed command line.
  init(_ values: ParsedValues) {
    socketPath = values[SimulatorCommandLine.socket] ?? ""
    seed = values[SimulatorCommandLine.seed] ?? seed
    tickMilliseconds = values[SimulatorCommandLine.tick] ?? tickMilliseconds
    logLevel = values[SimulatorCommandLine.logLevel] ?? logLevel
  }
}
