import Foundation
import Testing

@testable import LayerLintEngine
@testable import LayerLintManifestReader
@testable import LayerLintWorkspaceTools

/// The workspace's real template modules, which the factory copies: their files and their lines of
/// Package.swift, for the factory's tests to put in their small workspaces.
enum RealTemplates {
  /// The workspace's root: `Scripts/LayerLint/Tests/LayerLintTests/<this file>`, five folders up.
  static let root: URL = {
    var url = URL(fileURLWithPath: #filePath)
    for _ in 0..<5 { url.deleteLastPathComponent() }
    return url
  }()

  static let manifest: String =
    (try? String(contentsOf: root.appendingPathComponent("Package.swift"), encoding: .utf8)) ?? ""

  /// The folders of the template modules and of their tests.
  static let folders = [
    "Domain/TemplateBoard", "Tests/TemplateBoardTests", "Domain/TemplateDesk", "Tests/TemplateDeskTests",
    "Service/TemplateServiceInterface",
    "Tests/TemplateServiceInterfaceTests", "Service/TemplateService", "Tests/TemplateServiceTests",
    "Tests/TemplateServiceFakes", "Tests/TemplateServiceFakesTests",
  ]

  /// Every file of the templates, by path in the workspace.
  static let files: [String: String] = {
    var files: [String: String] = [:]
    for folder in folders {
      for file in (try? TemplateCopy.files(in: folder, root: root)) ?? [] {
        files["\(folder)/\(file.path)"] = file.contents
      }
    }
    return files
  }()

  /// The template module's line of Package.swift (with its trailing comma).
  static func manifestLine(_ name: String) -> String {
    (try? TemplateCopy.manifestLine(of: name, in: manifest)) ?? "// no line of \(name)"
  }
}

/// The factory's copies of the real templates: the renaming, the reading of a used service, and a
/// domain that drives a service, on a small workspace (no build: `Scripts/test-new-module` builds and
/// runs one in a copy of the real workspace).
@Suite struct FactoryCopyTests {
  // MARK: Renaming

  @Test func renamingIsOnePassLongestSpellingFirst() {
    let copy = TemplateCopy(renames: [("Template", "Weather"), ("TemplateDesk", "Template"), ("template", "x-y")])
    #expect(copy.apply("TemplateDesk Template template TemplateDeskTemplate") == "Template Weather x-y TemplateWeather")
    #expect(TemplateCopy(renames: []).apply("même ✓") == "même ✓")
  }

  @Test func copyingTheTemplatesUnderTheirOwnNamesGivesThemBack() throws {
    let service = ServiceTemplates(base: "TemplateService", interfaceSuffix: "Interface")
    let modules = try service.modules(root: RealTemplates.root, manifest: RealTemplates.manifest, testFolder: "Tests")
    #expect(modules.map(\.name) == ["TemplateServiceInterface", "TemplateService", "TemplateServiceFakes"])
    for module in modules {
      let home = module.name.hasSuffix("Fakes") ? "Tests" : "Service"
      for (path, contents) in module.sources {
        #expect(RealTemplates.files["\(home)/\(module.name)/\(path)"] == contents)
      }
      for (path, contents) in module.tests {
        #expect(RealTemplates.files["Tests/\(module.name)Tests/\(path)"] == contents)
      }
    }
    let domain = ServiceDomainTemplates(
      module: ServiceDomainTemplates.template, menuKey: ServiceDomainTemplates.templateMenuKey,
      service: ServiceDomainTemplates.templateService)
    let files = try domain.files(
      root: RealTemplates.root, manifest: RealTemplates.manifest, domainFolder: "Domain", testFolder: "Tests")
    #expect(files.manifestLine == RealTemplates.manifestLine("TemplateDesk"))
    #expect(files.sources.count > 10)
    for (path, contents) in files.sources { #expect(RealTemplates.files["Domain/TemplateDesk/\(path)"] == contents) }
    for (path, contents) in files.tests { #expect(RealTemplates.files["Tests/TemplateDeskTests/\(path)"] == contents) }
    let board = try DomainTemplates(
      module: DomainTemplates.template, menuKey: DomainTemplates.templateMenuKey, hostingApp: nil
    ).files(root: RealTemplates.root, manifest: RealTemplates.manifest, domainFolder: "Domain", testFolder: "Tests")
    #expect(board.manifestLine == RealTemplates.manifestLine("TemplateBoard"))
    #expect(board.sources.count == 12 && board.tests.count == 3)
    for (path, contents) in board.sources { #expect(RealTemplates.files["Domain/TemplateBoard/\(path)"] == contents) }
    for (path, contents) in board.tests { #expect(RealTemplates.files["Tests/TemplateBoardTests/\(path)"] == contents) }
    // The templates' API files stay behind: a new module records its own from its build.
    #expect(FileManager.default.fileExists(atPath: RealTemplates.root.path + "/Domain/TemplateBoard/TemplateBoard.api"))
    #expect(!(files.sources + board.sources).contains { $0.0.hasSuffix(".api") })
    #expect(!modules.flatMap(\.sources).contains { $0.0.hasSuffix(".api") })
  }

  // MARK: The used service

  @Test func theTemplateDomainsServiceIsWhatTheFactoryReadsFromTheTemplateService() throws {
    let resolved = try UsedService.resolve(
      interface: "TemplateServiceInterface", reads: nil, root: RealTemplates.root, manifest: RealTemplates.manifest,
      serviceFolder: "Service", testFolder: "Tests", interfaceSuffix: "Interface")
    #expect(resolved == ServiceDomainTemplates.templateService)
  }

  @Test func theCosmonautServiceIsReadByItsFirstReadableRequirementOrTheOneNamed() throws {
    func resolve(_ reads: String?) throws -> UsedService {
      try UsedService.resolve(
        interface: "CosmonautServiceInterface", reads: reads, root: RealTemplates.root,
        manifest: RealTemplates.manifest, serviceFolder: "Service", testFolder: "Tests", interfaceSuffix: "Interface")
    }
    #expect(
      try resolve(nil)
        == UsedService(
          interface: "CosmonautServiceInterface", fakes: "CosmonautServiceFakes", client: "CosmonautClient",
          fake: "FakeCosmonautClient", method: "profile", answer: "CosmonautProfile"))
    #expect(try resolve("supplies").answer == "[SupplyItem]")
    #expect(throws: UsageError.self) { try resolve("consume") }
  }

  @Test func requirementsAreTheClientsOwnWithoutArguments() {
    let source = """
      public protocol GalleyClient: Sendable {
        /// The menu.
        func menu() async throws -> [Dish]
        func cook(_ dish: String) async throws -> Dish
        func special() async throws -> Dish?
        func reset() async throws
        var name: String { get }
      }

      extension GalleyClient {
        public func menuOfTheDay() async throws -> [Dish] { try await menu() }
      }
      """
    let requirements = UsedService.requirements(of: "GalleyClient", in: source)
    #expect(requirements.map(\.method) == ["menu", "special"])
    #expect(requirements.map(\.answer) == ["[Dish]", "Dish?"])
  }
}
