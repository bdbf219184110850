import Foundation
import Testing

@testable import Logging

#if canImport(Glibc)
  import Glibc
#endif

/// The one write loop: every byte, whatever the kernel takes at a time, or the first failure.
@Suite struct WholeWriteTests {
  /// A write that takes at most `step` bytes a call and is interrupted by a signal every other call.
  private final class Choppy {
    var received: [UInt8] = []
    var calls = 0
    let step: Int
    let failAfter: (bytes: Int, code: Int32)?

    init(step: Int, failAfter: (bytes: Int, code: Int32)? = nil) {
      self.step = step
      self.failAfter = failAfter
    }

    func write(_ pointer: UnsafeRawPointer, _ count: Int) -> Int {
      calls += 1
      if calls % 2 == 0 {
        errno = EINTR
        return -1
      }
      if let failAfter, received.count >= failAfter.bytes {
        errno = failAfter.code
        return -1
      }
      let taken = min(step, count)
      received += UnsafeRawBufferPointer(start: pointer, count: taken)
      return taken
    }
  }

  @Test func shortAndInterruptedWritesGoOnUntilEveryByteIsWritten() throws {
    let bytes = Array((0..<1000).map { UInt8($0 % 251) })
    let write = Choppy(step: 7)
    try bytes.withUnsafeBytes { buffer in try WholeWrite.all(buffer, with: write.write) }
    #expect(write.received == bytes)
  }

  @Test func aFailedWriteSaysWhyAndHowFarItGot() {
    let write = Choppy(step: 10, failAfter: (bytes: 30, code: ENOSPC))
    let bytes = [UInt8](repeating: 1, count: 100)
    #expect(throws: WholeWrite.Failure(code: ENOSPC, written: 30)) {
      try bytes.withUnsafeBytes { buffer in try WholeWrite.all(buffer, with: write.write) }
    }
  }

  @Test func aWriteOfNothingAtAllIsAnIOError() {
    let bytes: [UInt8] = [1, 2, 3]
    #expect(throws: WholeWrite.Failure(code: EIO, written: 0)) {
      try bytes.withUnsafeBytes { buffer in try WholeWrite.all(buffer) { _, _ in 0 } }
    }
  }

  @Test func aLineGoesToADescriptorWithItsNewline() throws {
    var ends: [Int32] = [0, 0]
    try #require(pipe(&ends) == 0)
    #expect(WholeWrite.line("analytics: started app=cosmonaut", to: ends[1]))
    close(ends[1])
    let read = FileHandle(fileDescriptor: ends[0], closeOnDealloc: true).readDataToEndOfFile()
    #expect(String(decoding: read, as: UTF8.self) == "analytics: started app=cosmonaut\n")
    #expect(!WholeWrite.line("nowhere", to: ends[1]))  // closed
  }
}
