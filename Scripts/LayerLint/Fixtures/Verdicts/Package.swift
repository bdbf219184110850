// swift-tools-version: 6.0
// Fixture: the injected API changes of Scripts/test-api-verdicts. StationInterface is the contract each
// change edits; Console imports it (and uses only what no change touches).
import Foundation
import PackageDescription

func api(_ path: String) -> [String] {
  let name = URL(fileURLWithPath: path).lastPathComponent + ".api"
  let file = URL(fileURLWithPath: Context.packageDirectory).appendingPathComponent(path).appendingPathComponent(name)
  return FileManager.default.fileExists(atPath: file.path) ? [name] : []
}

let package = Package(
  name: "Verdicts",
  products: [.library(name: "StationInterface", targets: ["StationInterface"])],
  targets: [
    .target(name: "Console", dependencies: ["StationInterface"], path: "Core/Console", exclude: api("Core/Console")),
    .target(name: "StationInterface", path: "Shared/StationInterface", exclude: api("Shared/StationInterface")),
  ]
)
