import FoundationEssentials
import LaboratoryService
import Logging
import Radio
import Scaffold

let options = LabOptions(BenchLauncher.options(of: LabCommandLine.program))
let logger = Logger(module: "lab-sim", level: options.logLevel, sinks: [StandardErrorLogSink(format: .inertText)])
let start = Date()
let labs = LabSimulation(
  simulator: LabSimulator(start: start, scenario: options.scenario.lab),
  clock: SimulationClock.starting(at: start, factor: options.timeFactor), logger: logger.scoped(to: "Labs"))
logger.info("scenario \(options.scenario.rawValue), time factor \(options.timeFactor)")
BenchLauncher.run(
  "lab-sim", device: "lab", serves: "the labs of Destiny, Columbus, Kibo and Nauka",
  bands: [LabProtocol.MessageType.telemetryRequest.rawValue], socketPath: options.socketPath, logger: logger
) { await labs.answer($0) }
