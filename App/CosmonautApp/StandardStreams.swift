import Foundation
import Synchronization
import UIComponents

/// The process's standard output for the app. When the reader has gone away
/// (`cosmonaut suit watch | head -2`), the write fails with `EPIPE` (SIGPIPE is ignored so that
/// sockets cannot kill the app); there is then nobody left to show anything to, so the app ends at
/// once with `onClosedReader`'s code instead of running on and writing into the void.
final class ReaderAwareStandardOutput: TerminalOutput, Sendable {
  private let descriptor: Int32
  private let onClosedReader: @Sendable () -> Void

  /// Writes to `descriptor` (default 1); `onClosedReader` runs when the reader has closed the pipe.
  init(descriptor: Int32 = STDOUT_FILENO, onClosedReader: @escaping @Sendable () -> Void = { exit(0) }) {
    self.descriptor = descriptor
    self.onClosedReader = onClosedReader
  }

  func write(_ text: String) {
    let bytes = Array(text.utf8)
    bytes.withUnsafeBytes { buffer in
      guard let base = buffer.baseAddress else { return }
      var offset = 0
      while offset < buffer.count {
        let written = Glibc.write(descriptor, base + offset, buffer.count - offset)
        if written > 0 {
          offset += written
        } else if written < 0 && errno == EINTR {
          continue
        } else {
          if written < 0 && errno == EPIPE { onClosedReader() }
          return
        }
      }
    }
  }
}

/// The process's standard input for the app. At the end of input (Ctrl-D) on a terminal, the
/// cursor is still on the prompt's line; a newline is written once so that whatever follows starts
/// on a line of its own.
final class LineEndingStandardInput: TerminalInput, Sendable {
  private let input = StandardInput()
  private let output: any TerminalOutput & Sendable
  private let isTerminal: Bool
  private let ended = Mutex(false)

  /// Reads from descriptor 0; `output` gets the newline when `isTerminal`.
  init(output: any TerminalOutput & Sendable, isTerminal: Bool) {
    self.output = output
    self.isTerminal = isTerminal
  }

  func readLine() -> String? {
    if let line = input.readLine() { return line }
    let isFirstEnd = ended.withLock { ended in
      defer { ended = true }
      return !ended
    }
    if isFirstEnd && isTerminal { output.write("\n") }
    return nil
  }
}

extension Terminal {
  /// The app's terminal over the standard streams: colours only on a TTY without `NO_COLOR` or
  /// `--no-color`; a pipe or file as input echoes the answers so the session reads like a typed one.
  static func app(noColor: Bool, environment: [String: String]) -> Terminal {
    let output = ReaderAwareStandardOutput()
    let inputIsTerminal = isatty(STDIN_FILENO) != 0
    let theme = Theme.detect(isTTY: isatty(STDOUT_FILENO) != 0, environment: environment, noColor: noColor)
    return Terminal(
      input: LineEndingStandardInput(output: output, isTerminal: inputIsTerminal), output: output,
      errors: StandardError(), theme: theme, echoesInput: !inputIsTerminal)
  }
}
