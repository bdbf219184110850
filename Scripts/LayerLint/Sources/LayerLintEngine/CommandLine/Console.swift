import Foundation

/// Where a command writes; tests capture both streams.
package struct Console: Sendable {
  /// Writes to standard output.
  package let writeOutput: @Sendable (String) -> Void
  /// Writes to standard error.
  package let writeError: @Sendable (String) -> Void

  /// Creates a console from two writers.
  package init(writeOutput: @escaping @Sendable (String) -> Void, writeError: @escaping @Sendable (String) -> Void) {
    self.writeOutput = writeOutput
    self.writeError = writeError
  }

  /// The process's standard output and standard error.
  package static let standard = Console(
    writeOutput: { FileHandle.standardOutput.write(Data($0.utf8)) },
    writeError: { FileHandle.standardError.write(Data($0.utf8)) })
}

/// The exit codes shared by every guard-rail command.
public enum ExitCode {
  /// Clean, or the command did what was asked.
  public static let success: Int32 = 0
  /// Violations found (lint), or the README is stale (graph check).
  public static let violations: Int32 = 1
  /// The command could not run: manifest, configuration or baseline unusable.
  public static let cannotRun: Int32 = 2
  /// Bad usage: unknown flag, missing value, invalid name or layer.
  public static let usage: Int32 = 64
}

/// A command-line mistake; the message is one line.
package struct UsageError: Error {
  package let message: String

  /// A mistake described by `message`.
  package init(message: String) {
    self.message = message
  }
}

/// A tiny `--flag value` / `--flag=value` parser shared by the commands.
package struct ArgumentReader {
  package private(set) var positional: [String] = []
  private var options: [String: String] = [:]
  private var switches: Set<String> = []

  /// Parses `arguments`; `valueOptions` take a value, `flagOptions` do not.
  package init(_ arguments: [String], valueOptions: Set<String>, flagOptions: Set<String>) throws(UsageError) {
    var index = 0
    while index < arguments.count {
      let argument = arguments[index]
      index += 1
      guard argument.hasPrefix("--") else {
        positional.append(argument)
        continue
      }
      let parts = argument.split(separator: "=", maxSplits: 1).map(String.init)
      let name = parts[0]
      if valueOptions.contains(name) {
        if parts.count == 2 {
          options[name] = parts[1]
        } else if index < arguments.count {
          options[name] = arguments[index]
          index += 1
        } else {
          throw UsageError(message: "\(name) needs a value")
        }
      } else if flagOptions.contains(name) && parts.count == 1 {
        switches.insert(name)
      } else {
        throw UsageError(message: "unknown option \(argument)")
      }
    }
  }

  package func value(_ name: String) -> String? { options[name] }
  package func isSet(_ name: String) -> Bool { switches.contains(name) }
}
