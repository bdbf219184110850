import CommandLineKit
import Dispatch
import Foundation
import Logging
import Radio
import SpacesuitService

#if canImport(Glibc)
  import Glibc
#endif

func fail(_ line: String, code: Int32) -> Never {
  FileHandle.standardError.write(Data("error: \(line)\n".utf8))
  exit(code)
}

let options: SimulatorOptions
do {
  switch try SimulatorCommandLine.program.parse(CommandLine.arguments.dropFirst()) {
  case .print(let text):
    FileHandle.standardOutput.write(Data((text + "\n").utf8))
    exit(ExitCode.success)
  case .run(_, _, let values):
    options = SimulatorOptions(values)
  }
} catch {
  fail(error.message, code: ExitCode.usage)
}

let logger = Logger(module: "spacesuit-sim", level: options.logLevel, sinks: [StandardErrorLogSink()])

if let count = options.measureCount {
  Task {
    do {
      let report = try await LinkBenchmark.run(path: options.socketPath, count: count, logger: logger)
      let encoder = JSONEncoder()
      encoder.outputFormatting = [.sortedKeys]
      FileHandle.standardOutput.write(try encoder.encode(report) + Data("\n".utf8))
      exit(0)
    } catch {
      fail("could not measure the suit link at \(options.socketPath): \(error)", code: ExitCode.unavailable)
    }
  }
  dispatchMain()
}

let listener: UnixSocketListener
do {
  listener = try UnixSocketListener(path: options.socketPath)
} catch RadioError.addressInUse(let path) {
  fail(
    "another suit is already listening on \(path); stop it or pick another --socket path", code: ExitCode.unavailable)
} catch RadioError.socketPathTooLong(let path, let maximum) {
  fail(
    "--socket \(path) is \(path.utf8.count) bytes; a Unix socket path may have at most \(maximum): use a shorter one",
    code: ExitCode.usage)
} catch RadioError.notASocket(let path, let kind) where kind == "a directory" {
  fail(
    "\(path) is a directory, not a socket; give a socket file in it, e.g. --socket \(path)/suit.sock",
    code: ExitCode.cannotCreate)
} catch RadioError.notASocket(let path, let kind) {
  fail("\(path) is \(kind), not a socket; it was left alone: pick another --socket path", code: ExitCode.cannotCreate)
} catch RadioError.system(let call, let reason) where call == "bind" {
  fail("cannot create the socket \(options.socketPath): \(reason)", code: ExitCode.cannotCreate)
} catch {
  fail("cannot listen on \(options.socketPath): \(error)", code: ExitCode.internalError)
}

// A client or a reader of stdout going away must not kill the suit.
signal(SIGPIPE, SIG_IGN)

// One descriptor per client: allow as many as the system lets this process have (the server's own
// limit, 1000 clients, refuses the rest with a log line instead of failing to accept them).
var descriptorLimit = rlimit()
let descriptorResource = __rlimit_resource_t(RLIMIT_NOFILE.rawValue)
if getrlimit(descriptorResource, &descriptorLimit) == 0, descriptorLimit.rlim_cur < descriptorLimit.rlim_max {
  descriptorLimit.rlim_cur = min(descriptorLimit.rlim_max, 65_536)
  _ = setrlimit(descriptorResource, &descriptorLimit)
}

// Stop cleanly on SIGINT/SIGTERM: remove the socket file, exit 0.
var signalSources: [any DispatchSourceSignal] = []
for signalNumber in [SIGINT, SIGTERM] {
  signal(signalNumber, SIG_IGN)
  let source = DispatchSource.makeSignalSource(signal: signalNumber, queue: .main)
  source.setEventHandler {
    logger.notice("stopping (signal \(signalNumber))")
    listener.close()
    exit(0)
  }
  source.resume()
  signalSources.append(source)
}

let simulator = SuitSimulator(seed: options.seed, start: Date(), step: Double(options.tickMilliseconds) / 1000)
let server = SimulatedSuitServer(
  simulator: simulator, timeFactor: options.timeFactor, scenario: options.scenario,
  logger: logger.scoped(to: "SuitSimulator"))

// The ready line, written unbuffered so a script waiting for it sees it at once.
FileHandle.standardOutput.write(Data("spacesuit-sim listening on \(options.socketPath)\n".utf8))
logger.info(
  "serving seed \(options.seed), tick \(options.tickMilliseconds) ms, scenario \(options.scenario.rawValue), "
    + "time factor \(options.timeFactor)")

Task {
  await server.serve(listener: listener)
}
dispatchMain()
