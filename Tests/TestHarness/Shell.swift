import Foundation
import Testing

/// A shell the completion scripts are written for, and how it checks a script without running it.
public enum Shell: String, CaseIterable, Sendable {
  case bash, zsh, fish

  /// Whether the shell is installed (bash always is; .ci/run installs zsh and fish).
  public var isInstalled: Bool { Tool.isInstalled(rawValue) }

  /// Why a test that needs this shell is skipped where it is missing.
  public var absence: Comment { Tool.missing(rawValue, for: "it checks the \(rawValue) completion script") }

  /// Checks the syntax of `script` (`-n`, fish's `--no-execute`); status 0 when the shell accepts it.
  public func checkSyntax(of script: String) async throws -> ProcessResult {
    let file = FileManager.default.temporaryDirectory.appendingPathComponent(
      "completion-\(UUID().uuidString).\(rawValue)")
    try script.write(to: file, atomically: true, encoding: .utf8)
    defer { try? FileManager.default.removeItem(at: file) }
    return try await ChildProcess.run(rawValue, [self == .fish ? "--no-execute" : "-n", file.path])
  }

  /// Runs `command` with this shell (`-c`; fish without its configuration) and returns what it printed.
  public func run(_ command: String) async throws -> ProcessResult {
    try await ChildProcess.run(rawValue, (self == .fish ? ["--no-config"] : []) + ["-c", command])
  }
}
