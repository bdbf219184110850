import FoundationEssentials
import Localization
import Logging
import PartnerConfiguration
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
  /// The next line without its line terminator (`\n` or `\r\n`); `nil` at end of input, after
  /// Ctrl-D on a terminal, or when Ctrl-C interrupted the read.
  func readLine() -> String?
  /// How many times Ctrl-C has arrived so far (a read that returns `nil` after it grew was interrupted).
  var interruptCount: Int { get }
  /// Tells the input that the first `count` Ctrl-Cs were dealt with: a read returns `nil` at once
  /// while there are more, and otherwise waits for a line or the next Ctrl-C.
  func acknowledgeInterrupts(_ count: Int)
  /// Makes Ctrl-C countable (instead of ending the process) until the returned closure runs, for a
  /// command that stops cleanly on Ctrl-C; nothing changes where Ctrl-C is counted already.
  func catchInterrupts() -> @Sendable () -> Void
}

extension TerminalInput {
  public var interruptCount: Int { 0 }
  public func acknowledgeInterrupts(_ count: Int) {}
  public func catchInterrupts() -> @Sendable () -> Void { {} }
}

/// Where a ``Terminal`` writes text to.
public protocol TerminalOutput: AnyObject {
  /// Writes `text` as is (no newline is added).
  func write(_ text: String)
  /// The first write that failed, if one did (nothing more is written after it).
  var failure: OutputFailure? { get }
}

extension TerminalOutput {
  /// Nothing failed: an output that cannot fail (a capture).
  public var failure: OutputFailure? { nil }

  /// Writes `line` and a newline for a person to read (an error, a note): its control characters
  /// shown inert (Localization's `InertText`: an Esc reads `\e`), its line breaks and tabs kept, so
  /// nothing from outside that the line quotes can move the cursor, clear the screen or recolour it.
  public func writeInertLine(_ line: String) {
    write(InertText(line, limit: nil, keepingLayout: true).text + "\n")
  }
}

/// Lines from the process's standard input, read straight from file descriptor 0 (no stdio
/// buffering, so nothing is sticky): handles `\r\n`, a last line without a newline, Ctrl-D on a
/// terminal (reading goes on afterwards), and Ctrl-C once ``InterruptSignal`` is installed.
public final class StandardInput: TerminalInput, Sendable {
  private let buffer = Mutex<[UInt8]>([])
  private let acknowledged = Atomic<Int>(0)

  /// Reads from file descriptor 0.
  public init() {}

  public func readLine() -> String? {
    buffer.withLock { buffer in
      while true {
        if let newline = buffer.firstIndex(of: UInt8(ascii: "\n")) {
          let line = String(decoding: buffer[..<newline], as: UTF8.self)
          buffer.removeSubrange(...newline)
          return line.droppingTrailingCarriageReturn()
        }
        // A Ctrl-C not yet dealt with ends the read; one that arrives while waiting wakes the poll.
        if InterruptSignal.count != acknowledged.load(ordering: .relaxed) { return nil }
        guard Self.waitForInput() else {
          InterruptSignal.drainWakeUps()
          continue
        }
        var chunk = [UInt8](repeating: 0, count: 4096)
        let count = chunk.withUnsafeMutableBytes { systemRead(STDIN_FILENO, $0.baseAddress, $0.count) }
        if count > 0 {
          buffer.append(contentsOf: chunk[..<count])
        } else if count == 0 {
          guard !buffer.isEmpty else { return nil }  // end of input (or Ctrl-D)
          let line = String(decoding: buffer, as: UTF8.self)
          buffer.removeAll()
          return line.droppingTrailingCarriageReturn()
        } else if errno != EINTR && errno != EAGAIN {
          return nil  // a read error ends the input
        }
      }
    }
  }

  public var interruptCount: Int { InterruptSignal.count }

  public func acknowledgeInterrupts(_ count: Int) { acknowledged.store(count, ordering: .relaxed) }

  public func catchInterrupts() -> @Sendable () -> Void {
    guard !InterruptSignal.isInstalled else { return {} }
    InterruptSignal.install()
    return { InterruptSignal.uninstall() }
  }

  /// Blocks until standard input can be read (true) or Ctrl-C arrived (false).
  private static func waitForInput() -> Bool {
    let wake = InterruptSignal.wakeDescriptor
    var descriptors = [pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0)]
    if wake >= 0 { descriptors.append(pollfd(fd: wake, events: Int16(POLLIN), revents: 0)) }
    while true {
      let ready = poll(&descriptors, nfds_t(descriptors.count), -1)
      if ready < 0 && errno == EINTR { continue }
      if descriptors.count > 1 && descriptors[1].revents != 0 { return false }
      return true  // readable, closed, or an error that the read will report
    }
  }
}

private func systemRead(_ descriptor: Int32, _ pointer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
  #if canImport(Glibc)
    Glibc.read(descriptor, pointer, count)
  #elseif canImport(Musl)
    Musl.read(descriptor, pointer, count)
  #else
    Darwin.read(descriptor, pointer, count)
  #endif
}

/// Unbuffered writes to a file descriptor: every write reaches the terminal immediately.
///
/// Every write is checked. The first one that fails — the reader went away (`app | head -1`, `EPIPE`
/// with SIGPIPE ignored), the disk is full (`ENOSPC`), the descriptor is closed (`EBADF`), an I/O
/// error (`EIO`) — is recorded with `record`, and nothing more is written: what happens next (exit
/// quietly, or exit 74 with one line) is decided once, when the program ends.
final class FileDescriptorOutput: Sendable {
  private let descriptor: Int32
  private let failures: WriteFailure

  /// Writes to `descriptor`, keeping its first failure in `failures`.
  init(descriptor: Int32, failures: WriteFailure = WriteFailure()) {
    self.descriptor = descriptor
    self.failures = failures
  }

  /// The first failed write, if one failed.
  var failure: OutputFailure? { failures.first.map(OutputFailure.init(code:)) }

  func write(_ text: String) {
    guard failures.first == nil else { return }  // one failure is enough: the rest would fail alike
    var text = text
    text.withUTF8 { buffer in
      do throws(WholeWrite.Failure) {
        try WholeWrite.all(UnsafeRawBufferPointer(buffer), to: descriptor)
      } catch {
        failures.keep(error.code)  // a write of nothing at all counts as an I/O error (EIO)
      }
    }
  }
}

/// The first failure of the writes to one descriptor (its error number): kept once, read by anyone.
final class WriteFailure: Sendable {
  private let code = Atomic<Int32>(0)

  /// The error number of the first failed write, nil while none failed.
  var first: Int32? {
    let value = code.load(ordering: .acquiring)
    return value == 0 ? nil : value
  }

  /// Keeps `value` unless a failure was kept already.
  func keep(_ value: Int32) {
    _ = code.compareExchange(expected: 0, desired: value, ordering: .acquiringAndReleasing)
  }

  /// Standard output's, one per process whichever ``StandardOutput`` wrote.
  static let standardOutput = WriteFailure()
  /// Standard error's.
  static let standardError = WriteFailure()
}

/// The process's standard output; writes are not buffered, and checked: see ``failure``.
public final class StandardOutput: TerminalOutput, Sendable {
  private let sink = FileDescriptorOutput(descriptor: STDOUT_FILENO, failures: .standardOutput)

  /// Writes to file descriptor 1.
  public init() {}
  public func write(_ text: String) { sink.write(text) }

  /// The first write to standard output in this process that failed (a closed pipe, a full disk, a
  /// closed descriptor); nothing was written after it. The program decides at its end what it means.
  public var failure: OutputFailure? { sink.failure }
}

/// The process's standard error; writes are not buffered.
public final class StandardError: TerminalOutput, Sendable {
  private let sink = FileDescriptorOutput(descriptor: STDERR_FILENO, failures: .standardError)
  /// Writes to file descriptor 2.
  public init() {}
  public func write(_ text: String) { sink.write(text) }

  /// The first write to standard error in this process that failed.
  public var failure: OutputFailure? { sink.failure }
}

/// A line-oriented terminal with injected input and output, so every screen is testable.
@MainActor public final class Terminal {
  /// Styles used by everything printed through this terminal.
  public let theme: Theme
  /// The language (and time zone) everything printed through this terminal is in.
  public let translator: Translator
  private let input: any TerminalInput
  private let output: any TerminalOutput
  private let errors: any TerminalOutput
  private let echoesInput: Bool
  private let finishesLineAtEnd: Bool
  private let endOfInputIsFinal: Bool
  /// True when the last read was cut short by Ctrl-C: the next Ctrl-C quits.
  public private(set) var lastReadWasInterrupted = false
  /// The Ctrl-Cs dealt with so far (one that arrives between two reads is dealt with by the next).
  private var handledInterrupts = 0

  /// Whether input has ended (or the person asked to quit); every screen stops once it has.
  public private(set) var inputEnded = false
  /// Whether the person quit with Ctrl-C — twice in a row, or where Ctrl-C ends the program (the
  /// main menu, a command's watch): the app quits with 130.
  public private(set) var quitByInterrupt = false

  /// A terminal over the given streams. With `echoesInput`, every answer read is written back to
  /// the output, so a session fed from a pipe or file reads like one typed at a keyboard. With
  /// `finishesLineAtEnd`, the end of input (Ctrl-D) ends the prompt's line, so what follows starts on
  /// a line of its own. With `endOfInputIsFinal` (a pipe or a file), the first end of input ends the
  /// app; otherwise (a person at a terminal) Ctrl-D cancels the prompt and goes back one level.
  /// Text is shown in `translator`'s language.
  public init(
    input: any TerminalInput, output: any TerminalOutput, errors: any TerminalOutput, theme: Theme,
    translator: Translator = .english, echoesInput: Bool = false, finishesLineAtEnd: Bool = false,
    endOfInputIsFinal: Bool = true
  ) {
    self.input = input
    self.output = output
    self.errors = errors
    self.theme = theme
    self.translator = translator
    self.echoesInput = echoesInput
    self.finishesLineAtEnd = finishesLineAtEnd
    self.endOfInputIsFinal = endOfInputIsFinal
  }

  /// The process's standard streams, with colors (drawn with `styles`) when stdout is a TTY and
  /// neither `NO_COLOR` nor `noColor` asks otherwise, or when `colors` is `.always` (see
  /// ``Theme/detect(isTTY:environment:noColor:choice:styles:)``). Input from a pipe or file is echoed;
  /// Ctrl-D on a TTY ends the prompt's line. A write to stdout that fails ends the session (see
  /// ``StandardOutput/failure``).
  public static func standard(
    noColor: Bool, colors: ColorChoice = .auto, styles: StyleSheet = .defaults, environment: [String: String],
    translator: Translator = .english
  ) -> Terminal {
    let theme = Theme.detect(
      isTTY: isatty(STDOUT_FILENO) != 0, environment: environment, noColor: noColor, choice: colors, styles: styles)
    let inputIsTerminal = isatty(STDIN_FILENO) != 0
    return Terminal(
      input: StandardInput(), output: StandardOutput(), errors: StandardError(),
      theme: theme, translator: translator, echoesInput: !inputIsTerminal, finishesLineAtEnd: inputIsTerminal,
      endOfInputIsFinal: !inputIsTerminal)
  }

  /// Writes `text` and a newline to the output (see ``write(_:)``).
  public func print(_ text: String = "") {
    write(text + "\n")
  }

  /// Writes `text`, in the terminal's language, and a newline to the output.
  public func print(_ text: LocalizedText) {
    print(translator(text))
  }

  /// `text` in the terminal's language.
  public func text(_ text: some TextArgument) -> String {
    translator(text.localizedText)
  }

  /// Writes `text` to the output without adding a newline.
  ///
  /// Whatever a screen shows passes here, so nothing in it acts on the terminal: control characters
  /// are shown inert (Localization's `InertText`), line breaks and tabs kept, and — only when the
  /// theme colours — the colour sequences a theme writes (`Esc[…m`) kept; with colour off (a pipe,
  /// `--color never`, `NO_COLOR`) not one escape reaches the terminal. Once a write has failed (see
  /// ``outputFailure``) the session ends, as at the end of input.
  public func write(_ text: String) {
    output.write(InertText(text, limit: nil, keepingLayout: true, keepingColours: theme.usesColor).text)
    if output.failure != nil { inputEnded = true }
  }

  /// The first write to the output that failed, if one did; nothing more was shown after it.
  public var outputFailure: OutputFailure? { output.failure }

  /// Writes one line to the error stream, styled as an error when colors are on. Control characters
  /// in it (an answer echoed raw) are shown inert (Localization's `InertText`); line breaks and tabs stay.
  public func printError(_ line: String) {
    errors.write(theme.apply(.error, to: InertText(line, limit: nil, keepingLayout: true).text) + "\n")
  }

  /// Writes one line, in the terminal's language, to the error stream (see ``printError(_:)-(String)``).
  public func printError(_ line: LocalizedText) {
    printError(translator(line))
  }

  /// Writes `prompt` (no newline) and reads one line without its terminator; `nil` when the person
  /// cancels (Ctrl-D on a terminal, Ctrl-C) or input ends. Two Ctrl-Cs in a row quit the app.
  public func readLine(prompt: String) -> String? {
    guard !inputEnded else { return nil }
    if input.interruptCount != handledInterrupts {  // Ctrl-C while nothing was being read
      noteInterrupt()
      return nil
    }
    if !prompt.isEmpty { write(prompt) }
    let line = input.readLine()?.droppingTrailingCarriageReturn()
    if let line {
      lastReadWasInterrupted = false
      if echoesInput { output.write(InertText(line, limit: nil).text + "\n") }  // never raw: an Esc would act
      return line
    }
    if input.interruptCount != handledInterrupts {
      output.write("\n")  // end the line the ^C is on
      noteInterrupt()
      return nil
    }
    lastReadWasInterrupted = false  // Ctrl-D: a Ctrl-C after it is no second one in a row
    if echoesInput || finishesLineAtEnd { output.write("\n") }
    // At the end of a pipe the app ends; Ctrl-D on a terminal only goes back one level.
    if endOfInputIsFinal { inputEnded = true }
    return nil
  }

  /// Records a Ctrl-C: the first cancels what is going on, a second one in a row quits.
  public func noteInterrupt() {
    handledInterrupts = input.interruptCount
    input.acknowledgeInterrupts(handledInterrupts)
    if lastReadWasInterrupted {
      quitByInterrupt = true
      inputEnded = true
    }
    lastReadWasInterrupted = true
  }

  /// Ends the session as Ctrl-C does where it ends the program (the main menu, a command's watch):
  /// input ends, every screen leaves, and the app quits with 130. `lineOpen` ends the line the `^C`
  /// is on (on the error stream: a script's output stays its data).
  public func quitOnInterrupt(lineOpen: Bool = false) {
    handledInterrupts = input.interruptCount
    input.acknowledgeInterrupts(handledInterrupts)
    if lineOpen { errors.write("\n") }
    quitByInterrupt = true
    inputEnded = true
  }

  /// How many Ctrl-Cs have arrived so far, for flows that wait on something slow.
  public var interruptCount: Int { input.interruptCount }

  /// Runs `body` with Ctrl-C counted rather than ending the process (as it is for the whole
  /// interactive app), so that a command can stop cleanly on Ctrl-C.
  public func catchingInterrupts<T>(_ body: () async throws -> T) async rethrows -> T {
    let release = input.catchInterrupts()
    defer { release() }
    return try await body()
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
