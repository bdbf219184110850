import Synchronization
import UIComponents

/// What a person does at a prompt, for ``ScriptedInput``.
public enum ScriptedAnswer: Sendable, Equatable {
  /// Types a line and presses Enter.
  case line(String)
  /// Presses Ctrl-D on a terminal.
  case controlD
  /// Presses Ctrl-C.
  case controlC
}

/// Test input: hands out the given answers one by one, then `nil` (end of input). Thread-safe (Mutex).
public final class ScriptedInput: TerminalInput, Sendable {
  private let state: Mutex<(remaining: ArraySlice<ScriptedAnswer>, interrupts: Int)>

  /// Lines to answer with, without line terminators.
  public convenience init(lines: [String]) { self.init(lines.map(ScriptedAnswer.line)) }

  /// Answers, Ctrl-D and Ctrl-C included.
  public init(_ answers: [ScriptedAnswer]) { state = Mutex((answers[...], 0)) }

  public func readLine() -> String? {
    state.withLock { state in
      switch state.remaining.popFirst() {
      case .line(let line): return line
      case .controlC:
        state.interrupts += 1
        return nil
      case .controlD, nil: return nil
      }
    }
  }

  public var interruptCount: Int { state.withLock { $0.interrupts } }

  /// How many answers have not been read yet.
  public var unreadCount: Int { state.withLock { $0.remaining.count } }
}

/// Test output: collects everything written. Thread-safe (Mutex).
public final class CapturedOutput: TerminalOutput, Sendable {
  private let buffer = Mutex("")

  /// An empty capture.
  public init() {}

  public func write(_ text: String) { buffer.withLock { $0 += text } }

  /// Everything written so far.
  public var text: String { buffer.withLock { $0 } }

  /// Everything written so far, split into lines (without a trailing empty line).
  public var lines: [String] {
    var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    if lines.last == "" { lines.removeLast() }
    return lines
  }
}
