import Foundation
import Testing

@testable import LayerLintWorkspaceTools

/// The module factory's validation and edits on a tiny copy of the workspace layout (no build;
/// `Scripts/test-new-module` builds and lints a real copy of the workspace).
@Suite struct FactoryTests {
  private static let manifest = """
    // swift-tools-version: 6.0
    let app: [Module] = [
      .executable("Existing", product: "existing", dependsOn: []),
    ]

    let core: [Module] = [
      .systemLibrary("CLib", pkgConfig: "x"),
      .library("Network", dependsOn: ["Logging"]),
    ]

    let shared: [Module] = []
    let domain: [Module] = [
    ]
    let service: [Module] = [
    ]

    """
  private static let owners = """
    /Package.swift   @iss/architecture

    # Core
    /Core/CLib/      @iss/platform
    /Core/Network/   @iss/platform

    # Tests
    /Tests/EndToEndTests/ @iss/architecture

    """

  private func workspace() throws -> TemporaryPackage {
    try TemporaryPackage(files: [
      "Package.swift": Self.manifest, "CODEOWNERS": Self.owners, "Core/Network/Network.swift": "",
      "Tests/EndToEndTests/Run.swift": "",
    ])
  }

  private func run(_ arguments: [String], in package: TemporaryPackage) -> (Int32, String) {
    let captured = CapturedConsole()
    let status = NewModuleCommand(console: captured.console, formatter: .none).run(
      arguments + ["--package-path", package.path])
    return (status, captured.standardError)
  }

  @Test func createsALibraryWithTestManifestLineAndOwner() throws {
    let package = try workspace()
    #expect(run(["core", "Radio", "--owner", "@iss/suit"], in: package).0 == 0)
    #expect(
      package.read("Package.swift")?.contains(
        "  .library(\"Network\", dependsOn: [\"Logging\"]),\n  .library(\"Radio\", dependsOn: []),\n]") == true)
    #expect(
      package.read("CODEOWNERS")?.contains("/Core/Network/   @iss/platform\n/Core/Radio/     @iss/suit\n\n# Tests")
        == true)
    #expect(package.read("Core/Radio/Radio.swift")?.contains("public struct RadioInfo") == true)
    #expect(
      package.read("Tests/RadioTests/RadioTests.swift")?.contains(
        "#expect(RadioInfo.current.summary == \"Radio (Core layer)\")") == true)
  }

  @Test func createsExecutablesInterfacesAndFillsEmptyGroups() throws {
    let package = try workspace()
    #expect(run(["app", "SuitBench"], in: package).0 == 0)
    #expect(
      package.read("Package.swift")?.contains(".executable(\"SuitBench\", product: \"suit-bench\", dependsOn: []),")
        == true)
    #expect(package.read("App/SuitBench/main.swift") != nil)
    #expect(run(["Shared", "Clock", "--interface"], in: package).0 == 0)
    #expect(
      package.read("Package.swift")?.contains(
        "let shared: [Module] = [\n  .library(\"ClockInterface\", dependsOn: []),\n]") == true)
    #expect(
      package.read("Shared/ClockInterface/ClockInterface.swift")?.contains("public protocol ClockProviding") == true)
    #expect(package.read("CODEOWNERS")?.hasSuffix("# Shared\n/Shared/ClockInterface/ @iss/architecture\n") == true)
  }

  @Test(arguments: [
    ["core", "Network"], ["domain", "Network"], ["core", "CLib"], ["core", "radio"], ["core", "Radio_2"],
    ["moon", "Radio"], ["core"], ["core", "Radio", "--owner", "nobody"], ["app", "Existing2", "--interface"],
    ["core", "Radio", "--wat"], ["core", "Foo-Bar"], ["core", "foo"], ["core", "NetworkTests"],
    ["core", "Existing"], ["shared", "Testing"], ["shared", "Foundation"], ["core", "Interface"],
    ["core", "Radio", "--owner", "@iss/suit team"], ["core", "Radio", "--owner", "@iss/"],
    ["app", "EndToEnd"],
  ])
  func refusesWithoutTouchingAnyFile(arguments: [String]) throws {
    let package = try workspace()
    let before = try FileManager.default.subpathsOfDirectory(atPath: package.path).sorted()
    let (status, errors) = run(arguments, in: package)
    #expect(status == 64)
    #expect(errors.split(separator: "\n").count == 1)
    #expect(try FileManager.default.subpathsOfDirectory(atPath: package.path).sorted() == before)
    #expect(package.read("Package.swift") == Self.manifest)
    #expect(package.read("CODEOWNERS") == Self.owners)
  }

  @Test func kebabCaseProductNames() {
    #expect(ModulePlan.kebabCase("SpacesuitSimulator") == "spacesuit-simulator")
    #expect(ModulePlan.kebabCase("HTTPProbe2") == "http-probe2")
  }
}
