// swift-tools-version: 6.0
// Fixture: a manifest whose own layering check refuses a dependency while it loads.
import Foundation
import PackageDescription

FileHandle.standardError.write(
  Data("error: [layer-direction] Low (Core) -> High (Domain) points upward; move the shared code to a lower layer or behind an …Interface module\n".utf8))
exit(1)

let package = Package(name: "ManifestRejects", targets: [.target(name: "Low", path: "Core/Low")])
