// swift-tools-version: 6.0
import PackageDescription

let package = Package(
  name: "Dep",
  products: [
    .library(name: "DepA", targets: ["DepA"]),
    .library(name: "DepB", targets: ["DepB"]),
    .library(name: "DepC", targets: ["DepC"]),
    .library(name: "DepR", targets: ["DepR"]),
  ],
  targets: [
    .target(name: "DepA"),
    .target(name: "DepB"),
    .target(name: "DepC", dependencies: ["DepB"]),
    .target(name: "DepR", dependencies: ["DepA"]),
  ]
)
