import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// Starts processes with `posix_spawn`, never with Foundation's `Process` (whose exit notice needs
/// a socket every descendant may hold open, and whose `waitUntilExit` spins on a thread without a
/// run loop).
///
/// A child gets only its three standard streams (every other descriptor of the test process is
/// closed in it), the signal mask and dispositions a fresh shell would give (the test process
/// ignores SIGPIPE; a child must not inherit that), and the process group it is told to join.
enum Spawn {
  /// Where a child's standard stream comes from or goes to.
  enum Stream {
    /// `/dev/null`.
    case null
    /// This descriptor (a pipe's end), duplicated onto the stream.
    case descriptor(Int32)
    /// A file, created or truncated.
    case file(String)
  }

  /// Serialises creating close-on-exec descriptors and spawning, so no child is started between a
  /// pipe's creation and the moment its ends are marked close-on-exec.
  static let lock = NSLock()

  /// A pipe whose two ends are closed in every child (unless handed to one as a standard stream).
  /// Call with `lock` held.
  static func pipe() throws -> (read: Int32, write: Int32) {
    var ends: [Int32] = [0, 0]
    guard Glibc.pipe(&ends) == 0 else { throw SpawnFailure(executable: "pipe", code: errno) }
    _ = fcntl(ends[0], F_SETFD, FD_CLOEXEC)
    _ = fcntl(ends[1], F_SETFD, FD_CLOEXEC)
    return (ends[0], ends[1])
  }

  /// Starts `executable` (looked up in `PATH` when it has no slash) in process group `group` (0: a
  /// new group led by the child). Call with `lock` held.
  static func start(
    _ executable: String, _ arguments: [String], environment: [String: String], group: pid_t,
    input: Stream, output: Stream, errors: Stream
  ) throws -> pid_t {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    for (stream, target, flags) in [
      (input, STDIN_FILENO, O_RDONLY), (output, STDOUT_FILENO, O_WRONLY), (errors, STDERR_FILENO, O_WRONLY),
    ] {
      switch stream {
      case .null: posix_spawn_file_actions_addopen(&actions, target, "/dev/null", flags, 0)
      case .descriptor(let descriptor): posix_spawn_file_actions_adddup2(&actions, descriptor, target)
      case .file(let path):
        posix_spawn_file_actions_addopen(&actions, target, path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
      }
    }
    closeOthers(&actions)

    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
    posix_spawnattr_setpgroup(&attributes, group)
    var none = sigset_t()
    sigemptyset(&none)
    posix_spawnattr_setsigmask(&attributes, &none)
    var defaults = sigset_t()
    sigemptyset(&defaults)
    for signal in [
      SIGPIPE, SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGCHLD, SIGUSR1, SIGUSR2, SIGALRM, SIGTSTP, SIGTTIN, SIGTTOU,
    ] {
      sigaddset(&defaults, signal)
    }
    posix_spawnattr_setsigdefault(&attributes, &defaults)

    let argv: [UnsafeMutablePointer<CChar>?] = ([executable] + arguments).map { strdup($0) } + [nil]
    defer { argv.forEach { free($0) } }
    let envp: [UnsafeMutablePointer<CChar>?] = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer { envp.forEach { free($0) } }
    var pid = pid_t()
    let code =
      executable.contains("/")
      ? posix_spawn(&pid, executable, &actions, &attributes, argv, envp)
      : posix_spawnp(&pid, executable, &actions, &attributes, argv, envp)
    guard code == 0 else { throw SpawnFailure(executable: executable, code: code) }
    return pid
  }

  /// Closes in the child every descriptor above the standard three: glibc's
  /// `posix_spawn_file_actions_addclosefrom_np` (2.34+, looked up at run time since Swift does not
  /// see it), else one close per descriptor open now.
  private static func closeOthers(_ actions: inout posix_spawn_file_actions_t) {
    if let closeFrom {
      _ = closeFrom(&actions, STDERR_FILENO + 1)
      return
    }
    let open = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
    for descriptor in open.compactMap(Int32.init) where descriptor > STDERR_FILENO {
      posix_spawn_file_actions_addclose(&actions, descriptor)
    }
  }

  private typealias CloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32

  private static let closeFrom: CloseFrom? = {
    guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "posix_spawn_file_actions_addclosefrom_np")
    else { return nil }
    return unsafeBitCast(symbol, to: CloseFrom.self)
  }()
}

/// A process that could not be started, with the system's reason.
public struct SpawnFailure: Error, CustomStringConvertible {
  /// What was to be started.
  public let executable: String
  /// The `errno` value.
  public let code: Int32

  public var description: String { "cannot start \(executable): \(String(cString: strerror(code)))" }
}
