#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The process's standard streams made ready before anything is written or opened: every program of
/// the workspace calls ``prepare()`` first.
public enum StandardStreams {
  /// Makes every write to standard output and error a checked one:
  ///
  /// - SIGPIPE is ignored, so a reader that goes away (`app | head -1`) makes a write fail with
  ///   `EPIPE` instead of killing the process mid-change;
  /// - a stream the process was started without (`app >&-`) is held by `/dev/null` opened the other
  ///   way, so the next file the program opens (its database, its log) cannot become descriptor 1
  ///   and receive its output, and a write to it fails with `EBADF` — reported at the end (exit 74);
  /// - the signals a terminal sends besides Ctrl-C end the program cleanly (``TerminalSignals``).
  public static func prepare() {
    signal(SIGPIPE, SIG_IGN)
    TerminalSignals.install()
    for (descriptor, wrongWay) in [(STDIN_FILENO, O_WRONLY), (STDOUT_FILENO, O_RDONLY), (STDERR_FILENO, O_RDONLY)] {
      guard fcntl(descriptor, F_GETFD) == -1, errno == EBADF else { continue }
      let holder = open("/dev/null", wrongWay | O_CLOEXEC)
      guard holder >= 0, holder != descriptor else { continue }
      _ = dup2(holder, descriptor)
      close(holder)
    }
  }
}
