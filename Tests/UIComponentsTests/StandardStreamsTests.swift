import Foundation
import Synchronization
import Testing
import UIComponentsTestSupport

@testable import UIComponents

@Suite("Standard streams")
struct StandardStreamsTests {
  @Test func aClosedReaderIsReported() throws {
    var descriptors: [Int32] = [0, 0]
    #expect(pipe(&descriptors) == 0)
    // As an app does in main(): a write to a closed pipe fails with EPIPE instead of killing the process.
    signal(SIGPIPE, SIG_IGN)
    close(descriptors[0])  // the reader went away, like `head -1` after its line
    defer { close(descriptors[1]) }
    let output = FileDescriptorOutput(descriptor: descriptors[1])
    output.write("a line nobody reads\n")
    #expect(output.failure == OutputFailure(code: EPIPE))
    #expect(output.failure?.isClosedReader == true)
  }

  @Test func anOpenReaderGetsEverything() throws {
    var descriptors: [Int32] = [0, 0]
    #expect(pipe(&descriptors) == 0)
    let output = FileDescriptorOutput(descriptor: descriptors[1])
    output.write("hello\n")
    close(descriptors[1])
    let handle = FileHandle(fileDescriptor: descriptors[0], closeOnDealloc: true)
    #expect(String(decoding: handle.readDataToEndOfFile(), as: UTF8.self) == "hello\n")
    #expect(output.failure == nil)
  }

  @Test func aFullDiskIsRecordedAndNothingMoreIsWritten() throws {
    let full = open("/dev/full", O_WRONLY)
    try #require(full >= 0)
    defer { close(full) }
    let output = FileDescriptorOutput(descriptor: full)
    output.write("a report\n")
    #expect(output.failure == OutputFailure(code: ENOSPC))
    #expect(output.failure?.isClosedReader == false)
    #expect(output.failure?.reason.description == "no space left on device")
    output.write("more\n")
    #expect(output.failure == OutputFailure(code: ENOSPC), "the first failure is the one kept")
  }

  @Test func aClosedDescriptorIsRecorded() throws {
    // A descriptor open the wrong way fails as a closed standard output does once prepared.
    let readOnly = open("/dev/null", O_RDONLY)
    try #require(readOnly >= 0)
    defer { close(readOnly) }
    let output = FileDescriptorOutput(descriptor: readOnly)
    output.write("a report\n")
    #expect(output.failure == OutputFailure(code: EBADF))
    #expect(output.failure?.reason.description == "the output is closed")
    #expect(output.failure?.reason.resolved(in: .russian) == "вывод закрыт")
  }

  @Test @MainActor func aTerminalWhoseOutputFailedEndsItsSession() {
    let output = FailingOutput(code: ENOSPC)
    let terminal = Terminal(
      input: ScriptedInput(lines: ["1", "2"]), output: output, errors: CapturedOutput(), theme: .plain)
    #expect(!terminal.inputEnded)
    terminal.print("a screen")
    #expect(terminal.outputFailure == OutputFailure(code: ENOSPC))
    #expect(terminal.inputEnded, "a session that cannot show anything stops")
    #expect(terminal.readLine(prompt: "Choose: ") == nil)
  }

  @Test @MainActor func nothingAScreenShowsActsOnTheTerminal() {
    let plain = CapturedOutput()
    let terminal = Terminal(input: ScriptedInput(lines: []), output: plain, errors: CapturedOutput(), theme: .plain)
    terminal.print("Name: Ann\u{1B}[31mRed\u{1B}[2J\u{7}\r\tend")
    #expect(plain.text == "Name: Ann\\e[31mRed\\e[2J\\u{7}\\r\tend\n", "without colour not one escape passes")
    let coloured = CapturedOutput()
    let colour = Terminal(
      input: ScriptedInput(lines: []), output: coloured, errors: CapturedOutput(), theme: Theme(styles: .defaults))
    colour.print(colour.theme.apply(.title, to: "Ann\u{1B}[2J\u{1B}]0;x\u{7}"))
    #expect(!coloured.text.contains("\u{1B}[2J") && !coloured.text.contains("\u{1B}]"))
    #expect(coloured.text.contains("\u{1B}[") && coloured.text.contains("\\e[2J"), "a theme's colours stay")
  }

  @Test @MainActor func endOfInputFinishesThePromptLineOnce() {
    let output = CapturedOutput()
    let terminal = Terminal(
      input: ScriptedInput(lines: []), output: output, errors: CapturedOutput(), theme: .plain,
      finishesLineAtEnd: true)
    #expect(terminal.readLine(prompt: "Choose: ") == nil)
    #expect(terminal.readLine(prompt: "Again: ") == nil)
    #expect(output.text == "Choose: \n", "after the end, no prompt is left hanging")
  }

  @Test @MainActor func pipedInputIsEchoedAndItsEndOnce() {
    let output = CapturedOutput()
    let terminal = Terminal(
      input: ScriptedInput(lines: ["s"]), output: output, errors: CapturedOutput(), theme: .plain, echoesInput: true)
    #expect(terminal.readLine(prompt: "Choose: ") == "s")
    #expect(terminal.readLine(prompt: "Choose: ") == nil)
    #expect(terminal.readLine(prompt: "Choose: ") == nil)
    #expect(output.text == "Choose: s\nChoose: \n")
  }
}

/// An output whose every write fails with `code`, as standard output on a full disk.
final class FailingOutput: TerminalOutput, @unchecked Sendable {
  let code: Int32
  private(set) var attempts = 0
  init(code: Int32) { self.code = code }
  func write(_ text: String) { attempts += 1 }
  var failure: OutputFailure? { attempts > 0 ? OutputFailure(code: code) : nil }
}
