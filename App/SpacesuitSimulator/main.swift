import CommandLineKit
import Dispatch
import FoundationEssentials
import Logging
import Scaffold
import SpacesuitService
import SpacesuitServiceInterface

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

let options = SimulatorOptions(BenchLauncher.options(of: SimulatorCommandLine.program))

let logger = Logger(module: "spacesuit-sim", level: options.logLevel, sinks: [StandardErrorLogSink(format: .inertText)])

if let count = options.measureCount {
  Task {
    do {
      let report = try await LinkBenchmark.run(path: options.socketPath, count: count, logger: logger)
      let encoder = JSONEncoder()
      encoder.outputFormatting = [.sortedKeys]
      BenchLauncher.write(String(decoding: try encoder.encode(report), as: UTF8.self) + "\n")
      exit(ExitCode.success)
    } catch {
      BenchLauncher.fail(
        "could not measure the suit link at \(options.socketPath): \(error)", code: ExitCode.unavailable)
    }
  }
  dispatchMain()
}

let simulator = SuitSimulator(seed: options.seed, start: Date(), step: Double(options.tickMilliseconds) / 1000)
let server = SimulatedSuitServer(
  simulator: simulator, timeFactor: options.timeFactor, scenario: options.scenario,
  logger: logger.scoped(to: "SuitSimulator"))

logger.info(
  "serving seed \(options.seed), tick \(options.tickMilliseconds) ms, scenario \(options.scenario.rawValue), "
    + "time factor \(options.timeFactor)")

BenchLauncher.run(
  "spacesuit-sim", device: "suit", serves: "a simulated spacesuit",
  bands: [SuitProtocol.MessageType.telemetryRequest.rawValue], socketPath: options.socketPath, logger: logger
) {
  await server.serve(listener: $0)
}
