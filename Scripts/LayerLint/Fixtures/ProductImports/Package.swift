// swift-tools-version: 6.1
// Fixture: imports of another package's modules (Dep, by path), and the conditions SwiftPM applies to
// dependencies and defines. `ProductImportTests` lints it and builds each target with `swift build`.
import PackageDescription

let package = Package(
  name: "Root",
  traits: [.trait(name: "Extras"), .default(enabledTraits: [])],
  dependencies: [.package(path: "Dep")],
  targets: [
    // Declares DepC, imports DepA: no product it declares brings DepA (swift build: no such module 'DepA').
    .target(name: "App", dependencies: [.product(name: "DepC", package: "Dep")]),
    // Declares nothing, imports DepC (swift build: no such module 'DepC').
    .target(name: "Lib"),
    // swift-nio's shape: declares DepC, imports DepB, which DepC depends on: it builds, but only through DepC.
    .target(name: "NioShape", dependencies: [.product(name: "DepC", package: "Dep")]),
    // DepA is declared for macOS only: an import a Linux build compiles fails there.
    .target(
      name: "Mac", dependencies: [.product(name: "DepA", package: "Dep", condition: .when(platforms: [.macOS]))]),
    // EXTRAS is defined with the trait Extras: `swift build --traits Extras` compiles the import.
    .target(
      name: "Traited", dependencies: [.product(name: "DepA", package: "Dep")],
      swiftSettings: [.define("EXTRAS", .when(traits: ["Extras"]))]),
    // Imports DepA only under `#if os(macOS) && os(Linux)`, which no build compiles.
    .target(name: "Contradiction", dependencies: [.product(name: "DepA", package: "Dep")]),
    // Declares DepR, which re-exports DepA (`@_exported import DepA`): importing DepA is declared.
    .target(name: "UsesReexport", dependencies: [.product(name: "DepR", package: "Dep")]),
  ]
)
