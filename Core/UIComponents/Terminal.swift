import Foundation
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Where a ``Terminal`` reads lines from.
public protocol TerminalInput: AnyObject {
  /// The next line without its line terminator (`\n` or `\r\n`); `nil` at end of input.
  func readLine() -> String?
}

/// Where a ``Terminal`` writes text to.
public protocol TerminalOutput: AnyObject {
  /// Writes `text` as is (no newline is added).
  func write(_ text: String)
}

/// Lines from the process's standard input; handles EOF and `\r\n` line endings.
public final class StandardInput: TerminalInput, Sendable {
  /// Reads from file descriptor 0.
  public init() {}

  public func readLine() -> String? {
    guard let line = Swift.readLine(strippingNewline: true) else { return nil }
    return line.droppingTrailingCarriageReturn()
  }
}

/// Unbuffered writes to a file descriptor: every write reaches the terminal immediately.
///
/// When the reader has gone away (`app | head -1`) a write fails with `EPIPE` (with SIGPIPE
/// ignored); `onClosedReader` then decides what happens — by default the text is dropped.
final class FileDescriptorOutput: Sendable {
  private let descriptor: Int32
  private let onClosedReader: (@Sendable () -> Void)?

  init(descriptor: Int32, onClosedReader: (@Sendable () -> Void)? = nil) {
    self.descriptor = descriptor
    self.onClosedReader = onClosedReader
  }

  func write(_ text: String) {
    let bytes = Array(text.utf8)
    bytes.withUnsafeBytes { buffer in
      guard let base = buffer.baseAddress else { return }
      var offset = 0
      while offset < buffer.count {
        let written = systemWrite(descriptor, base + offset, buffer.count - offset)
        if written > 0 {
          offset += written
        } else if written < 0 && errno == EINTR {
          continue
        } else {
          if written < 0 && errno == EPIPE { onClosedReader?() }
          return  // closed pipe or another failure: nothing sensible is left to do with the text
        }
      }
    }
  }
}

private func systemWrite(_ descriptor: Int32, _ pointer: UnsafeRawPointer, _ count: Int) -> Int {
  #if canImport(Glibc)
    Glibc.write(descriptor, pointer, count)
  #elseif canImport(Musl)
    Musl.write(descriptor, pointer, count)
  #else
    Darwin.write(descriptor, pointer, count)
  #endif
}

/// The process's standard output; writes are not buffered.
public final class StandardOutput: TerminalOutput, Sendable {
  private let sink: FileDescriptorOutput
  /// Writes to file descriptor 1; `onClosedReader` runs when a write finds the reader gone
  /// (e.g. `{ exit(0) }` for an app whose output is piped into `head`).
  public init(onClosedReader: (@Sendable () -> Void)? = nil) {
    sink = FileDescriptorOutput(descriptor: STDOUT_FILENO, onClosedReader: onClosedReader)
  }
  public func write(_ text: String) { sink.write(text) }
}

/// The process's standard error; writes are not buffered.
public final class StandardError: TerminalOutput, Sendable {
  private let sink = FileDescriptorOutput(descriptor: STDERR_FILENO)
  /// Writes to file descriptor 2.
  public init() {}
  public func write(_ text: String) { sink.write(text) }
}

/// Test input: hands out the given lines one by one, then `nil` (end of input). Thread-safe (Mutex).
public final class ScriptedInput: TerminalInput, Sendable {
  private let remaining: Mutex<ArraySlice<String>>

  /// Lines to answer with, without line terminators.
  public init(lines: [String]) { remaining = Mutex(lines[...]) }

  public func readLine() -> String? {
    remaining.withLock { lines in lines.popFirst() }
  }

  /// How many lines have not been read yet.
  public var unreadCount: Int { remaining.withLock { $0.count } }
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

/// A line-oriented terminal with injected input and output, so every screen is testable.
@MainActor public final class Terminal {
  /// Styles used by everything printed through this terminal.
  public let theme: Theme
  private let input: any TerminalInput
  private let output: any TerminalOutput
  private let errors: any TerminalOutput
  private let echoesInput: Bool
  private let finishesLineAtEnd: Bool

  /// Whether input has ended (a read found nothing more); screens stop redrawing once it has.
  public private(set) var inputEnded = false

  /// A terminal over the given streams. With `echoesInput`, every answer read is written back to
  /// the output, so a session fed from a pipe or file reads like one typed at a keyboard. With
  /// `finishesLineAtEnd`, the end of input (Ctrl-D) ends the prompt's line once, so what follows
  /// starts on a line of its own.
  public init(
    input: any TerminalInput, output: any TerminalOutput, errors: any TerminalOutput, theme: Theme,
    echoesInput: Bool = false, finishesLineAtEnd: Bool = false
  ) {
    self.input = input
    self.output = output
    self.errors = errors
    self.theme = theme
    self.echoesInput = echoesInput
    self.finishesLineAtEnd = finishesLineAtEnd
  }

  /// The process's standard streams, with colors when stdout is a TTY and neither `NO_COLOR` nor
  /// `noColor` asks otherwise. Input from a pipe or file is echoed; Ctrl-D on a TTY ends the prompt's
  /// line. `onClosedReader` runs when stdout's reader has gone away (see ``StandardOutput``).
  public static func standard(
    noColor: Bool, environment: [String: String], onClosedReader: (@Sendable () -> Void)? = nil
  ) -> Terminal {
    let theme = Theme.detect(isTTY: isatty(STDOUT_FILENO) != 0, environment: environment, noColor: noColor)
    let inputIsTerminal = isatty(STDIN_FILENO) != 0
    return Terminal(
      input: StandardInput(), output: StandardOutput(onClosedReader: onClosedReader), errors: StandardError(),
      theme: theme, echoesInput: !inputIsTerminal, finishesLineAtEnd: inputIsTerminal)
  }

  /// Writes `text` and a newline to the output.
  public func print(_ text: String = "") {
    output.write(text + "\n")
  }

  /// Writes `text` to the output without adding a newline.
  public func write(_ text: String) {
    output.write(text)
  }

  /// Writes one line to the error stream, styled as an error when colors are on.
  public func printError(_ line: String) {
    errors.write(theme.apply(.error, to: line) + "\n")
  }

  /// Writes `prompt` (no newline) and reads one line without its terminator; `nil` at end of input.
  public func readLine(prompt: String) -> String? {
    if !prompt.isEmpty { output.write(prompt) }
    let line = input.readLine()?.droppingTrailingCarriageReturn()
    if echoesInput {
      if line != nil || !inputEnded { output.write((line ?? "") + "\n") }
    } else if line == nil && !inputEnded && finishesLineAtEnd {
      output.write("\n")
    }
    if line == nil { inputEnded = true }
    return line
  }

  /// Clears the screen when colors (hence a TTY) are on; does nothing on a plain terminal.
  public func clearScreen() {
    guard theme.usesColor else { return }
    output.write("\u{1B}[2J\u{1B}[H")
  }
}

extension String {
  /// The string without trailing `\r`/`\n` scalars (a `\r\n` is one Character, so scalars are checked).
  func droppingTrailingCarriageReturn() -> String {
    var scalars = unicodeScalars[...]
    while let last = scalars.last, last == "\r" || last == "\n" { scalars.removeLast() }
    return String(String.UnicodeScalarView(scalars))
  }
}
