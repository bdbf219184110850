// Fills a data directory with COUNT queued messages, made through the live clients as the apps make
// them, for Scripts/bench's delivery rows:
//   houston  supplies changes of `cosmonaut` (cosmonaut.sqlite), for `cosmonaut sync`
//   tsup     supplies changes of `cosmonaut-ru` (cosmonaut-ru.sqlite), for `cosmonaut-ru sync`
//   lab      started runs of `laboratory` (laboratory.sqlite), one result each, for `results send`
//   usage: outbox-fill DIR COUNT [houston|tsup|lab]   (default houston)
import AppAnalytics
import CosmonautService
import Foundation
import HoustonMissionControl
import LaboratoryService
import LaboratoryServiceInterface
import Logging
import MissionControlInterface
import Persistence
import Radio
import TsUPMissionControl

let arguments = CommandLine.arguments
let mode = arguments.count == 4 ? arguments[3] : "houston"
guard arguments.count == 3 || arguments.count == 4, let count = Int(arguments[2]),
  ["houston", "tsup", "lab"].contains(mode)
else {
  FileHandle.standardError.write(Data("usage: outbox-fill DIR COUNT [houston|tsup|lab]\n".utf8))
  exit(64)
}
let directory = URL(fileURLWithPath: arguments[1], isDirectory: true)
func store(_ name: String) throws -> EntityStore {
  try EntityStore(configuration: StoreConfiguration(fileURL: directory.appendingPathComponent(name)))
}
let logger = Logger.disabled(module: "bench")
switch mode {
case "tsup":
  let client = LiveCosmonautClient(
    store: try store("cosmonaut-ru.sqlite"), dialect: .tsup,
    missionControl: MissionControlClient(center: .tsup, address: nil), analytics: .disabled, logger: logger)
  for index in 0..<count {
    _ = try await (index % 2 == 0 ? client.restock("water", quantity: 1) : client.consume("water", quantity: 1))
  }
  print(try await client.pendingSync().pending.count)
case "lab":
  // The link to the racks is never used: starting a run only queues its result.
  let client = LiveLaboratoryClient(
    store: try store("laboratory.sqlite"), missionControl: MissionControlClient(center: .houston, address: nil),
    connector: .unixSocket(path: directory.appendingPathComponent("no-lab.sock").path), analytics: .disabled,
    logger: logger)
  let experiments = ExperimentCatalogue.sample.experiments
  for index in 0..<count {
    _ = try await client.startRun(experiments[index % experiments.count], crew: "Oleg Kononenko")
  }
  print(try await client.results().pending.count)
default:
  let client = LiveCosmonautClient(
    store: try store("cosmonaut.sqlite"), dialect: .houston,
    missionControl: MissionControlClient(center: .houston, address: nil), analytics: .disabled, logger: logger)
  for index in 0..<count {
    _ = try await (index % 2 == 0 ? client.restock("water", quantity: 1) : client.consume("water", quantity: 1))
  }
  print(try await client.pendingSync().pending.count)
}

/// As `laboratory` composes them: the mission control client makes the lab's results channel.
extension MissionControlClient: @retroactive ResultsChannels {}
