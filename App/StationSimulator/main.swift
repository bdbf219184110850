import FoundationEssentials
import Logging
import Radio
import Scaffold

let options = StationOptions(BenchLauncher.options(of: StationCommandLine.program))
let logger = Logger(module: "station-sim", level: options.logLevel, sinks: [StandardErrorLogSink(format: .inertText)])
let start = Date()
let station = Station(
  scenario: options.scenario, start: start, clock: SimulationClock.starting(at: start, factor: options.timeFactor),
  logger: logger.scoped(to: "Station"))
logger.info("scenario \(options.scenario.rawValue), time factor \(options.timeFactor)")
BenchLauncher.run(
  "station-sim", device: "station", serves: "the station's solar arrays, radiators and docking ports",
  bands: Station.bands, socketPath: options.socketPath, logger: logger
) {
  await station.answer($0)
}
