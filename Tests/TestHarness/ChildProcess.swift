import Foundation
import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// A process a test started: spawned with `posix_spawn` into the run's process group (so it dies
/// with the test process, see `RunGroup`), its output drained and its exit reaped (`waitpid`) on
/// threads of its own. Nothing here ever blocks a thread of Swift's cooperative pool: waiting for
/// the exit or for output suspends the task, and every wait is bounded or cancellable.
///
/// Releasing a `ChildProcess` kills the process (SIGKILL) if it still runs; it never waits.
public final class ChildProcess: Sendable {
  /// What a child's standard input is.
  public enum Input: Sendable {
    /// `/dev/null`: the child reads end of input at once.
    case null
    /// A pipe the test writes to with `send(_:)` and closes with `closeInput()`.
    case pipe
    /// A pipe holding `text`, closed after it.
    case text(String)
  }

  /// Where a child's standard output or error goes.
  public enum Output: Sendable {
    /// Collected, readable as `output` / `errors` while the child runs.
    case capture
    /// Thrown away (`/dev/null`).
    case discard
    /// Written to this file (created or truncated).
    case file(String)
  }

  /// How a child ended.
  public struct Exit: Sendable, Equatable, CustomStringConvertible {
    /// The exit code, when the child exited.
    public let code: Int32?
    /// The signal that ended the child, when one did.
    public let signal: Int32?

    /// The status as a shell reports it: the exit code, or 128 + the signal's number.
    public var status: Int32 { code ?? 128 + (signal ?? 0) }

    /// A normal exit with `code`.
    public static func exited(_ code: Int32) -> Exit { Exit(code: code, signal: nil) }
    /// An end by `signal`.
    public static func killed(by signal: Int32) -> Exit { Exit(code: nil, signal: signal) }

    private init(code: Int32?, signal: Int32?) {
      (self.code, self.signal) = (code, signal)
    }

    init(waitStatus: Int32) {
      let signal = waitStatus & 0x7f
      if signal == 0 {
        (code, self.signal) = ((waitStatus >> 8) & 0xff, nil)
      } else {
        (code, self.signal) = (nil, signal)
      }
    }

    public var description: String { code.map { "exit \($0)" } ?? "signal \(signal ?? 0)" }
  }

  /// The process id.
  public let pid: pid_t
  /// The executable's file name, for messages.
  public let name: String
  /// When the child was started.
  public let started: ContinuousClock.Instant
  private let record: ExitRecord
  private let streams: ChildStreams

  /// Starts `executable` (a path, or a name looked up in `PATH`) with `arguments`.
  ///
  /// - Parameter environment: the child's whole environment; nil passes on the test process's.
  /// - Throws: `SpawnFailure` when the process cannot be started.
  public init(
    _ executable: String, _ arguments: [String] = [], environment: [String: String]? = nil, input: Input = .null,
    output: Output = .capture, errors: Output = .capture
  ) throws {
    name = (executable as NSString).lastPathComponent
    var environment = environment ?? ProcessInfo.processInfo.environment
    environment[RunGroup.markerVariable] = RunGroup.marker
    let spawned = try Spawn.lock.withLock {
      try Self.spawn(executable, arguments, environment: environment, input: input, output: output, errors: errors)
    }
    pid = spawned.pid
    started = ContinuousClock.now
    record = ExitRecord()
    streams = ChildStreams(input: spawned.input, output: spawned.output, errors: spawned.errors)
    if case .text(let text) = input {
      streams.send(Array(text.utf8))
      streams.closeInput()
    }
    streams.start(name: name)
    let (pid, record) = (pid, self.record)
    let reaper = Thread { record.reap(pid) }
    reaper.name = "reaper of \(name) (\(pid))"
    reaper.start()
  }

  /// Starts `executable` like `init`, from a file URL.
  public convenience init(
    _ executable: URL, _ arguments: [String] = [], environment: [String: String]? = nil, input: Input = .null,
    output: Output = .capture, errors: Output = .capture
  ) throws {
    try self.init(
      executable.path, arguments, environment: environment, input: input, output: output, errors: errors)
  }

  deinit {
    signal(SIGKILL)
    streams.abandon()
  }

  // MARK: Output and input

  /// Everything the child wrote to its standard output so far (captured output only).
  public var output: String { streams.output }
  /// Everything the child wrote to its standard error so far (captured output only).
  public var errors: String { streams.errors }

  /// Writes `text` to the child's standard input (`Input.pipe`) without blocking; whatever the pipe
  /// cannot take now is written as the child reads. Returns false once the input is closed or the
  /// child stopped reading.
  @discardableResult
  public func send(_ text: String) -> Bool { streams.send(Array(text.utf8)) }

  /// Writes `bytes` as they are (text or not) to the child's standard input; false once it is closed.
  @discardableResult
  public func send(bytes: [UInt8]) -> Bool { streams.send(bytes) }

  /// Closes the child's standard input (after what was sent), so it reads end of input.
  public func closeInput() { streams.closeInput() }

  /// Stops reading the child's standard output and closes it, as `head` does once it has its lines:
  /// the child's next write fails (EPIPE). What was read so far stays in `output`.
  public func closeOutput() { streams.closeOutput() }

  /// Waits (bounded) until the standard output shows `text` for the `occurrence`-th time.
  ///
  /// - Throws: `WaitTimedOut` naming the text and showing the output so far; `CancellationError`.
  public func waitForOutput(_ text: String, occurrence: Int = 1, within limit: Duration = .seconds(30)) async throws {
    try await until("\(name) to print \"\(text)\" (\(occurrence)×); it printed:\n\(output)", within: limit) {
      output.components(separatedBy: text).count - 1 >= occurrence
    }
  }

  /// Waits (bounded) for the first line of standard output and returns it (nil when the child closed
  /// its output without one).
  public func firstLine(within limit: Duration = .seconds(30)) async throws -> String? {
    try await until("\(name) to print a line", within: limit) { output.contains("\n") || streams.outputClosed }
    let text = output
    return text.firstIndex(of: "\n").map { String(text[..<$0]) }
  }

  // MARK: Signals and exit

  /// Sends `signal` to the child unless it has already exited (never to a reused pid).
  public func signal(_ signal: Int32) {
    record.state.withLock { state in
      guard !state.exiting else { return }
      _ = Glibc.kill(pid, signal)
    }
  }

  /// Whether the child has exited (and was reaped).
  public var hasExited: Bool { record.state.withLock { $0.exit != nil } }

  /// How the child ended, if it has.
  public var exitIfEnded: Exit? { record.state.withLock { $0.exit } }

  /// How long the child ran, from its start to its exit (nil while it runs).
  public var runTime: Duration? { record.state.withLock { $0.ended }.map { $0 - started } }

  /// Waits for the child to exit, at most `limit`; nil when it still runs then (or the task was cancelled).
  public func exit(within limit: Duration) async -> Exit? {
    if let exit = exitIfEnded { return exit }
    let waited = await withTaskGroup(of: Exit?.self) { group in
      group.addTask { await self.waitForExit() }
      group.addTask {
        try? await Task.sleep(for: limit)
        return nil
      }
      let first = await group.next() ?? nil
      group.cancelAll()
      return first
    }
    return waited ?? exitIfEnded
  }

  /// Waits for the child to exit; cancelling the task kills the child (SIGKILL) so the wait ends.
  public func exit() async -> Exit {
    await withTaskCancellationHandler {
      if let exit = await waitForExit() { return exit }
      signal(SIGKILL)
      return exitIfEnded ?? .killed(by: SIGKILL)
    } onCancel: {
      signal(SIGKILL)
    }
  }

  /// Asks the child to stop (SIGTERM), kills it (SIGKILL) if it has not exited after `grace`, and
  /// returns how it ended.
  @discardableResult
  public func stop(grace: Duration = .seconds(10)) async -> Exit {
    signal(SIGTERM)
    if let exit = await exit(within: grace) { return exit }
    signal(SIGKILL)
    return await exit()
  }

  /// Asks the child to stop (SIGTERM) without waiting; kills it (SIGKILL) after `grace` if it still runs.
  public func terminate(killingAfter grace: Duration = .seconds(10)) {
    signal(SIGTERM)
    let seconds = Double(grace.components.seconds) + Double(grace.components.attoseconds) * 1e-18
    DispatchQueue.global().asyncAfter(deadline: .now() + seconds) { [self] in signal(SIGKILL) }
  }

  /// Kills the child (SIGKILL), as a crash would, and waits for its exit.
  @discardableResult
  public func kill() async -> Exit {
    signal(SIGKILL)
    return await exit()
  }

  /// Waits until the child's standard output and error are closed, at most `limit` (a child that
  /// left a process of its own holding them open would otherwise keep the caller waiting).
  public func outputClosed(within limit: Duration) async {
    try? await until("\(name)'s output to close", within: limit) { streams.allClosed }
  }

  // MARK: Internals

  private struct Spawned {
    let pid: pid_t
    let input: Int32?
    let output: Int32?
    let errors: Int32?
  }

  /// Creates the pipes and spawns; called with `Spawn.lock` held.
  private static func spawn(
    _ executable: String, _ arguments: [String], environment: [String: String], input: Input, output: Output,
    errors: Output
  ) throws -> Spawned {
    var opened: [Int32] = []
    func pipeEnds() throws -> (read: Int32, write: Int32) {
      let ends = try Spawn.pipe()
      opened += [ends.read, ends.write]
      return ends
    }
    do {
      var inputEnd: Int32?
      var childInput = Spawn.Stream.null
      if case .null = input {
      } else {
        let ends = try pipeEnds()
        (inputEnd, childInput) = (ends.write, .descriptor(ends.read))
      }
      func stream(_ output: Output) throws -> (parent: Int32?, child: Spawn.Stream) {
        switch output {
        case .discard: return (nil, .null)
        case .file(let path): return (nil, .file(path))
        case .capture:
          let ends = try pipeEnds()
          return (ends.read, .descriptor(ends.write))
        }
      }
      let (outputEnd, childOutput) = try stream(output)
      let (errorsEnd, childErrors) = try stream(errors)
      let pid = try Spawn.start(
        executable, arguments, environment: environment, group: try RunGroup.current(), input: childInput,
        output: childOutput, errors: childErrors)
      for descriptor in opened where ![inputEnd, outputEnd, errorsEnd].contains(descriptor) { close(descriptor) }
      return Spawned(pid: pid, input: inputEnd, output: outputEnd, errors: errorsEnd)
    } catch {
      opened.forEach { close($0) }
      throw error
    }
  }

  /// The exit, or nil when the task is cancelled first.
  private func waitForExit() async -> Exit? {
    let id = UUID()
    return await withTaskCancellationHandler {
      await withCheckedContinuation { (continuation: CheckedContinuation<Exit?, Never>) in
        let ready: Exit?? = record.state.withLock { state in
          if let exit = state.exit { return .some(exit) }
          if state.cancelled.remove(id) != nil { return .some(nil) }
          state.waiters[id] = continuation
          return nil
        }
        if let ready { continuation.resume(returning: ready) }
      }
    } onCancel: {
      let waiter = record.state.withLock { state in
        guard let waiter = state.waiters.removeValue(forKey: id) else {
          state.cancelled.insert(id)
          return nil as CheckedContinuation<Exit?, Never>?
        }
        return waiter
      }
      waiter?.resume(returning: nil)
    }
  }
}

/// A child's exit as its reaper thread saw it, and the tasks waiting for it.
private final class ExitRecord: Sendable {
  let state = Mutex(ChildState())

  /// Runs on the child's own reaper thread: waits for the exit without reaping, marks the child as
  /// exiting (so no signal goes to a pid the system may reuse), then reaps it and wakes the waiters.
  func reap(_ pid: pid_t) {
    var info = siginfo_t()
    while waitid(P_PID, id_t(pid), &info, WEXITED | WNOWAIT) != 0 && errno == EINTR {}
    state.withLock { $0.exiting = true }
    var status: Int32 = 0
    while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
    let exit = ChildProcess.Exit(waitStatus: status)
    let waiters = state.withLock { state in
      state.exit = exit
      state.ended = ContinuousClock.now
      defer { state.waiters.removeAll() }
      return Array(state.waiters.values)
    }
    waiters.forEach { $0.resume(returning: exit) }
  }
}

private struct ChildState {
  var exiting = false
  var exit: ChildProcess.Exit?
  var ended: ContinuousClock.Instant?
  var waiters: [UUID: CheckedContinuation<ChildProcess.Exit?, Never>] = [:]
  var cancelled: Set<UUID> = []
}
