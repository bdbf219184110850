// swift-tools-version: 6.0
// Fixture: documentation rules (see DocsTests). Units is fully documented; Gauge has an undocumented
// public function and a broken symbol link; Panel is an app (no documentation pages).
import PackageDescription

let package = Package(
  name: "Documented",
  targets: [
    .executableTarget(name: "Panel", dependencies: ["Gauge", "Units"], path: "App/Panel"),
    .target(name: "Gauge", dependencies: ["Units"], path: "Core/Gauge", exclude: ["README.md"]),
    .target(name: "Units", path: "Shared/Units"),
  ]
)
