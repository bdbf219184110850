// Fills a cosmonaut data directory with COUNT queued reports (supplies changes, through the live
// client as the app makes them), for Scripts/bench's sync row.
//   usage: outbox-fill DIR COUNT
import AppAnalytics
import CosmonautService
import Foundation
import Logging
import Persistence

let arguments = CommandLine.arguments
guard arguments.count == 3, let count = Int(arguments[2]) else {
  FileHandle.standardError.write(Data("usage: outbox-fill DIR COUNT\n".utf8))
  exit(64)
}
let file = URL(fileURLWithPath: arguments[1], isDirectory: true).appendingPathComponent("cosmonaut.sqlite")
let client = LiveCosmonautClient(
  store: try EntityStore(configuration: StoreConfiguration(fileURL: file)), houston: nil, analytics: .disabled,
  logger: .disabled(module: "bench"))
for index in 0..<count {
  _ = try await (index % 2 == 0 ? client.restock("water", quantity: 1) : client.consume("water", quantity: 1))
}
print(try await client.pendingSync().pending.count)
