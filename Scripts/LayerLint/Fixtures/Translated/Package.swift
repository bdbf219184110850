// swift-tools-version: 6.0
// Fixture: string tables and plugins (see FixtureTests). A layer module may use the build-tool plugin
// in Scripts/; prose outside the string tables, a command plugin, a plugin in a layer folder and a
// tooling executable are findings. Linted only, never built.
import PackageDescription

let package = Package(
  name: "Translated",
  targets: [
    .target(name: "Menu", dependencies: ["Base"], path: "Domain/Menu", exclude: ["Strings"], plugins: ["Tables"]),
    .target(name: "Report", dependencies: ["Base", "TableTool"], path: "Domain/Report", plugins: ["Tidy", "Stamp"]),
    .target(name: "Base", path: "Shared/Base", plugins: ["Tables"]),
    .plugin(name: "Stamp", capability: .buildTool(), path: "Core/Stamp"),
    .executableTarget(name: "TableTool", path: "Scripts/Tools/TableTool"),
    .plugin(name: "Tables", capability: .buildTool(), dependencies: ["TableTool"], path: "Scripts/Plugins/Tables"),
    .plugin(
      name: "Tidy", capability: .command(intent: .custom(verb: "tidy", description: "Tidies the sources")),
      path: "Scripts/Plugins/Tidy"),
    .testTarget(name: "MenuTests", dependencies: ["Menu"], path: "Tests/MenuTests"),
    .testTarget(name: "ReportTests", dependencies: ["Report"], path: "Tests/ReportTests"),
    .testTarget(name: "BaseTests", dependencies: ["Base"], path: "Tests/BaseTests"),
  ]
)
