import Foundation
import Synchronization
import Testing

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
    let closed = Mutex(false)
    let output = FileDescriptorOutput(descriptor: descriptors[1]) { closed.withLock { $0 = true } }
    output.write("a line nobody reads\n")
    #expect(closed.withLock { $0 })
  }

  @Test func anOpenReaderGetsEverything() throws {
    var descriptors: [Int32] = [0, 0]
    #expect(pipe(&descriptors) == 0)
    let closed = Mutex(false)
    let output = FileDescriptorOutput(descriptor: descriptors[1]) { closed.withLock { $0 = true } }
    output.write("hello\n")
    close(descriptors[1])
    let handle = FileHandle(fileDescriptor: descriptors[0], closeOnDealloc: true)
    #expect(String(decoding: handle.readDataToEndOfFile(), as: UTF8.self) == "hello\n")
    #expect(!closed.withLock { $0 })
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
