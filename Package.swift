// swift-tools-version: 6.1
// The ISS Application Framework: five layers, one rule — dependencies point downward only.
//
//   App      executables that compose domains through Scaffold
//   Domain   user flows: coordinators, view models, terminal screens
//   Service  business data over Network, Persistence and Radio
//   Core     enablers: Network, Persistence, Radio, UIComponents
//   Shared   cross-cutting: Logging, AppAnalytics
//
// Each module is one line in its layer's group below (`swift-format-ignore` keeps it so); its
// folder is `<Layer>/<Module>/` and its tests are `Tests/<Module>Tests/`. The manifest refuses a sideways or upward dependency before
// anything compiles; `Scripts/lint-layers` checks the rest (imports, owners, tests).
import Foundation
import PackageDescription

// MARK: - App

// swift-format-ignore
let app: [Module] = [
  .executable("CosmonautApp", product: "cosmonaut", dependsOn: ["Scaffold", "Cosmonaut", "Spacesuit", "CosmonautServiceInterface", "CosmonautService", "HoustonMissionControl", "MissionControlInterface", "SpacesuitServiceInterface", "SpacesuitService", "CommandLineKit", "PartnerConfiguration", "Localization"], testsUse: ["UIComponents", "UIComponentsTestSupport", "Persistence", "Network", "Logging", "AppAnalytics"], strings: true, partners: true, talksHTTP: true),
  .executable("CosmonautRuApp", product: "cosmonaut-ru", dependsOn: ["Scaffold", "Cosmonaut", "Spacesuit", "CosmonautServiceInterface", "CosmonautService", "TsUPMissionControl", "MissionControlInterface", "SpacesuitServiceInterface", "SpacesuitService", "CommandLineKit", "PartnerConfiguration", "Localization"], testsUse: ["UIComponents", "UIComponentsTestSupport", "Persistence", "Network", "Logging", "AppAnalytics", "LoggingTestSupport", "AppAnalyticsTestSupport"], strings: true, partners: true, talksHTTP: true),
  .executable("SpacesuitSimulator", product: "spacesuit-sim", dependsOn: ["Scaffold", "SpacesuitServiceInterface", "SpacesuitService", "CommandLineKit", "Logging", "AppAnalytics"]),
  .executable("ISSOverviewApp", product: "iss-overview", dependsOn: ["Scaffold", "Peripheries", "SolarArrayService", "HeatRadiatorService", "DockingPortService", "HoustonMissionControl", "CommandLineKit", "PartnerConfiguration", "Network", "Persistence", "Localization", "Logging", "AppAnalytics"], testsUse: ["UIComponents", "UIComponentsTestSupport"], strings: true, partners: true, talksHTTP: true),
  .executable("StationSimulator", product: "station-sim", dependsOn: ["Scaffold", "SolarArrayServiceInterface", "SolarArrayService", "HeatRadiatorServiceInterface", "HeatRadiatorService", "DockingPortServiceInterface", "DockingPortService", "CommandLineKit", "Radio", "Logging"]),
  .executable("LaboratoryApp", product: "laboratory", dependsOn: ["Scaffold", "Laboratory", "Cosmonaut", "LaboratoryService", "CosmonautService", "CosmonautServiceInterface", "HoustonMissionControl", "MissionControlInterface", "CommandLineKit", "PartnerConfiguration", "Persistence", "Localization"], testsUse: ["UIComponents", "UIComponentsTestSupport", "LaboratoryServiceInterface", "Network", "Radio", "Logging", "AppAnalytics"], strings: true, partners: true, talksHTTP: true),
  .executable("LaboratorySimulator", product: "lab-sim", dependsOn: ["Scaffold", "LaboratoryService", "CommandLineKit", "Radio", "Logging"]),
  .helper("URLSessionHelper", dependsOn: ["URLSessionBridge"]),
]

// MARK: - Domain

// swift-format-ignore
let domain: [Module] = [
  .library("Scaffold", dependsOn: ["Navigation", "MissionControlInterface", "CommandLineKit", "UIComponents", "Radio", "PartnerConfiguration", "Localization", "Logging", "AppAnalytics", "Secrets"], testsUse: ["UIComponentsTestSupport", "LoggingTestSupport", "AppAnalyticsTestSupport"], strings: true, partner: true),
  .library("CosmonautInterface", dependsOn: ["Navigation"]),
  .library("Cosmonaut", dependsOn: ["Navigation", "CosmonautInterface", "CosmonautServiceInterface", "MissionControlInterface", "CommandLineKit", "UIComponents", "PartnerConfiguration", "Localization", "Logging"], testsUse: ["CosmonautServiceFakes", "AppAnalytics", "UIComponentsTestSupport", "LoggingTestSupport", "AppAnalyticsTestSupport"], strings: true, partner: true),
  .library("Spacesuit", dependsOn: ["Navigation", "CosmonautInterface", "SpacesuitServiceInterface", "CommandLineKit", "UIComponents", "PartnerConfiguration", "Localization", "AppAnalytics"], testsUse: ["SpacesuitServiceFakes", "Logging", "UIComponentsTestSupport", "LoggingTestSupport", "AppAnalyticsTestSupport"], strings: true, partner: true),
  .library("Peripheries", dependsOn: ["Navigation", "CosmonautInterface", "SolarArrayServiceInterface", "HeatRadiatorServiceInterface", "DockingPortServiceInterface", "CommandLineKit", "UIComponents", "PartnerConfiguration", "Localization", "AppAnalytics"], testsUse: ["SolarArrayServiceFakes", "HeatRadiatorServiceFakes", "DockingPortServiceFakes", "Logging", "UIComponentsTestSupport", "LoggingTestSupport", "AppAnalyticsTestSupport"], strings: true, partner: true),
  .library("Laboratory", dependsOn: ["Navigation", "CosmonautInterface", "LaboratoryServiceInterface", "CosmonautServiceInterface", "MissionControlInterface", "CommandLineKit", "UIComponents", "PartnerConfiguration", "Localization", "Logging", "AppAnalytics"], testsUse: ["CosmonautServiceFakes", "LaboratoryServiceFakes", "UIComponentsTestSupport", "LoggingTestSupport", "AppAnalyticsTestSupport"], strings: true, partner: true),
  .library("TemplateDesk", dependsOn: ["Navigation", "TemplateServiceInterface", "CommandLineKit", "UIComponents", "PartnerConfiguration", "Localization"], testsUse: ["TemplateServiceFakes", "Logging", "AppAnalytics", "UIComponentsTestSupport", "LoggingTestSupport", "AppAnalyticsTestSupport"], strings: true, partner: true),
  .library("TemplateBoard", dependsOn: ["Navigation", "CommandLineKit", "UIComponents", "PartnerConfiguration", "Localization"], testsUse: ["Logging", "AppAnalytics", "UIComponentsTestSupport", "LoggingTestSupport", "AppAnalyticsTestSupport"], strings: true, partner: true),
]

// MARK: - Service

// swift-format-ignore
let service: [Module] = [
  .library("MissionControlInterface", dependsOn: ["Localization", "Secrets"], strings: true),
  .library("CosmonautServiceInterface", dependsOn: ["MissionControlInterface", "Localization", "AppAnalytics"], testsUse: ["Secrets"], strings: true),
  .library("CosmonautService", dependsOn: ["CosmonautServiceInterface", "MissionControlInterface", "Network", "Persistence", "Localization", "Logging", "AppAnalytics"], testsUse: ["URLSessionBridgeInterface", "Secrets", "LoggingTestSupport", "AppAnalyticsTestSupport"]),
  .library("HoustonMissionControl", dependsOn: ["CosmonautServiceInterface", "MissionControlInterface", "Localization", "Secrets"], strings: true, plugins: ["SecretValues"]),
  .library("TsUPMissionControl", dependsOn: ["CosmonautServiceInterface", "MissionControlInterface", "Localization", "Secrets"], strings: true, plugins: ["SecretValues"]),
  .library("DeviceServiceInterface", dependsOn: ["Localization", "AppAnalytics"]),
  .library("SpacesuitServiceInterface", dependsOn: ["DeviceServiceInterface", "Localization", "AppAnalytics"], strings: true),
  .library("SpacesuitService", dependsOn: ["SpacesuitServiceInterface", "Radio", "Localization", "Logging", "AppAnalytics"], testsUse: ["AppAnalyticsTestSupport"], strings: true),
  .library("SolarArrayServiceInterface", dependsOn: ["DeviceServiceInterface", "Localization"], strings: true),
  .library("SolarArrayService", dependsOn: ["SolarArrayServiceInterface", "Radio"], testsUse: ["DeviceServiceInterface", "Localization", "AppAnalytics", "Logging", "AppAnalyticsTestSupport"]),
  .library("HeatRadiatorServiceInterface", dependsOn: ["DeviceServiceInterface", "Localization"], strings: true),
  .library("HeatRadiatorService", dependsOn: ["HeatRadiatorServiceInterface", "Radio"], testsUse: ["DeviceServiceInterface", "Localization", "AppAnalytics", "Logging"]),
  .library("DockingPortServiceInterface", dependsOn: ["DeviceServiceInterface", "Localization", "AppAnalytics"], strings: true),
  .library("DockingPortService", dependsOn: ["DockingPortServiceInterface", "Radio", "Network", "Persistence", "Localization", "Logging", "AppAnalytics"], testsUse: ["AppAnalyticsTestSupport"], strings: true),
  .library("LaboratoryServiceInterface", dependsOn: ["MissionControlInterface", "Localization", "AppAnalytics"], strings: true),
  .library("LaboratoryService", dependsOn: ["LaboratoryServiceInterface", "MissionControlInterface", "Radio", "Persistence", "Localization", "Logging", "AppAnalytics"], strings: true),
  .library("TemplateServiceInterface", dependsOn: []),
  .library("TemplateService", dependsOn: ["TemplateServiceInterface", "Persistence"]),
]

/// The system's SQLite (libsqlite3-dev: the headers `CSQLite` binds, the library and its archive).
/// Release builds on Linux link the archive, `libsqlite3.a`, into the apps: a start-up then maps no
/// SQLite library and binds none of its 1,600 symbols, some 0.6 ms of every command, a whole
/// `supplies list` included (`Scripts/bench`'s start-up rows). Debug builds and the tests, macOS and
/// a system without the archive link the shared library.
let sqlite: [LinkerSetting] = {
  let archive = ["/usr/lib/x86_64-linux-gnu", "/usr/lib/aarch64-linux-gnu", "/usr/lib64", "/usr/lib"].contains {
    FileManager.default.fileExists(atPath: "\($0)/libsqlite3.a")
  }
  guard archive else { return [.linkedLibrary("sqlite3")] }
  return [
    .linkedLibrary(":libsqlite3.a", .when(platforms: [.linux], configuration: .release)),
    .linkedLibrary("sqlite3", .when(platforms: [.linux], configuration: .debug)),
    .linkedLibrary("sqlite3", .when(platforms: [.macOS])),
  ]
}()

// MARK: - Core

// swift-format-ignore
let core: [Module] = [
  .systemLibrary("CSQLite"),
  .library("Network", dependsOn: ["URLSessionBridgeInterface", "JSONCoding", "Localization", "Logging"], testsUse: ["LoggingTestSupport"], strings: true),
  .library("URLSessionBridgeInterface", dependsOn: []),
  .library("URLSessionBridge", dependsOn: ["URLSessionBridgeInterface", "Logging"]),
  .library("Persistence", dependsOn: ["CSQLite", "JSONCoding", "Localization", "Logging", "AppAnalytics"], testsUse: ["LoggingTestSupport", "AppAnalyticsTestSupport"], strings: true, linking: sqlite),
  .library("Radio", dependsOn: ["Localization", "Logging", "AppAnalytics"], testsUse: ["LoggingTestSupport", "AppAnalyticsTestSupport"], strings: true),
  .library("UIComponents", dependsOn: ["Navigation", "PartnerConfiguration", "JSONCoding", "Localization", "Logging", "AppAnalytics"], testsUse: ["UIComponentsTestSupport"], strings: true),
  .library("CommandLineKit", dependsOn: ["Localization", "Logging", "AppAnalytics"], strings: true),
]

// MARK: - Shared

// swift-format-ignore
let shared: [Module] = [
  .library("Logging", dependsOn: [], testsUse: ["LoggingTestSupport"]),
  .library("AppAnalytics", dependsOn: [], testsUse: ["AppAnalyticsTestSupport"]),
  .library("Localization", dependsOn: []),
  .library("Secrets", dependsOn: []),
  .library("PartnerConfiguration", dependsOn: [], styles: true),
  .library("Navigation", dependsOn: []),
  .library("JSONCoding", dependsOn: []),
]

// MARK: - Tests that span modules

/// End-to-end tests run the built executables as a user would; they import no workspace module. Two
/// targets, so that CI's shards can balance them: the apps with their stores, Houston and partners
/// (EndToEndTests), and the apps with their devices: suit, station, overview (DeviceEndToEndTests).
let endToEndExecutables: [Target.Dependency] = [
  "CosmonautApp", "CosmonautRuApp", "SpacesuitSimulator", "ISSOverviewApp", "StationSimulator", "LaboratoryApp",
  "LaboratorySimulator",
]
let endToEndTests: [Target] = [
  .target(name: "EndToEndSupport", dependencies: ["TestHarness"], path: "Tests/EndToEndSupport"),
  .testTarget(
    name: "EndToEndTests", dependencies: endToEndExecutables + ["EndToEndSupport", "TestHarness"],
    path: "Tests/EndToEndTests"),
  .testTarget(
    name: "DeviceEndToEndTests", dependencies: endToEndExecutables + ["EndToEndSupport", "TestHarness"],
    path: "Tests/DeviceEndToEndTests"),
]

// MARK: - Test support

/// What tests may use and no layer module may (`testSupportModules` in .layering.json): the test
/// doubles (each service's fakes, the terminal's, the logger's and analytics'), one line each: a
/// target in `Tests/<name>/` with its tests in `Tests/<name>Tests/` and no product, so no app can link
/// it; the manifest refuses a layer module that depends on one.
// swift-format-ignore
let testSupport: [TestSupportModule] = [
  .testSupport("UIComponentsTestSupport", dependsOn: ["UIComponents", "Navigation"]),
  .testSupport("LoggingTestSupport", dependsOn: ["Logging"]),
  .testSupport("AppAnalyticsTestSupport", dependsOn: ["AppAnalytics"]),
  .testSupport("CommandDeviceFakes", dependsOn: ["Radio"], testsUse: ["DeviceServiceInterface", "Localization"]),
  .testSupport("SpacesuitServiceFakes", dependsOn: ["SpacesuitServiceInterface"]),
  .testSupport("SolarArrayServiceFakes", dependsOn: ["SolarArrayServiceInterface", "SolarArrayService", "CommandDeviceFakes"]),
  .testSupport("HeatRadiatorServiceFakes", dependsOn: ["HeatRadiatorServiceInterface", "HeatRadiatorService", "CommandDeviceFakes"]),
  .testSupport("DockingPortServiceFakes", dependsOn: ["DockingPortServiceInterface", "DockingPortService", "CommandDeviceFakes", "Localization"]),
  .testSupport("CosmonautServiceFakes", dependsOn: ["CosmonautServiceInterface", "MissionControlInterface", "Localization", "Secrets"], strings: true),
  .testSupport("LaboratoryServiceFakes", dependsOn: ["LaboratoryServiceInterface", "MissionControlInterface", "Localization"]),
  .testSupport("TemplateServiceFakes", dependsOn: ["TemplateServiceInterface"]),
]

/// The harness every test target gets: child processes that die with the test process, waiting for
/// a state under a deadline, optional tools. Test support too.
let testHarness: [Target] = [
  .target(name: "TestHarness", dependencies: ["CTestHarness"], path: "Tests/TestHarness"),
  .target(name: "CTestHarness", path: "Tests/CTestHarness"),
  .testTarget(name: "TestHarnessTests", dependencies: ["TestHarness", "CTestHarness"], path: "Tests/TestHarnessTests"),
]

// MARK: - Tooling: build plugins and their tools (outside the five layers; layer modules only use them)

/// The lint's modules (Scripts/LayerLint/README.md), each depending only on those before it, and its executable.
let layerLint: [Target] = {
  let modules: [(name: String, dependencies: [String])] = [
    ("LayerLintSwiftReader", []),
    ("LayerLintManifestReader", ["LayerLintSwiftReader"]),
    ("LayerLintFixer", []),
    ("LayerLintEngine", ["LayerLintSwiftReader", "LayerLintManifestReader", "LayerLintFixer"]),
    ("LayerLintWorkspaceTools", ["LayerLintManifestReader", "LayerLintEngine"]),
  ]
  return modules.map { module in
    Target.target(
      name: module.name, dependencies: module.dependencies.map { .init(stringLiteral: $0) },
      path: "Scripts/LayerLint/Sources/\(module.name)")
  } + [
    .executableTarget(
      name: "layer-lint", dependencies: ["LayerLintEngine", "LayerLintWorkspaceTools"],
      path: "Scripts/LayerLint/Sources/layer-lint")
  ]
}()

let tooling: [Target] =
  [
    .executableTarget(name: "StringTableCompiler", path: "Scripts/Tools/StringTableCompiler"),
    .plugin(
      name: "StringTables", capability: .buildTool(), dependencies: ["StringTableCompiler"],
      path: "Scripts/Plugins/StringTables"),
    .executableTarget(name: "SecretsTool", path: "Scripts/Tools/SecretsTool"),
    .plugin(
      name: "SecretValues", capability: .buildTool(), dependencies: ["SecretsTool"],
      path: "Scripts/Plugins/SecretValues"),
    .target(name: "StyleSchemaReading", path: "Scripts/Tools/StyleSchemaReading"),
    .executableTarget(
      name: "StyleKeyCompiler", dependencies: ["StyleSchemaReading"], path: "Scripts/Tools/StyleKeyCompiler"),
    .plugin(
      name: "StyleKeys", capability: .buildTool(), dependencies: ["StyleKeyCompiler"], path: "Scripts/Plugins/StyleKeys"
    ),
    .executableTarget(
      name: "PartnerFileCompiler", dependencies: ["StyleSchemaReading"], path: "Scripts/Tools/PartnerFileCompiler"),
    .plugin(
      name: "PartnerFiles", capability: .buildTool(), dependencies: ["PartnerFileCompiler"],
      path: "Scripts/Plugins/PartnerFiles"),
    .plugin(
      name: "URLSessionHelperLocation", capability: .buildTool(), dependencies: ["URLSessionHelper"],
      path: "Scripts/Plugins/URLSessionHelperLocation"),
    // The layering lint for any package that depends on this one: `swift package lint-layers`. The command
    // plugin runs the lint's executable, built from the same folders as `Scripts/LayerLint` builds it.
    .plugin(
      name: "LintLayers",
      capability: .command(
        intent: .custom(verb: "lint-layers", description: "Checks imports, dependencies and layers (Scripts/README.md)")
      ),
      dependencies: ["layer-lint"], path: "Scripts/LayerLint/Sources/LintLayersPlugin"),
  ] + layerLint

/// Tooling other packages use: the layering lint's command plugin.
let toolingProducts: [Product] = [.plugin(name: "LintLayers", targets: ["LintLayers"])]

// MARK: - Assembly (no need to edit below this line to add a module)

/// The five layers. A layer's folder is its raw value; their order is `.layering.json`'s (`LayeringRule`).
enum Layer: String, CaseIterable {
  case shared = "Shared", core = "Core", service = "Service", domain = "Domain", app = "App"

  var folder: String { rawValue }
}

/// The layering rule's data, in one place that this manifest and `Scripts/lint-layers` both read:
/// `.layering.json`'s `layers` (top to bottom) and `interfaceSuffix`.
struct LayeringRule {
  /// The layers' names, top layer first.
  let layers: [String]
  /// The suffix of an interface module, onto which a module may depend sideways.
  let interfaceSuffix: String

  /// 0 for the bottom layer.
  func rank(of layer: Layer) -> Int {
    layers.count - 1 - (layers.firstIndex(of: layer.rawValue) ?? 0)
  }

  /// The checked-in rule; `nil` when `.layering.json` cannot be read, as when another package depends on
  /// this one: SwiftPM evaluates a dependency's manifest from its repository, without its other files
  /// (that package's own build checks nothing of this one's layering anyway). A file that does not name
  /// every layer stops the manifest with one line.
  static let checkedIn: LayeringRule? = {
    let path = URL(fileURLWithPath: Context.packageDirectory).appendingPathComponent(".layering.json").path
    guard let data = FileManager.default.contents(atPath: path) else { return nil }
    guard let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else {
      FileHandle.standardError.write(Data("error: .layering.json: not a JSON object\n".utf8))
      exit(1)
    }
    let names = (object["layers"] as? [Any] ?? []).compactMap { item in
      item as? String ?? (item as? [String: Any])?["name"] as? String
    }
    let missing = Layer.allCases.map(\.rawValue).filter { !names.contains($0) }
    guard missing.isEmpty else {
      FileHandle.standardError.write(
        Data("error: .layering.json: \"layers\" must name \(missing.joined(separator: ", "))\n".utf8))
      exit(1)
    }
    return LayeringRule(layers: names, interfaceSuffix: object["interfaceSuffix"] as? String ?? "Interface")
  }()
}

/// One workspace module: a SwiftPM target in `<Layer>/<name>/` with its tests in `Tests/<name>Tests/`.
struct Module {
  enum Kind {
    case library
    case executable(product: String)
    /// An executable the apps start when they need it (the URLSession helper): built as the tool
    /// of the `URLSessionHelperLocation` plugin, so `swift run <app>` builds it next to the app;
    /// no product. In release it carries Foundation and FoundationNetworking (libcurl stays the
    /// system's: `<module>/Link/libcurl.so` points the linker at `libcurl.so.4`).
    case helper
    /// A C library of the system; the module that imports it says how it is linked (`linking`).
    case systemLibrary
  }

  let name: String
  let kind: Kind
  let dependencies: [String]
  /// What the module's tests use besides the module and its own dependencies (which they always get).
  let testDependencies: [String]
  /// Whether the module has string tables (`Strings/<language>.json`) compiled into typed keys.
  var hasStrings = false
  /// Other build-tool plugins (in `tooling`) that generate sources for the module.
  var plugins: [String] = []
  /// Whether the module has a style schema (`Styles/schema.json`) compiled into typed keys.
  var hasStyleSchema = false
  /// Whether the app ships the partner files beside the apps (`App/Partners/<id>.json`), checked
  /// against what the package's modules declare and embedded (`ShippedPartners.catalogue`).
  var shipsPartners = false
  /// Whether the module declares what partners may set in it (`PartnerVocabulary.json`: its
  /// toggles and the screens it draws), compiled into typed constants.
  var declaresPartnerVocabulary = false
  /// System libraries the module links (`sqlite`).
  var linking: [LinkerSetting] = []
  var layer: Layer = .shared

  static func library(
    _ name: String, dependsOn dependencies: [String], testsUse: [String] = [], strings: Bool = false,
    plugins: [String] = [], styles: Bool = false, partner: Bool = false, linking: [LinkerSetting] = []
  ) -> Module {
    Module(
      name: name, kind: .library, dependencies: dependencies, testDependencies: testsUse, hasStrings: strings,
      plugins: plugins, hasStyleSchema: styles, declaresPartnerVocabulary: partner, linking: linking)
  }

  /// An app; `partners`: it ships the partner files (`App/Partners`); `partner`: it declares a
  /// partner vocabulary of its own; `talksHTTP`: it sends requests through the URLSession helper,
  /// which its build then builds.
  static func executable(
    _ name: String, product: String, dependsOn dependencies: [String], testsUse: [String] = [], strings: Bool = false,
    partners: Bool = false, partner: Bool = false, talksHTTP: Bool = false
  )
    -> Module
  {
    Module(
      name: name, kind: .executable(product: product), dependencies: dependencies, testDependencies: testsUse,
      hasStrings: strings, plugins: talksHTTP ? ["URLSessionHelperLocation"] : [], shipsPartners: partners,
      declaresPartnerVocabulary: partner)
  }

  static func helper(_ name: String, dependsOn dependencies: [String], testsUse: [String] = []) -> Module {
    Module(name: name, kind: .helper, dependencies: dependencies, testDependencies: testsUse)
  }

  static func systemLibrary(_ name: String) -> Module {
    Module(name: name, kind: .systemLibrary, dependencies: [], testDependencies: [])
  }

  /// This module, placed in `layer` (the group it is listed in).
  func placed(in layer: Layer) -> Module {
    var module = self
    module.layer = layer
    return module
  }
}

/// A module only tests use (test doubles, the harness): a target in `Tests/<name>/` with its tests in
/// `Tests/<name>Tests/`, and no product. Tests name it in `testsUse:`; a layer module never depends on
/// one (`layeringViolations()` refuses it), so no app links a test double.
struct TestSupportModule {
  let name: String
  let dependencies: [String]
  /// What the module's own tests use besides it and its dependencies.
  let testDependencies: [String]
  /// Whether the module has string tables (`Strings/<language>.json`): a fake speaks every language.
  var hasStrings = false

  static func testSupport(
    _ name: String, dependsOn dependencies: [String], testsUse: [String] = [], strings: Bool = false
  ) -> TestSupportModule {
    TestSupportModule(name: name, dependencies: dependencies, testDependencies: testsUse, hasStrings: strings)
  }

  /// The module's target and its tests' (which get the harness, as every test target does).
  var targets: [Target] {
    [
      .target(
        name: name, dependencies: dependencies.map { .init(stringLiteral: $0) }, path: "Tests/\(name)",
        exclude: excludedFiles(in: "Tests/\(name)") + (hasStrings ? ["Strings"] : []), swiftSettings: callerIsolation,
        plugins: hasStrings ? [.plugin(name: "StringTables")] : []),
      .testTarget(
        name: "\(name)Tests",
        dependencies: ([name] + dependencies + testDependencies + ["TestHarness"]).map { .init(stringLiteral: $0) },
        path: "Tests/\(name)Tests", swiftSettings: callerIsolation),
    ]
  }
}

let layers: [(Layer, [Module])] = [
  (.app, app), (.domain, domain), (.service, service), (.core, core), (.shared, shared),
]
let modules: [Module] = layers.flatMap { layer, group in group.map { $0.placed(in: layer) } }
/// System-library targets bind an OS library (libsqlite3); like Foundation they sit outside the rule.
let systemLibraries: Set<String> = Set(modules.compactMap { if case .systemLibrary = $0.kind { $0.name } else { nil } })
let layerOf: [String: Layer] = Dictionary(uniqueKeysWithValues: modules.map { ($0.name, $0.layer) })

/// The test-support modules (test doubles, the harness), which only tests may use.
let testSupportNames: Set<String> = Set(testSupport.map(\.name) + testHarness.map(\.name))

/// The one rule, checked while the manifest loads: strictly downward, or sideways onto an `…Interface`
/// module (`LayeringRule`: the order and the suffix are `.layering.json`'s, which the lint reads too);
/// and a test double stays in the tests: a layer module never depends on a test-support module (its
/// tests name one in `testsUse:`), so no app can link one.
func layeringViolations() -> [String] {
  guard let rule = LayeringRule.checkedIn else { return [] }
  return modules.flatMap { module in
    let declared = module.dependencies.map { ($0, false) } + module.testDependencies.map { ($0, true) }
    return declared.compactMap { dependency, byTests -> String? in
      if systemLibraries.contains(dependency) { return nil }
      if testSupportNames.contains(dependency) {
        if byTests { return nil }
        return "\(module.name) (\(module.layer.folder)) -> \(dependency) (Tests) depends on a test-support module, "
          + "which only tests may use; name it in its tests' testsUse: instead, so no app links a test double"
      }
      guard let target = layerOf[dependency] else {
        return "\(module.name) depends on \"\(dependency)\", which is no module of this package"
      }
      if rule.rank(of: target) < rule.rank(of: module.layer) { return nil }
      // Sideways only onto an interface: an implementation, or another interface, of the same layer
      // (the cosmonaut and laboratory interfaces on `MissionControlInterface`, the devices' on
      // `DeviceServiceInterface`).
      let suffix = rule.interfaceSuffix
      if target == module.layer && dependency.hasSuffix(suffix) { return nil }
      let direction = target == module.layer ? "sideways" : "upward"
      return "\(module.name) (\(module.layer.folder)) -> \(dependency) (\(target.folder)) points \(direction); "
        + "move the shared code to a lower layer or behind an …\(suffix) module"
    }
  }
}

let violations = layeringViolations()
if !violations.isEmpty {
  let report = violations.map { "error: [layer-direction] \($0)\n" }.joined()
  FileHandle.standardError.write(Data(report.utf8))
  exit(1)
}

/// A module's README documents it and its `<Module>.api` records its public API (`Scripts/api`);
/// neither is a source or a resource.
func excludedFiles(in path: String) -> [String] {
  let folder = URL(fileURLWithPath: Context.packageDirectory).appendingPathComponent(path)
  return ["README.md", "\(folder.lastPathComponent).api"].filter {
    FileManager.default.fileExists(atPath: folder.appendingPathComponent($0).path)
  }
}

/// Release executables carry the Swift runtime and Foundation inside them (`swift build -c release`
/// does what `--static-swift-stdlib` does): a start-up then maps 5 libraries instead of 20 and binds
/// no Swift symbol across libraries, which halves a short command's time (`Scripts/bench`). Debug
/// builds and tests link them dynamically. The URLSession helper (a process of its own, started on
/// the first request) carries Foundation and FoundationNetworking the same way: it is ready for
/// that request some 10 ms of CPU sooner than when it loaded them (`Scripts/bench`'s sync rows).
let staticRuntime = ["-static-stdlib"]

/// How release executables are linked: with the runtime inside (`staticRuntime`), and exporting no
/// symbol. `-static-stdlib` has the linker export every public symbol of the executable's own
/// modules (`-export-dynamic`): some 4,500 names, half a megabyte, that no program ever loads and
/// that each `dladdr` of a start-up scans one by one.
let releaseLinking = staticRuntime + ["-Xlinker", "--no-export-dynamic"]

/// Release code names the concrete generic types it uses (a `[Language: [String: String]]` table, a
/// `Set<FeatureToggle>`) through metadata accessors rather than mangled names: the runtime then never
/// demangles them at start-up, nor scans every protocol conformance record of the executable to find
/// each `Hashable` a mangled name needs — some 90,000 instructions a type, most of a short command's
/// own time (`Scripts/bench`'s start-up rows).
///
/// Release modules also offer their generic code to the modules that use it
/// (`-cross-module-optimization`): an app's composition (`AppLauncher<LiveServices>`, its commands'
/// `Program<Target>`) is then compiled for its concrete types, instead of instantiating each generic
/// type at run time and looking up its conformances: 0.5 ms of `--help`, 1.1 ms of `supplies list`,
/// for 0.9 MB of each app (`Scripts/bench`).
let directMetadata: [SwiftSetting] = [
  .unsafeFlags(
    ["-Xfrontend", "-disable-concrete-type-metadata-mangled-name-accessors", "-cross-module-optimization"],
    .when(configuration: .release))
]

/// Release code puts each function in a section of its own, so that the linker's dead stripping
/// (SwiftPM's `--gc-sections`) drops the functions of the modules an app links but never calls,
/// instead of keeping a whole object file for one of them: 0.5 MB of `cosmonaut`'s 19.3 MB, stripped
/// (`Scripts/bench`'s size rows).
let separateSections: [SwiftSetting] = [
  .unsafeFlags(["-Xfrontend", "-function-sections"], .when(configuration: .release))
]

/// An `async` function that belongs to no actor runs on its caller's (Swift 6.2's
/// `nonisolated(nonsending)`; `@concurrent` marks one that must leave it): a flow on the main actor
/// that asks a service for data stays on the main actor, instead of hopping to the cooperative pool
/// and back, which starts threads. A one-shot command then runs on one thread from start to end,
/// 1.4 ms sooner for `supplies list` (`Scripts/bench`'s start-up rows). Code that must not wait on
/// its caller's actor says so: an explicit `Task`, or the store's own queue (`EntityStore.perform`).
let callerIsolation: [SwiftSetting] = [.enableUpcomingFeature("NonisolatedNonsendingByDefault")]

func targets(for module: Module) -> [Target] {
  let path = "\(module.layer.folder)/\(module.name)"
  let exclude =
    excludedFiles(in: path) + (module.hasStrings ? ["Strings"] : [])
    + (module.hasStyleSchema ? ["Styles"] : [])
    + (module.declaresPartnerVocabulary ? ["PartnerVocabulary.json"] : [])
  let plugins: [Target.PluginUsage] =
    (module.hasStrings ? [.plugin(name: "StringTables")] : [])
    + (module.hasStyleSchema ? [.plugin(name: "StyleKeys")] : [])
    + (module.declaresPartnerVocabulary || module.shipsPartners ? [.plugin(name: "PartnerFiles")] : [])
    + module.plugins.map { .plugin(name: $0) }
  let dependencies = module.dependencies.map { Target.Dependency(stringLiteral: $0) }
  let tests = Target.testTarget(
    name: "\(module.name)Tests",
    dependencies: ([module.name] + module.dependencies + module.testDependencies + ["TestHarness"]).map {
      .init(stringLiteral: $0)
    },
    path: "Tests/\(module.name)Tests", swiftSettings: callerIsolation)
  switch module.kind {
  case .helper:
    let link = "\(Context.packageDirectory)/\(path)/Link"
    return [
      .executableTarget(
        name: module.name, dependencies: dependencies, path: path, exclude: exclude + ["Link"],
        swiftSettings: [.unsafeFlags(staticRuntime, .when(configuration: .release))] + directMetadata + separateSections
          + callerIsolation,
        linkerSettings: [.unsafeFlags(releaseLinking + ["-L", link], .when(configuration: .release))], plugins: plugins),
      tests,
    ]
  case .library:
    return [
      .target(
        name: module.name, dependencies: dependencies, path: path, exclude: exclude,
        swiftSettings: directMetadata + separateSections + callerIsolation,
        linkerSettings: module.linking, plugins: plugins),
      tests,
    ]
  case .executable:
    return [
      .executableTarget(
        name: module.name, dependencies: dependencies, path: path, exclude: exclude,
        swiftSettings: [.unsafeFlags(staticRuntime, .when(configuration: .release))] + directMetadata + separateSections
          + callerIsolation,
        linkerSettings: [.unsafeFlags(releaseLinking, .when(configuration: .release))], plugins: plugins),
      tests,
    ]
  case .systemLibrary:
    return [.systemLibrary(name: module.name, path: path)]
  }
}

func products(for module: Module) -> [Product] {
  switch module.kind {
  case .library: [.library(name: module.name, targets: [module.name])]
  case .executable(let product): [.executable(name: product, targets: [module.name])]
  case .helper, .systemLibrary: []
  }
}

let package = Package(
  name: "ISSApplicationFramework",
  platforms: [.macOS(.v14)],
  products: modules.flatMap(products(for:)) + toolingProducts,
  targets: modules.flatMap(targets(for:)) + endToEndTests + testSupport.flatMap(\.targets) + testHarness + tooling
)
