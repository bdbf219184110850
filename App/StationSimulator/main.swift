import CommandLineKit
import Dispatch
import Foundation
import Logging
import Radio

#if canImport(Glibc)
  import Glibc
#endif

func fail(_ line: String, code: Int32) -> Never {
  FileHandle.standardError.write(Data("error: \(line)\n".utf8))
  exit(code)
}

let options: StationOptions
do {
  switch try StationCommandLine.program.parse(CommandLine.arguments.dropFirst()) {
  case .print(let text):
    FileHandle.standardOutput.write(Data((text + "\n").utf8))
    exit(ExitCode.success)
  case .run(_, _, let values):
    options = StationOptions(values)
  }
} catch {
  fail(error.message, code: ExitCode.usage)
}

let logger = Logger(module: "station-sim", level: options.logLevel, sinks: [StandardErrorLogSink()])
let listener: UnixSocketListener
do {
  listener = try UnixSocketListener(path: options.socketPath)
} catch RadioError.addressInUse(let path) {
  fail(
    "another station is already listening on \(path); stop it or pick another --socket path", code: ExitCode.unavailable
  )
} catch RadioError.socketPathTooLong(let path, let maximum) {
  fail(
    "socket path is \(path.utf8.count) bytes, more than the \(maximum) allowed; use a shorter --socket path",
    code: ExitCode.usage)
} catch {
  fail("cannot listen on \(options.socketPath): \(error)", code: ExitCode.internalError)
}

// A client or a reader of stdout going away must not stop the station; a signal stops it cleanly.
signal(SIGPIPE, SIG_IGN)
let stops = [SIGINT, SIGTERM].map { number in
  signal(number, SIG_IGN)
  let source = DispatchSource.makeSignalSource(signal: number, queue: .main)
  source.setEventHandler {
    logger.notice("stopping (signal \(number))")
    listener.close()
    exit(0)
  }
  source.resume()
  return source
}

let start = Date()
let station = Station(
  scenario: options.scenario, start: start, clock: Station.clock(start: start, factor: options.timeFactor),
  logger: logger.scoped(to: "Station"))
FileHandle.standardOutput.write(Data("station-sim listening on \(options.socketPath)\n".utf8))
logger.info("scenario \(options.scenario.rawValue), time factor \(options.timeFactor)")
Task { await StationServer.serve(station, listener: listener, logger: logger) }
withExtendedLifetime(stops) { dispatchMain() }
