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
  /// Why input ended early, when it did for a reason of its own (a line over the bound): the app
  /// ends saying so instead of as at the end of input.
  var failure: InputFailure? { get }
}

extension TerminalInput {
  public var failure: InputFailure? { nil }
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

  /// Writes `line` and a newline for a person to read (an error, a note) as one line
  /// (`InertText.line`): its control characters shown inert (an Esc reads `\e`, a line break `\n`)
  /// and at most 300 bytes, so nothing from outside that the line quotes can move the cursor,
  /// recolour the screen, split the line or make it endless.
  public func writeInertLine(_ line: String) {
    write(InertText.line(line).text + "\n")
  }
}

/// Lines from the process's standard input, read straight from file descriptor 0 (no stdio
/// buffering, so nothing is sticky): handles `\r\n`, a last line without a newline, Ctrl-D on a
/// terminal (reading goes on afterwards), and Ctrl-C once ``InterruptSignal`` is installed.
///
/// Reading is linear in the bytes read (each byte is looked at once for the line's end), and a
/// line is at most ``maximumLineBytes`` long: a longer one (a megabyte pasted, `/dev/zero`) ends
/// the input with ``InputFailure/lineTooLong(maximumBytes:)`` instead of filling the memory.
public final class StandardInput: TerminalInput, Sendable {
  /// The longest line read, in bytes (its terminator aside): far more than any answer a prompt takes.
  public static let maximumLineBytes = 65_536

  private struct Buffer {
    var bytes: [UInt8] = []
    /// Where the bytes not yet read start (bytes before it belong to lines already returned).
    var start = 0
    /// How far from `start` the bytes are known to hold no newline.
    var scanned = 0
    var failure: InputFailure?
  }

  private let buffer = Mutex(Buffer())
  private let acknowledged = Atomic<Int>(0)
  private let maximumLineBytes: Int

  /// Reads from file descriptor 0, lines up to `maximumLineBytes` long.
  public init(maximumLineBytes: Int = StandardInput.maximumLineBytes) {
    self.maximumLineBytes = max(1, maximumLineBytes)
  }

  public var failure: InputFailure? { buffer.withLock { $0.failure } }

  public func readLine() -> String? {
    buffer.withLock { buffer in
      guard buffer.failure == nil else { return nil }
      while true {
        let unread = buffer.bytes.count - buffer.start
        if let newline = buffer.bytes[(buffer.start + buffer.scanned)...].firstIndex(of: UInt8(ascii: "\n")) {
          // A line over the bound (a `\r` before its newline aside) is refused, however it ends.
          guard newline - buffer.start <= maximumLineBytes + 1 else {
            return Self.refuse(&buffer, maximumBytes: maximumLineBytes)
          }
          let line = String(decoding: buffer.bytes[buffer.start..<newline], as: UTF8.self)
          buffer.start = newline + 1
          buffer.scanned = 0
          // The bytes already read go once they are half of what is kept: each is moved O(1) times.
          if buffer.start * 2 >= buffer.bytes.count {
            buffer.bytes.removeSubrange(..<buffer.start)
            buffer.start = 0
          }
          return line.droppingTrailingCarriageReturn()
        }
        buffer.scanned = unread
        // A line longer than the bound is refused, not kept growing until memory runs out.
        if unread > maximumLineBytes + 1 { return Self.refuse(&buffer, maximumBytes: maximumLineBytes) }
        // A Ctrl-C not yet dealt with ends the read; one that arrives while waiting wakes the poll.
        if InterruptSignal.count != acknowledged.load(ordering: .relaxed) { return nil }
        guard Self.waitForInput() else {
          InterruptSignal.drainWakeUps()
          continue
        }
        var chunk = [UInt8](repeating: 0, count: 4096)
        let count = chunk.withUnsafeMutableBytes { systemRead(STDIN_FILENO, $0.baseAddress, $0.count) }
        if count > 0 {
          buffer.bytes.append(contentsOf: chunk[..<count])
        } else if count == 0 {
          guard unread > 0 else { return nil }  // end of input (or Ctrl-D)
          let line = String(decoding: buffer.bytes[buffer.start...], as: UTF8.self)
          buffer = Buffer()
          return line.droppingTrailingCarriageReturn()
        } else if errno != EINTR && errno != EAGAIN {
          return nil  // a read error ends the input
        }
      }
    }
  }

  /// Ends the input for a line longer than `maximumBytes`: what was read of it is dropped.
  private static func refuse(_ buffer: inout Buffer, maximumBytes: Int) -> String? {
    buffer = Buffer(failure: .lineTooLong(maximumBytes: maximumBytes))
    return nil
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
  /// Styles used by everything printed to the output through this terminal.
  public let theme: Theme
  /// Styles of the lines written to the error stream, decided for that stream: with stdout on a
  /// terminal and stderr in a file, the file gets no colour.
  private let errorTheme: Theme
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
  /// Text is shown in `translator`'s language; error lines in `errorTheme` (default: `theme`).
  public init(
    input: any TerminalInput, output: any TerminalOutput, errors: any TerminalOutput, theme: Theme,
    errorTheme: Theme? = nil, translator: Translator = .english, echoesInput: Bool = false,
    finishesLineAtEnd: Bool = false, endOfInputIsFinal: Bool = true
  ) {
    self.input = input
    self.output = output
    self.errors = errors
    self.theme = theme
    self.errorTheme = errorTheme ?? theme
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
    noColor: Bool, colors: ColorChoice = .auto, styles: @autoclosure () -> StyleSheet = .defaults,
    environment: [String: String], translator: Translator = .english
  ) -> Terminal {
    // The styles are made once, and only for a stream that draws in colour.
    var made: StyleSheet?
    func sheet() -> StyleSheet {
      if let made { return made }
      let sheet = styles()
      made = sheet
      return sheet
    }
    // Colour is decided per stream: each is a terminal, a pipe or a file of its own.
    let theme = Theme.detect(
      isTTY: isatty(STDOUT_FILENO) != 0, environment: environment, noColor: noColor, choice: colors, styles: sheet())
    let errorTheme = Theme.detect(
      isTTY: isatty(STDERR_FILENO) != 0, environment: environment, noColor: noColor, choice: colors, styles: sheet())
    let inputIsTerminal = isatty(STDIN_FILENO) != 0
    return Terminal(
      input: StandardInput(), output: StandardOutput(), errors: StandardError(),
      theme: theme, errorTheme: errorTheme, translator: translator, echoesInput: !inputIsTerminal,
      finishesLineAtEnd: inputIsTerminal,
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

  /// Why input ended early, if it did (a line over the bound): the app ends saying so.
  public var inputFailure: InputFailure? { input.failure }

  /// Writes one line to the error stream, styled as an error when that stream has colours on. The
  /// line is made one inert line (`InertText.line`): control characters (an answer echoed raw) and
  /// line breaks shown as escapes, at most 300 bytes.
  public func printError(_ line: String) {
    errors.write(errorTheme.apply(.error, to: InertText.line(line).text) + "\n")
  }

  /// Writes one line, in the terminal's language, to the error stream (see ``printError(_:)-(String)``).
  public func printError(_ line: LocalizedText) {
    printError(line.resolvedLine(by: translator))
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
      // Never raw (an Esc would act), and bounded: the echo says what was read, not all of it again.
      if echoesInput { output.write(InertText(line, limit: Self.echoLimit).text + "\n") }
      return line
    }
    if input.interruptCount != handledInterrupts {
      output.write("\n")  // end the line the ^C is on
      noteInterrupt()
      return nil
    }
    lastReadWasInterrupted = false  // Ctrl-D: a Ctrl-C after it is no second one in a row
    if echoesInput || finishesLineAtEnd { output.write("\n") }
    // At the end of a pipe the app ends; Ctrl-D on a terminal only goes back one level; input
    // that failed (a line over the bound) ends the app wherever it comes from.
    if endOfInputIsFinal || input.failure != nil { inputEnded = true }
    return nil
  }

  /// How many characters of an answer read from a pipe or file are echoed back.
  static let echoLimit = 140

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
