// swift-tools-version: 6.0
// Fixture: an ordinary SwiftPM package with no layers; only the import rule applies.
import PackageDescription

let package = Package(
  name: "Plain",
  targets: [
    .target(name: "Alpha", dependencies: ["Gamma"]),
    .target(name: "Beta"),
    .target(name: "Gamma", path: "Lib"),
    .testTarget(name: "AlphaTests", dependencies: ["Alpha"]),
  ]
)
