import Foundation
import Testing

@testable import LayerLintEngine
@testable import LayerLintManifestReader
@testable import LayerLintWorkspaceTools

/// The factory's domains and services on a small workspace laid out like the real one (no build:
/// `Scripts/test-new-module` builds, runs and lints a copy of the real workspace): the plan, every
/// edit, and every refusal.
@Suite struct FactoryDomainTests {
  private static let manifest = """
    // swift-tools-version: 6.1
    // swift-format-ignore
    let app: [Module] = [
      .executable("ShipApp", product: "ship", dependsOn: ["Scaffold", "Galley", "CommandLineKit", "Logging"], strings: true),
      .executable("BenchTool", product: "bench", dependsOn: ["CommandLineKit"]),
    ]

    // swift-format-ignore
    let domain: [Module] = [
      .library("Scaffold", dependsOn: ["CommandLineKit", "UIComponents"], strings: true),
      .library("Galley", dependsOn: ["CommandLineKit", "UIComponents"], strings: true, partner: true),
      .library("Hold", dependsOn: ["CommandLineKit", "UIComponents"], strings: true, partner: true),
    ]

    // swift-format-ignore
    let service: [Module] = [
      .library("GalleyServiceInterface", dependsOn: []),
    ]

    // swift-format-ignore
    let core: [Module] = [
      .library("Persistence", dependsOn: ["Logging"]),
      .library("UIComponents", dependsOn: ["PartnerConfiguration", "Localization"]),
      .library("CommandLineKit", dependsOn: ["Localization"]),
    ]

    // swift-format-ignore
    let shared: [Module] = [
      .library("Logging", dependsOn: []),
      .library("AppAnalytics", dependsOn: []),
      .library("Localization", dependsOn: []),
      .library("PartnerConfiguration", dependsOn: []),
    ]

    // swift-format-ignore
    let testSupport: [TestSupportModule] = [
      .testSupport("UIComponentsTestSupport", dependsOn: ["UIComponents"]),
      .testSupport("LoggingTestSupport", dependsOn: ["Logging"]),
      .testSupport("AppAnalyticsTestSupport", dependsOn: ["AppAnalytics"]),
      .testSupport("GalleyServiceFakes", dependsOn: ["GalleyServiceInterface"]),
    ]
    struct Module {
      static func library(_ name: String, dependsOn: [String], testsUse: [String] = [], strings: Bool = false, partner: Bool = false) -> Module
    }

    """
  private static let owners = """
    /Package.swift   @iss/architecture

    # App
    /App/ShipApp/    @iss/ship

    # Domain
    /Domain/Galley/  @iss/galley

    # Service
    /Service/GalleyServiceInterface/ @iss/galley

    """
  private static let readme = """
    # Ship

    | layer | folder | modules | what lives there |
    |---|---|---|---|
    | App | `App/` | `ShipApp` (`ship`) | executables |
    | Domain | `Domain/` | `Scaffold`, `Galley` | user flows |
    | Service | `Service/` | `GalleyServiceInterface` | business data |

    <!-- module-graph:begin -->
    ```mermaid
    flowchart TB
    ```
    <!-- module-graph:end -->

    """
  private static let shipApp = """
    import Galley
    import Scaffold

    @main
    enum ShipApp {
      @MainActor static var launcher: AppLauncher<LiveServices> {
        AppLauncher(
          name: "ship", version: "1.0.0", abstract: Strings.appAbstract,
          domains: [
            .domain {
              GalleyDomain(client: $0.galley)
            }
          ],
          services: LiveServices.init)
      }
    }

    """
  private static let galleyRoute = """
    extension GalleyRoute: CommandRoute {
      public static let groups = [
        CommandGroup("galley", aliases: ["kitchen"], abstract: Strings.groupGalley)
      ]
      static let menuCommand = Command(
        // untranslated: command words
        "galley menu", aliases: ["dishes"], abstract: Strings.commandMenu, json: true
      ) { _ in GalleyRoute.menu }
      static let brewCommand = Command<GalleyRoute>("brew \\(kind)", abstract: Strings.commandBrew) { _ in .brew }
    }

    extension GalleyRoute: DomainRoute {
      public static let mainMenu = [MenuEntry(Strings.menuGalley, key: "g", choice: GalleyRoute.menu)]
    }

    extension Destination {
      static let larder = Destination(domain: "Galley", place: "larder")
    }

    """
  private static let holdRoute = """
    extension HoldRoute: DomainRoute {
      public static let mainMenu = [MenuEntry(Strings.menuHold, key: "r", choice: HoldRoute.cargo)]
    }

    """

  private func workspace() throws -> TemporaryPackage {
    try TemporaryPackage(files: [
      "Package.swift": Self.manifest, "CODEOWNERS": Self.owners, "README.md": Self.readme,
      "Domain/README.md":
        "# Domain layer\n\nFlows.\n\n- `Scaffold`: hosts domains.\n- `Galley`: meals and\n  drinks.\n",
      "Service/README.md": "# Service layer\n\n- `GalleyServiceInterface`: the galley's client.\n\nEach service …\n",
      "App/ShipApp/ShipApp.swift": Self.shipApp, "App/BenchTool/main.swift": "print(1)\n",
      "Domain/Galley/GalleyRoute.swift": Self.galleyRoute, "Domain/Hold/HoldRoute.swift": Self.holdRoute,
      "Domain/Galley/PartnerVocabulary.json":
        #"{"toggles": [{"name": "espresso", "default": true}], "screens": [{"name": "pantry"}]}"#,
      "Core/UIComponents/Theme.swift": "let x = theme.apply(.status, to: text)\n",
      ".layering.json": "{\n  \"testSupportModules\": [\"TestHarness\", \"GalleyServiceFakes\"]\n}\n",
    ])
  }

  /// Runs the factory; the manifest is "described" by reading the module lines back, so the graph is redrawn.
  private func run(
    _ arguments: [String], in package: TemporaryPackage, describe: LintCommand.Describe? = nil
  ) -> (status: Int32, output: String, errors: String) {
    let captured = CapturedConsole()
    let command = NewModuleCommand(
      console: captured.console, describe: describe ?? Self.describeFromModuleLines, formatter: .none)
    let status = command.run(arguments + ["--package-path", package.path])
    return (status, captured.standardOutput, captured.standardError)
  }

  /// A stand-in for `swift package describe`: one target per module line, in its layer's folder.
  private static let describeFromModuleLines: LintCommand.Describe = { path in
    let text = try String(
      contentsOf: URL(fileURLWithPath: path).appendingPathComponent("Package.swift"), encoding: .utf8)
    let targets = ManifestEditor.entries(of: text).map { entry in
      let folder = entry.group.prefix(1).uppercased() + entry.group.dropFirst()
      return target(
        entry.name, "\(folder)/\(entry.name)", entry.product == nil ? .library : .executable,
        dependsOn: PlanBuilder.dependencies(of: entry.name, in: text))
    }
    return PackageManifest(name: "Ship", targets: targets)
  }

  private func snapshot(_ package: TemporaryPackage) throws -> [String: String] {
    let paths = try FileManager.default.subpathsOfDirectory(atPath: package.path)
    return Dictionary(uniqueKeysWithValues: paths.map { ($0, package.read($0) ?? "<folder>") })
  }

  // MARK: Domains

  @Test func aDomainWiredIntoAnAppTouchesOnlyItsModuleTheManifestTheOwnersTheAppAndTheReadmes() throws {
    let package = try workspace()
    let before = try snapshot(package)
    let result = run(["domain", "Greenhouse", "--app", "ship", "--owner", "@iss/botany"], in: package)
    #expect(result.status == 0, "\(result.errors)")
    let after = try snapshot(package)
    let changed = Set(after.keys).union(before.keys).filter { after[$0] != before[$0] }
    let expected: Set<String> = [
      "Package.swift", "CODEOWNERS", "README.md", "Domain/README.md", "App/ShipApp/ShipApp.swift",
      "Domain/Greenhouse", "Tests", "Tests/GreenhouseTests",
    ]
    let module = Set(changed.filter { $0.hasPrefix("Domain/Greenhouse/") || $0.hasPrefix("Tests/GreenhouseTests/") })
    #expect(changed.subtracting(module) == expected)
    #expect(
      module == [
        "Domain/Greenhouse/GreenhouseRoute.swift", "Domain/Greenhouse/GreenhouseDestination.swift",
        "Domain/Greenhouse/GreenhouseDomain.swift", "Domain/Greenhouse/GreenhouseCoordinator.swift",
        "Domain/Greenhouse/GreenhouseFlow.swift", "Domain/Greenhouse/GreenhouseScreen.swift",
        "Domain/Greenhouse/GreenhouseMenus.swift", "Domain/Greenhouse/GreenhouseSummary.swift",
        "Domain/Greenhouse/PartnerVocabulary.json", "Domain/Greenhouse/Strings", "Domain/Greenhouse/Strings/en.json",
        "Domain/Greenhouse/Strings/ru.json", "Domain/Greenhouse/README.md", "Tests/GreenhouseTests/Harness.swift",
        "Tests/GreenhouseTests/RouteTests.swift", "Tests/GreenhouseTests/FlowTests.swift",
      ])
    let manifest = try #require(package.read("Package.swift"))
    #expect(
      manifest.contains(
        #"  .library("Hold", dependsOn: ["CommandLineKit", "UIComponents"], strings: true, partner: true),"# + "\n"
          + #"  .library("Greenhouse", dependsOn: ["CommandLineKit", "UIComponents", "PartnerConfiguration", "Localization"], testsUse: ["Logging", "AppAnalytics", "UIComponentsTestSupport", "LoggingTestSupport", "AppAnalyticsTestSupport"], strings: true, partner: true),"#
          + "\n]"))
    #expect(
      manifest.contains(
        #".executable("ShipApp", product: "ship", dependsOn: ["Scaffold", "Galley", "Greenhouse", "CommandLineKit", "Logging"], strings: true),"#
      ))
    #expect(
      package.read("CODEOWNERS")?.contains("/Domain/Galley/  @iss/galley\n/Domain/Greenhouse/ @iss/botany\n") == true)
    let root = try #require(package.read("App/ShipApp/ShipApp.swift"))
    #expect(root.hasPrefix("import Galley\nimport Greenhouse\nimport Scaffold\n"))
    #expect(root.contains("        },\n        .domain { _ in GreenhouseDomain() },\n      ],"))
    let readme = try #require(package.read("README.md"))
    #expect(readme.contains("| Domain | `Domain/` | `Scaffold`, `Galley`, `Greenhouse` | user flows |"))
    #expect(readme.contains("    Greenhouse\n"), "the graph is redrawn with the new module")
    #expect(readme.contains("  ShipApp --> Greenhouse\n"))
    #expect(
      package.read("Domain/README.md")?.hasSuffix(
        "- `Galley`: meals and\n  drinks.\n- `Greenhouse`: the `greenhouse` command, its link and main-menu screen "
          + "(the domain's status); hosted by `ship`.\n") == true)
    #expect(result.output.contains("ship hosts it: `ship greenhouse` (--json), `ship open greenhouse`"))
    let newLines = module.filter { $0.contains(".") }.map { package.read($0)?.filter { $0 == "\n" }.count ?? 0 }
    #expect(result.output.contains("new-module: touched 20 files, "), "\(result.output)")
    #expect(result.output.contains("0 by hand: 15 new (\(newLines.reduce(0, +)) lines), 5 edited (+"))
    #expect(result.output.contains("new-module:   new    Domain/Greenhouse/GreenhouseRoute.swift ("))
    #expect(result.output.contains("new-module:   edited CODEOWNERS (+1 -0)\n"))
    #expect(result.output.contains("new-module:   edited App/ShipApp/ShipApp.swift (+3 -1)\n"))
  }

  @Test func theDomainTakesAMenuKeyNoHostedDomainUsesAndANameOfItsOwn() throws {
    let package = try workspace()
    #expect(run(["domain", "Greenhouse", "--app", "ShipApp"], in: package).status == 0)
    let route = try #require(package.read("Domain/Greenhouse/GreenhouseRoute.swift"))
    // `g` is Galley's; `r` is Hold's, which the ship does not host.
    #expect(route.contains(#"MenuEntry(Strings.domainTitle, key: "r", choice: GreenhouseRoute.overview)"#))
    #expect(route.contains(#""greenhouse", abstract: Strings.commandOverview, json: true"#))
    #expect(
      package.read("Domain/Greenhouse/GreenhouseDestination.swift")?.contains(
        #"static let greenhouse = Destination(domain: GreenhouseDomain.moduleName, place: "greenhouse")"#) == true)
  }

  @Test func aDomainWithoutAnAppIsHostedByNoneAndLeavesTheAppsAlone() throws {
    let package = try workspace()
    let result = run(["domain", "CargoBay"], in: package)
    #expect(result.status == 0, "\(result.errors)")
    #expect(package.read("App/ShipApp/ShipApp.swift") == Self.shipApp)
    #expect(package.read("Package.swift")?.contains(#"dependsOn: ["Scaffold", "Galley", "CommandLineKit""#) == true)
    #expect(package.read("Domain/CargoBay/CargoBayRoute.swift")?.contains(#""cargo-bay", abstract:"#) == true)
    // Without an app, every domain's keys count: c is free.
    #expect(package.read("Domain/CargoBay/CargoBayRoute.swift")?.contains(#"key: "c""#) == true)
    #expect(package.read("Domain/CargoBay/README.md")?.contains("No app hosts it yet") == true)
    #expect(result.output.contains("no app hosts it (no --app)"))
  }

  @Test(arguments: [
    (
      ["domain", "Greenhouse", "--app", "sub"],
      "unknown app \"sub\"; --app takes one of ship, bench (or its target name)"
    ),
    (
      ["domain", "Greenhouse", "--app", "bench"],
      "bench hosts no domains: App/BenchTool/BenchTool.swift has no `domains: [` list (an app built on Scaffold's AppLauncher has one)"
    ),
    (["core", "Clock", "--app", "ship"], "--app ship hosts a domain; a Core module is hosted by no app"),
    (
      ["domain", "Clock", "--interface", "--app", "ship"],
      "--app ship hosts a domain; an interface module is hosted by no app"
    ),
    (["domain", "Galley", "--app", "ship"], "Galley already exists in Package.swift"),
    (["domain", "Kitchen"], "the command `kitchen` is taken: Galley declares it; pick another name"),
    (["domain", "Brew"], "the command `brew` is taken: Galley declares it; pick another name"),
    (["domain", "Open"], "the command `open` is every app's own; pick another name"),
    (
      ["domain", "Pantry"],
      "`pantry` is already a screen, toggle or destination (Domain/Galley/PartnerVocabulary.json); pick another name"
    ),
    (
      ["domain", "Espresso"],
      "`espresso` is already a screen, toggle or destination (Domain/Galley/PartnerVocabulary.json); pick another name"
    ),
    (
      ["domain", "Larder"],
      "`larder` is already a screen, toggle or destination (Domain/Galley/GalleyRoute.swift); pick another name"
    ),
    (
      ["domain", "Status"],
      "`.status` is a name in Core/UIComponents/Theme.swift; a domain's screen and destination may not be one (Scripts/check-vocabulary); pick another name"
    ),
    (["domain", "Default"], "`default` is a Swift keyword, which the domain's destination cannot be named"),
    (["domain", "Menu"], "Menu is a type the domain's code uses; pick another name"),
  ])
  func refusesWithOneLineAndTouchesNothing(arguments: [String], message: String) throws {
    let package = try workspace()
    let before = try snapshot(package)
    let result = run(arguments, in: package)
    #expect(result.status == 64)
    #expect(result.errors == "new-module: \(message)\n")
    #expect(try snapshot(package) == before)
  }

  @Test func aManifestThatNoLongerLoadsPutsEveryFileBack() throws {
    let package = try workspace()
    let before = try snapshot(package)
    let result = run(
      ["domain", "Greenhouse", "--app", "ship"], in: package,
      describe: { _ in throw ManifestLoadError.failed("Package.swift:3: error: boom") })
    #expect(result.status == 2)
    #expect(
      result.errors
        == "new-module: Package.swift does not load with Greenhouse: Package.swift:3: error: boom (nothing kept)\n")
    #expect(try snapshot(package) == before)
  }

  // MARK: Services

  @Test func aServiceIsAnInterfaceALiveModuleAndFakesEachWithTests() throws {
    let package = try workspace()
    let result = run(["service", "WeatherService", "--interface", "--owner", "@iss/weather"], in: package)
    #expect(result.status == 0, "\(result.errors)")
    let manifest = try #require(package.read("Package.swift"))
    #expect(
      manifest.contains(
        """
          .library("GalleyServiceInterface", dependsOn: []),
          .library("WeatherServiceInterface", dependsOn: []),
          .library("WeatherService", dependsOn: ["WeatherServiceInterface", "Persistence"]),
        ]
        """))
    #expect(
      manifest.contains(
        """
          .testSupport("GalleyServiceFakes", dependsOn: ["GalleyServiceInterface"]),
          .testSupport("WeatherServiceFakes", dependsOn: ["WeatherServiceInterface"]),
        ]
        """), "the fakes are test support: no product, no app can link them")
    #expect(
      package.read(".layering.json")
        == "{\n  \"testSupportModules\": [\"TestHarness\", \"GalleyServiceFakes\", \"WeatherServiceFakes\"]\n}\n")
    for file in [
      "Service/WeatherServiceInterface/WeatherClient.swift", "Service/WeatherServiceInterface/WeatherStatus.swift",
      "Service/WeatherServiceInterface/WeatherState.swift", "Service/WeatherService/LiveWeatherClient.swift",
      "Tests/WeatherServiceFakes/FakeWeatherClient.swift",
      "Tests/WeatherServiceInterfaceTests/WeatherStatusTests.swift",
      "Tests/WeatherServiceTests/LiveWeatherClientTests.swift",
      "Tests/WeatherServiceFakesTests/FakeWeatherClientTests.swift",
    ] {
      #expect(package.read(file) != nil, "\(file)")
    }
    #expect(
      package.read("Service/WeatherServiceInterface/WeatherClient.swift")?.contains(
        "public protocol WeatherClient: Sendable {") == true)
    #expect(
      package.read("Service/WeatherService/LiveWeatherClient.swift")?.hasPrefix(
        "import Persistence\nimport WeatherServiceInterface\n") == true)
    #expect(
      package.read("Tests/WeatherServiceFakes/FakeWeatherClient.swift")?.contains(
        "public actor FakeWeatherClient: WeatherClient {") == true)
    #expect(
      package.read("CODEOWNERS")?.hasSuffix(  // aligned with the line above each
        "/Service/GalleyServiceInterface/ @iss/galley\n/Service/WeatherServiceInterface/ @iss/weather\n"
          + "/Service/WeatherService/" + String(repeating: " ", count: 10) + "@iss/weather\n\n# Tests\n"
          + "/Tests/WeatherServiceFakes/ @iss/weather\n") == true)
    #expect(
      package.read("README.md")?.contains(
        "| `GalleyServiceInterface`; `WeatherServiceInterface` with `WeatherService` and `WeatherServiceFakes` |")
        == true)
    #expect(package.read("Service/README.md")?.contains("the galley's client.\n- `WeatherServiceInterface` (") == true)
  }

  @Test func aServiceNamedByItsInterfaceIsTheSameService() throws {
    let package = try workspace()
    #expect(run(["service", "ClockInterface"], in: package).status == 0)
    let manifest = try #require(package.read("Package.swift"))
    #expect(manifest.contains(#".testSupport("ClockFakes", dependsOn: ["ClockInterface"]),"#))
    #expect(package.read("Service/ClockInterface/ClockClient.swift") != nil)
  }

  @Test func aServiceRefusesWhenAnyOfItsThreeNamesIsTaken() throws {
    let package = try workspace()
    let result = run(["service", "GalleyService", "--interface"], in: package)
    #expect(result.status == 64)
    #expect(result.errors == "new-module: GalleyServiceInterface already exists in Package.swift\n")
  }

  // MARK: Edits

  @Test func anAppDependencyGoesAfterTheLastDomainItLinks() {
    let manifest = Self.manifest
    let edited = ManifestEditor.addingDependency("Greenhouse", to: "BenchTool", afterGroup: "domain", in: manifest)
    #expect(edited?.contains(#"product: "bench", dependsOn: ["Greenhouse", "CommandLineKit"])"#) == true)
    #expect(ManifestEditor.addingDependency("X", to: "Nowhere", afterGroup: "domain", in: manifest) == nil)
    #expect(
      ManifestEditor.entries(of: manifest).prefix(2)
        == [
          .init(name: "ShipApp", group: "app", product: "ship"),
          .init(name: "BenchTool", group: "app", product: "bench"),
        ])
  }

  @Test func theCompositionRootGetsItsImportInOrderAndItsEntryLast() throws {
    let edited = try #require(
      CompositionRootEditor.hosting("Aquarium", entry: ".domain { _ in AquariumDomain() },", in: Self.shipApp))
    #expect(edited.hasPrefix("import Aquarium\nimport Galley\nimport Scaffold\n"))
    #expect(edited.contains("        },\n        .domain { _ in AquariumDomain() },\n      ],\n      services:"))
    #expect(CompositionRootEditor.hosting("A", entry: "x", in: "import B\nprint(1)\n") == nil)
  }

  @Test func theReadmesGetARowCellAndABullet() {
    #expect(
      ReadmeEditor.addingToLayerTable(", `X`", layer: "Domain", in: "| Domain | `Domain/` | `A` | flows |")
        == "| Domain | `Domain/` | `A`, `X` | flows |")
    #expect(ReadmeEditor.addingToLayerTable(", `X`", layer: "Core", in: "no table") == "no table")
    #expect(
      ReadmeEditor.addingBullet("- `X`: x.", to: "# L\n\n- `A`: a\n  more.\n\nText.\n")
        == "# L\n\n- `A`: a\n  more.\n- `X`: x.\n\nText.\n")
    #expect(ReadmeEditor.addingBullet("- `X`: x.", to: "# L\n\nText.\n") == "# L\n\nText.\n\n- `X`: x.\n")
  }

  @Test func namesGiveTheirWords() {
    #expect(ModuleName(name: "CargoBay").kebab == "cargo-bay")
    #expect(ModuleName(name: "CargoBay").lowerCamel == "cargoBay")
    #expect(ModuleName(name: "CargoBay").title == "Cargo Bay")
    #expect(ModuleName(name: "HTTPProbe2").words == ["HTTP", "Probe2"])
    #expect(ModuleName(name: "HTTPProbe2").lowerCamel == "httpProbe2")
    #expect(PlanBuilder.menuKey(for: ModuleName(name: "Ab"), taken: ["a", "b"]) == "c")
    let everyLetter = Set("abcdefghijklmnopqrstuvwxyz".map(String.init))
    #expect(PlanBuilder.menuKey(for: ModuleName(name: "CargoBay"), taken: everyLetter) == "cargo-bay")
  }

  @Test func commandWordsAreReadFromTheDeclarations() {
    #expect(ClaimedNames.commandWords(in: Self.galleyRoute) == ["galley", "kitchen", "galley", "brew"])
    #expect(ClaimedNames.menuKeys(in: Self.galleyRoute) == ["g"])
    #expect(ClaimedNames.destinations(in: Self.galleyRoute) == ["larder"])
  }
}
