import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// The process group every child of this test run joins, and the watchdog that kills that group
/// when the test process ends, however it ends: a normal exit, a crash, SIGPIPE or SIGKILL.
///
/// The watchdog is `/bin/sh` leading a process group of its own and reading a pipe whose writing
/// end only the test process holds (close-on-exec, so no child inherits it). When the test process
/// is gone the kernel closes that end, the read returns, and the shell kills its whole group
/// (`kill -KILL 0`): every child the tests started, and what those started in turn. This does not
/// depend on which thread spawned a child (unlike `PR_SET_PDEATHSIG`, which fires when the spawning
/// thread ends) and needs nothing beyond `/bin/sh`.
enum RunGroup {
  /// The environment variable every child gets: the package root and the test process's id, so a
  /// leftover can be traced to the run that started it (`Scripts/check` looks for them).
  static let markerVariable = "TEST_HARNESS_RUN"
  static let marker = "\(TestProducts.packageRoot.path)#\(getpid())"

  /// The watchdog's pid (also the group's id) and the writing end of its pipe; guarded by `Spawn.lock`.
  nonisolated(unsafe) private static var watchdog: (pid: pid_t, pipe: Int32)?

  /// The group a new child joins, starting the watchdog on first use or when it is gone. Call with
  /// `Spawn.lock` held.
  static func current() throws -> pid_t {
    if let watchdog {
      var status: Int32 = 0
      if waitpid(watchdog.pid, &status, WNOHANG) == 0 { return watchdog.pid }
      close(watchdog.pipe)
      Self.watchdog = nil
    }
    let ends = try Spawn.pipe()
    let pid: pid_t
    do {
      pid = try Spawn.start(
        "/bin/sh", ["-c", "read _; kill -KILL 0", "test-harness-watchdog"],
        environment: ["PATH": "/usr/bin:/bin", markerVariable: marker], group: 0, input: .descriptor(ends.read),
        output: .null,
        errors: .null)
    } catch {
      close(ends.read)
      close(ends.write)
      throw error
    }
    close(ends.read)
    watchdog = (pid, ends.write)
    return pid
  }
}
