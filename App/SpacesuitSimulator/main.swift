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

let listener: UnixSocketListener
do {
  listener = try UnixSocketListener(path: options.socketPath)
} catch RadioError.addressInUse(let path) {
  fail(
    "another suit is already listening on \(path); stop it or pick another --socket path", code: ExitCode.unavailable)
} catch RadioError.socketPathTooLong(let path, let maximum) {
  fail(
    "socket path is \(path.utf8.count) bytes, more than the \(maximum) allowed; use a shorter --socket path",
    code: ExitCode.usage)
} catch {
  fail("cannot listen on \(options.socketPath): \(error)", code: ExitCode.internalError)
}

// A client or a reader of stdout going away must not kill the suit.
signal(SIGPIPE, SIG_IGN)

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
let server = SimulatedSuitServer(simulator: simulator, logger: logger.scoped(to: "SuitSimulator"))

// The ready line, written unbuffered so a script waiting for it sees it at once.
FileHandle.standardOutput.write(Data("spacesuit-sim listening on \(options.socketPath)\n".utf8))
logger.info("serving seed \(options.seed), tick \(options.tickMilliseconds) ms")

Task {
  await server.serve(listener: listener)
}
dispatchMain()
