import Foundation

/// What a finished child process printed and returned.
struct ProcessOutput: Sendable {
  let status: Int32
  let standardOutput: Data
  let standardError: String
}

/// Runs a child process and collects both of its output streams without risking a full-pipe deadlock.
enum ProcessRunner {
  static func run(_ executable: String, arguments: [String]) throws -> ProcessOutput {
    let process = Process()
    if executable.contains("/") {
      process.executableURL = URL(fileURLWithPath: executable)
      process.arguments = arguments
    } else {
      process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
      process.arguments = [executable] + arguments
    }
    let outputPipe = Pipe()
    let errorPipe = Pipe()
    process.standardOutput = outputPipe
    process.standardError = errorPipe
    process.standardInput = FileHandle.nullDevice
    try process.run()
    let errorReader = PipeReader(handle: errorPipe.fileHandleForReading)
    errorReader.start()
    let output = outputPipe.fileHandleForReading.readDataToEndOfFile()
    let errors = errorReader.wait()
    process.waitUntilExit()
    return ProcessOutput(
      status: process.terminationStatus, standardOutput: output,
      standardError: String(decoding: errors, as: UTF8.self))
  }
}

/// Reads a pipe to its end on a background thread.
private final class PipeReader: @unchecked Sendable {
  private let handle: FileHandle
  private let done = DispatchSemaphore(value: 0)
  private var data = Data()

  init(handle: FileHandle) {
    self.handle = handle
  }

  func start() {
    DispatchQueue.global().async {
      self.data = self.handle.readDataToEndOfFile()
      self.done.signal()
    }
  }

  func wait() -> Data {
    done.wait()
    return data
  }
}
