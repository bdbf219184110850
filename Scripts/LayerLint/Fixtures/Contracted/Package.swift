// swift-tools-version: 6.0
// Fixture: API contracts (see APITests). UnitsInterface is the contract under test; Dial and Panel import it.
// Each library module's `<Module>.api` is no source, as in the workspace's manifest.
import Foundation
import PackageDescription

func api(_ path: String) -> [String] {
  let name = URL(fileURLWithPath: path).lastPathComponent + ".api"
  let file = URL(fileURLWithPath: Context.packageDirectory).appendingPathComponent(path).appendingPathComponent(name)
  return FileManager.default.fileExists(atPath: file.path) ? [name] : []
}

let package = Package(
  name: "Contracted",
  targets: [
    .executableTarget(name: "Panel", dependencies: ["Dial", "UnitsInterface"], path: "App/Panel"),
    .target(name: "Dial", dependencies: ["UnitsInterface"], path: "Core/Dial", exclude: api("Core/Dial")),
    .target(name: "UnitsInterface", path: "Shared/UnitsInterface", exclude: api("Shared/UnitsInterface")),
  ]
)
