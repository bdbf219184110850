// untranslated-file: the bench simulators are developer tools, in English only
import CommandLineKit
import Dispatch
import FoundationEssentials
import Localization
import Logging
import Radio
import UIComponents

#if canImport(Glibc)
  import Glibc
#endif

/// Runs a bench simulator (`spacesuit-sim`, `station-sim`, the lab simulator): its command line,
/// its socket — refusing anything at the path that is not a stale socket, and saying what holds it —,
/// a descriptor limit for many clients, a clean stop on SIGINT and SIGTERM, and the ready line
/// scripts wait for. Every way a bench ends is one of ``exitCodes``, which its help lists.
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

  /// The codes a bench exits with, and what each means: the help's EXIT CODES and every exit of
  /// ``BenchLauncher`` come from here. `measures` for a bench that can also measure a peer as a client.
  public static func exitCodes(measures: Bool = false) -> [(code: Int32, meaning: String)] {
    [
      (ExitCode.success, "stopped by a signal (or help or the version printed)"),
      (ExitCode.usage, "bad usage, e.g. an unknown option or a --socket path too long"),
      (
        ExitCode.unavailable,
        "the socket is served by another process (the line says what)"
          + (measures ? ", or nothing to measure answers on it" : "")
      ),
      (ExitCode.internalError, "an unexpected failure"),
      (ExitCode.cannotCreate, "nothing can be created at the --socket path (a directory, a file, no such directory)"),
      (ExitCode.ioError, "the output cannot be written (e.g. disk full)"),
    ]
  }

  /// The EXIT CODES section of a bench's help: exactly ``exitCodes(measures:)``.
  public static func exitCodesSection(measures: Bool = false) -> HelpSection {
    HelpSection(
      "EXIT CODES", exitCodes(measures: measures).map { "\($0.code) \($0.meaning)" }.joined(separator: "; ") + ".")
  }

  /// The global options of `program`'s command line, or the process ends: help and version are
  /// printed (exit 0, or 74 when they cannot be), a usage error — also an argument that is not
  /// UTF-8 — is one line (exit 64).
  public static func options<Route>(of program: Program<Route>) -> ParsedValues {
    StandardStreams.prepare()
    do {
      switch try program.parse(ProcessArguments.read()) {
      case .print(let text):
        write(text + "\n")
        exit(ExitCode.success)
      case .run(_, _, let values):
        return values
      }
    } catch {
      fail(error.userMessage, code: ExitCode.usage)
    }
  }

  /// Writes `text` on standard output, checked: a closed pipe is ignored (nobody reads), any other
  /// failure ends the process with 74 and one line (see ``OutputCheck``).
  public static func write(_ text: String) {
    let output = StandardOutput()
    output.write(text)
    let code = OutputCheck.exitCode(
      ExitCode.success, output: output.failure, changeSaved: false, errors: StandardError(), translator: .english)
    if code != ExitCode.success { exit(code) }
  }

  /// Listens on `socketPath` for the bench `name` (e.g. "spacesuit-sim") simulating `device`
  /// (e.g. "suit") — answering the identify request as `name`, serving `serves` on the request
  /// `bands` (see `RadioPeer`) —, prints "`name` listening on `socketPath`", and hands the listener to
  /// `serve`; SIGINT or SIGTERM close the listener (removing the socket) and end the process with 0.
  public static func run(
    _ name: String, device: String, serves: String, bands: [UInt8], socketPath: String, logger: Logger,
    serve: @escaping @Sendable (UnixSocketListener) async -> Void
  ) -> Never {
    let peer = RadioPeer(program: name, serves: serves, bands: bands)
    let listener = listen(at: socketPath, as: peer, device: device)
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
    // The ready line, written unbuffered so a script waiting for it sees it at once; a bench whose
    // ready line cannot be written (a full disk) stops rather than serve unannounced. The path is
    // shown inert, never cut: a control character in it reads as an escape, and a script still
    // finds an ordinary path as it gave it.
    let output = StandardOutput()
    output.write("\(name) listening on \(InertText(socketPath, limit: nil))\n")
    if let failure = output.failure, !failure.isClosedReader {
      listener.close()
      fail("cannot write the ready line: \(failure.reason.description)", code: ExitCode.ioError)
    }
    Task { await serve(listener) }
    withExtendedLifetime(stops) { dispatchMain() }
  }

  /// Serves `handler` to every client on `socketPath` through a `RadioServer` (see
  /// ``run(_:device:serves:bands:socketPath:logger:serve:)``).
  public static func run(
    _ name: String, device: String, serves: String, bands: [UInt8], socketPath: String, logger: Logger,
    handler: @escaping RadioServer.Handler
  ) -> Never {
    let server = RadioServer(logger: logger, handler: handler)
    run(name, device: device, serves: serves, bands: bands, socketPath: socketPath, logger: logger) {
      await server.serve(listener: $0)
    }
  }

  /// The listener at `path`, or the process ends with one line: 69 when another process serves the
  /// socket (saying what it is: another `peer.program`, another bench, something that is none of
  /// ours), 64 for a path too long, 73 when something that is not a stale socket is in the way.
  private static func listen(at path: String, as peer: RadioPeer, device: String) -> UnixSocketListener {
    var probed = false
    while true {
      do {
        return try UnixSocketListener(path: path, peer: peer)
      } catch RadioError.addressInUse(let path) {
        let holder = probe(path)
        // The holder went away between the two looks: the socket is stale now; try once more.
        if holder == .nobody && !probed {
          probed = true
          continue
        }
        fail(taken(path, by: holder, program: peer.program, device: device), code: ExitCode.unavailable)
      } catch RadioError.socketPathTooLong(let path, let maximum) {
        fail(
          "--socket \(shown(path)) is \(path.utf8.count) bytes; a Unix socket path may have at most \(maximum): use a shorter one",
          code: ExitCode.usage)
      } catch RadioError.notASocket(let path, .directory) {
        fail(
          "\(shown(path)) is a directory, not a socket; give a socket file in it, e.g. --socket \(shown(path))/\(device).sock",
          code: ExitCode.cannotCreate)
      } catch RadioError.notASocket(let path, let kind) {
        fail(
          "\(shown(path)) is \(kind.text.description), not a socket; it was left alone: pick another --socket path",
          code: ExitCode.cannotCreate)
      } catch RadioError.notADirectory(let path, let component, let kind) {
        fail(
          "cannot create the socket \(shown(path)): \(shown(component)) is \(kind.text.description), not a directory; "
            + "it was left alone: pick another --socket path",
          code: ExitCode.cannotCreate)
      } catch RadioError.system(let call, let reason, _) where call == "bind" || call == "lstat" {
        fail("cannot create the socket \(shown(path)): \(reason)", code: ExitCode.cannotCreate)
      } catch {
        fail("cannot listen on \(shown(path)): \(error)", code: ExitCode.internalError)
      }
    }
  }

  /// What holds the socket at `path`, as the one line says it.
  static func taken(_ path: String, by holder: RadioPeerProbe, program: String, device: String) -> String {
    let stop = "stop it or pick another --socket path"
    switch holder {
    case .peer(let other) where other.program == program:
      return "another \(program) is already listening on \(shown(path)); \(stop)"
    case .peer(let other):
      return
        "\(InertText(other.program)) is listening on \(shown(path)), serving \(InertText(other.serves, limit: InertText.longLimit)), "
        + "not a \(device); \(stop)"
    case .anonymous:
      return "a Radio device that does not say what it is (an older simulator?) is listening on \(shown(path)); \(stop)"
    case .stranger:
      return "a process that does not speak the Radio protocol is listening on \(shown(path)); it was left alone: "
        + "pick another --socket path"
    case .nobody:
      return "\(shown(path)) was taken and let go while it was probed; try again"
    }
  }

  /// Who serves the socket at `path` (waits at most a second for it to say).
  private static func probe(_ path: String) -> RadioPeerProbe {
    let result = ProbeResult()
    let done = DispatchSemaphore(value: 0)
    Task {
      result.value = await RadioPeer.probe(path: path)
      done.signal()
    }
    done.wait()
    return result.value
  }

  /// A path as a line shows it: inert, cut to a readable length.
  private static func shown(_ path: String) -> InertText { InertText(path, limit: InertText.longLimit) }

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

  /// Writes `error: line` on stderr (inert: a path or a peer's words cannot act on the terminal) and
  /// ends the process with `code`, one of ``exitCodes(measures:)``.
  public static func fail(_ line: String, code: Int32) -> Never {
    StandardError().writeInertLine("error: \(line)")
    exit(code)
  }
}

/// The probe's answer, handed from its task to the waiting thread (the semaphore orders the two).
private final class ProbeResult: @unchecked Sendable {
  var value: RadioPeerProbe = .nobody
}
