import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// What a finished child process printed and returned.
package struct ProcessOutput: Sendable {
  package let status: Int32
  package let standardOutput: Data
  package let standardError: String
}

/// A child process that could not be started: the system's reason.
package struct SpawnError: Error, CustomStringConvertible {
  package let executable: String
  package let code: Int32

  package var description: String { "\(executable): \(String(cString: strerror(code)))" }
}

/// Runs a child process and collects both of its output streams without risking a full-pipe deadlock.
///
/// Spawned and reaped with `posix_spawn` and `waitpid`, not Foundation's `Process`: its
/// `waitUntilExit` notices the exit only at its next 50 ms run-loop tick, which the lint (one
/// `swift package describe` of about 300 ms) would pay on every run.
package enum ProcessRunner {
  /// Runs `executable` (looked up in `PATH` when it has no slash) with `arguments`, standard input
  /// empty, and waits for it.
  package static func run(_ executable: String, arguments: [String]) throws -> ProcessOutput {
    let output = try Pipe2()
    let errors: Pipe2
    do {
      errors = try Pipe2()
    } catch {
      output.closeBoth()
      throw error
    }
    let pid: pid_t
    do {
      pid = try spawn(executable, arguments: arguments, output: output.write, errors: errors.write)
    } catch {
      output.closeBoth()
      errors.closeBoth()
      throw error
    }
    close(output.write)
    close(errors.write)
    let errorReader = PipeReader(descriptor: errors.read)
    errorReader.start()
    let standardOutput = readToEnd(output.read)
    let standardError = errorReader.wait()
    close(output.read)
    close(errors.read)
    return ProcessOutput(
      status: waitForExit(pid), standardOutput: standardOutput,
      standardError: String(decoding: standardError, as: UTF8.self))
  }

  private static func spawn(
    _ executable: String, arguments: [String], output: Int32, errors: Int32
  ) throws -> pid_t {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_adddup2(&actions, output, 1)
    posix_spawn_file_actions_adddup2(&actions, errors, 2)
    let argv: [UnsafeMutablePointer<CChar>?] = ([executable] + arguments).map { strdup($0) } + [nil]
    defer { argv.forEach { free($0) } }
    var pid = pid_t()
    let code =
      executable.contains("/")
      ? posix_spawn(&pid, executable, &actions, nil, argv, environ)
      : posix_spawnp(&pid, executable, &actions, nil, argv, environ)
    guard code == 0 else { throw SpawnError(executable: executable, code: code) }
    return pid
  }

  /// Lowers the calling thread's priority a little (nice 5), for work the lint does while SwiftPM answers:
  /// on a machine of two cores it yields to SwiftPM, which the lint waits for, yet still gets its share
  /// when other processes keep both cores busy (at idle priority it then gets none, and all of it comes
  /// after SwiftPM). On Linux the nice value is the thread's own (`who` 0 is the calling thread).
  package static func yieldToSwiftPM() {
    #if os(Linux)
      _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, 5)
    #endif
  }

  /// The child's exit status; 128 + the signal's number when a signal ended it (as a shell says).
  private static func waitForExit(_ pid: pid_t) -> Int32 {
    var status: Int32 = 0
    while waitpid(pid, &status, 0) == -1 {
      guard errno == EINTR else { return 128 }
    }
    let signal = status & 0x7f
    return signal == 0 ? (status >> 8) & 0xff : 128 + signal
  }

  fileprivate static func readToEnd(_ descriptor: Int32) -> Data {
    var data = Data()
    var buffer = [UInt8](repeating: 0, count: 65_536)
    while true {
      let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
      if count > 0 {
        data.append(contentsOf: buffer[0..<count])
      } else if count == 0 || errno != EINTR {
        return data
      }
    }
  }
}

/// A pipe whose ends are closed in any child this process spawns, unless handed to it.
private struct Pipe2 {
  package let read: Int32
  package let write: Int32

  package init() throws {
    var ends: [Int32] = [0, 0]
    guard pipe(&ends) == 0 else { throw SpawnError(executable: "pipe", code: errno) }
    (read, write) = (ends[0], ends[1])
    _ = fcntl(read, F_SETFD, FD_CLOEXEC)
    _ = fcntl(write, F_SETFD, FD_CLOEXEC)
  }

  package func closeBoth() {
    close(read)
    close(write)
  }
}

/// Reads a pipe to its end on a background thread.
private final class PipeReader: @unchecked Sendable {
  private let descriptor: Int32
  private let done = DispatchSemaphore(value: 0)
  private var data = Data()

  package init(descriptor: Int32) {
    self.descriptor = descriptor
  }

  package func start() {
    DispatchQueue.global().async {
      self.data = ProcessRunner.readToEnd(self.descriptor)
      self.done.signal()
    }
  }

  package func wait() -> Data {
    done.wait()
    return data
  }
}
