// untranslated-file: the bench simulators are developer tools, in English only
import CommandLineKit
import Dispatch
import FoundationEssentials
import Logging
import Radio
import UIComponents

#if canImport(Glibc)
  import Glibc
#endif

/// Runs a bench simulator (`spacesuit-sim`, `station-sim`, the lab simulator): its command line,
/// its socket — refusing anything at the path that is not a stale socket —, a descriptor limit for
/// many clients, a clean stop on SIGINT and SIGTERM, and the ready line scripts wait for.
public enum BenchLauncher {
  /// `--socket <path>`: the socket file a bench listens on (required).
  public static let socket = Option(
    "socket", .path(), placeholder: "path", required: true, help: "Socket file to listen on (at most 107 bytes).")
  /// `--log-level <level>`: what a bench logs to standard error.
  public static let logLevel = Option(
    "log-level", .logLevel, placeholder: "level", help: "What is logged to standard error; default notice.")

  /// `--time-factor <n>` within `range`: how much faster than the wall clock the bench's time runs;
  /// `example` says what a factor means for this bench.
  public static func timeFactor(in range: ClosedRange<Double>, example: String) -> Option<Double> {
    Option(
      "time-factor", .decimal(in: range), placeholder: "n",
      help: "Time runs <n> times as fast as the wall clock (\(example)); default 1.")
  }

  /// The global options of `program`'s command line, or the process ends: help and version are
  /// printed (exit 0), a usage error is one line (exit 64).
  public static func options<Route>(of program: Program<Route>) -> ParsedValues {
    do {
      switch try program.parse(CommandLine.arguments.dropFirst()) {
      case .print(let text):
        StandardOutput().write(text + "\n")
        exit(ExitCode.success)
      case .run(_, _, let values):
        return values
      }
    } catch {
      fail(error.userMessage, code: ExitCode.usage)
    }
  }

  /// Listens on `socketPath` for the bench `name` (e.g. "spacesuit-sim") simulating `device`
  /// (e.g. "suit"), prints "`name` listening on `socketPath`", and hands the listener to `serve`;
  /// SIGINT or SIGTERM close the listener (removing the socket) and end the process with 0.
  public static func run(
    _ name: String, device: String, socketPath: String, logger: Logger,
    serve: @escaping @Sendable (UnixSocketListener) async -> Void
  ) -> Never {
    let listener = listen(at: socketPath, device: device)
    signal(SIGPIPE, SIG_IGN)  // a client or a reader of stdout going away must not stop the bench
    raiseDescriptorLimit()
    let stops = [SIGINT, SIGTERM].map { number in
      signal(number, SIG_IGN)
      let source = DispatchSource.makeSignalSource(signal: number, queue: .main)
      source.setEventHandler {
        logger.notice("stopping (signal \(number))")
        listener.close()
        exit(ExitCode.success)
      }
      source.resume()
      return source
    }
    // The ready line, written unbuffered so a script waiting for it sees it at once.
    StandardOutput().write("\(name) listening on \(socketPath)\n")
    Task { await serve(listener) }
    withExtendedLifetime(stops) { dispatchMain() }
  }

  /// Serves `handler` to every client on `socketPath` through a `RadioServer` (see ``run(_:device:socketPath:logger:serve:)``).
  public static func run(
    _ name: String, device: String, socketPath: String, logger: Logger, handler: @escaping RadioServer.Handler
  ) -> Never {
    let server = RadioServer(logger: logger, handler: handler)
    run(name, device: device, socketPath: socketPath, logger: logger) { await server.serve(listener: $0) }
  }

  /// The listener at `path`, or the process ends with one line: 69 when another process serves the
  /// socket, 64 for a path too long, 73 when something that is not a stale socket is in the way.
  private static func listen(at path: String, device: String) -> UnixSocketListener {
    do {
      return try UnixSocketListener(path: path)
    } catch RadioError.addressInUse(let path) {
      fail(
        "another \(device) is already listening on \(path); stop it or pick another --socket path",
        code: ExitCode.unavailable)
    } catch RadioError.socketPathTooLong(let path, let maximum) {
      fail(
        "--socket \(path) is \(path.utf8.count) bytes; a Unix socket path may have at most \(maximum): use a shorter one",
        code: ExitCode.usage)
    } catch RadioError.notASocket(let path, .directory) {
      fail(
        "\(path) is a directory, not a socket; give a socket file in it, e.g. --socket \(path)/\(device).sock",
        code: ExitCode.cannotCreate)
    } catch RadioError.notASocket(let path, let kind) {
      fail(
        "\(path) is \(kind.text.description), not a socket; it was left alone: pick another --socket path",
        code: ExitCode.cannotCreate)
    } catch RadioError.system(let call, let reason) where call == "bind" {
      fail("cannot create the socket \(path): \(reason)", code: ExitCode.cannotCreate)
    } catch {
      fail("cannot listen on \(path): \(error)", code: ExitCode.internalError)
    }
  }

  /// One descriptor per client: as many as the system lets this process have (the server's own
  /// limit refuses the rest with a log line instead of failing to accept them).
  private static func raiseDescriptorLimit() {
    var limit = rlimit()
    let resource = __rlimit_resource_t(RLIMIT_NOFILE.rawValue)
    if getrlimit(resource, &limit) == 0, limit.rlim_cur < limit.rlim_max {
      limit.rlim_cur = min(limit.rlim_max, 65_536)
      _ = setrlimit(resource, &limit)
    }
  }

  /// Writes `error: line` on stderr and ends the process with `code`.
  public static func fail(_ line: String, code: Int32) -> Never {
    StandardError().write("error: \(line)\n")
    exit(code)
  }
}
