import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// What a finished process left behind.
public struct ProcessResult: Sendable {
  /// The exit status as a shell reports it (128 + the signal's number when a signal ended it).
  public let status: Int32
  /// Everything it wrote to standard output.
  public let stdout: String
  /// Everything it wrote to standard error.
  public let stderr: String
  /// How long it ran, from its start to its exit (not to the end of its output).
  public let seconds: Double
  /// How it ended.
  public let exit: ChildProcess.Exit

  /// What `child`, which has exited, left behind.
  public init(of child: ChildProcess, exit: ChildProcess.Exit) {
    status = exit.status
    stdout = child.output
    stderr = child.errors
    seconds = child.runTime.map { Double($0.components.seconds) + Double($0.components.attoseconds) * 1e-18 } ?? 0
    self.exit = exit
  }
}

/// A process that ran past its time limit (it was killed).
public struct ProcessTimedOut: Error, CustomStringConvertible {
  /// The command line.
  public let command: String
  /// The time limit.
  public let limit: Duration

  public var description: String { "timed out after \(limit): \(command)" }
}

extension ChildProcess {
  /// Runs `executable` to its end and returns what it printed; standard input is `input` (then end
  /// of input), or empty.
  ///
  /// - Throws: `SpawnFailure`; `ProcessTimedOut` (the process is killed) when it runs longer than
  ///   `timeLimit`; `CancellationError` (the process is killed) when the task is cancelled.
  public static func run(
    _ executable: String, _ arguments: [String] = [], environment: [String: String]? = nil, input: String? = nil,
    timeLimit: Duration = .seconds(120)
  ) async throws -> ProcessResult {
    let child = try ChildProcess(
      executable, arguments, environment: environment, input: input.map { .text($0) } ?? .null)
    guard let exit = await child.exit(within: timeLimit) else {
      await child.kill()
      try Task.checkCancellation()
      throw ProcessTimedOut(command: ([child.name] + arguments).joined(separator: " "), limit: timeLimit)
    }
    // A process it left behind may hold its output open: take what came within a bounded time.
    await child.outputClosed(within: .seconds(60))
    return ProcessResult(of: child, exit: exit)
  }

  /// Runs `executable` like `run(_:_:environment:input:timeLimit:)`, from a file URL.
  public static func run(
    _ executable: URL, _ arguments: [String] = [], environment: [String: String]? = nil, input: String? = nil,
    timeLimit: Duration = .seconds(120)
  ) async throws -> ProcessResult {
    try await run(executable.path, arguments, environment: environment, input: input, timeLimit: timeLimit)
  }
}
