import Foundation
import Testing

@testable import LayerLintManifestReader
@testable import LayerLintWorkspaceTools

/// The factory's templates as text: they parse (the domain without a service, written from string
/// literals, and the copies of the real template modules, renamed), the string-literal domain is
/// formatted as the workspace's `.swift-format` wants (the copies are formatted when written), their
/// string tables agree, and they ship no placeholder to users.
@Suite struct FactoryTemplateTests {
  private static let domain = DomainTemplates(module: ModuleName(name: "CargoBay"), menuKey: "c", hostingApp: "ship")
  private static let service = ServiceTemplates(base: "WeatherService", interfaceSuffix: "Interface")
  private static let serviceDomain = ServiceDomainTemplates(
    module: ModuleName(name: "CargoHold"), menuKey: "h",
    service: UsedService(
      interface: "WeatherServiceInterface", fakes: "WeatherServiceFakes", client: "WeatherClient",
      fake: "FakeWeatherClient", method: "status", answer: "WeatherStatus"))

  /// Every Swift file the string-literal domain writes, by path.
  private static var domainFiles: [(path: String, contents: String)] {
    ((domain.sourceFiles.map { ("Domain/CargoBay/\($0.fileName)", $0.contents) })
      + domain.testFiles.map { ("Tests/CargoBayTests/\($0.fileName)", $0.contents) }).filter {
        $0.0.hasSuffix(".swift")
      }
  }

  /// Every Swift file the templates write: the string-literal domain, and a service and a domain
  /// driving it copied from the real templates, by path.
  private static var swiftFiles: [(path: String, contents: String)] {
    get throws {
      let modules = try service.modules(root: RealTemplates.root, manifest: RealTemplates.manifest, testFolder: "Tests")
      let serviceFiles = modules.flatMap { module in
        module.sources.map { ("Service/\(module.name)/\($0.0)", $0.1) }
          + module.tests.map { ("Tests/\(module.name)Tests/\($0.0)", $0.1) }
      }
      let copied = try serviceDomain.files(
        root: RealTemplates.root, manifest: RealTemplates.manifest, domainFolder: "Domain", testFolder: "Tests")
      let serviceDomainFiles =
        copied.sources.map { ("Domain/CargoHold/\($0.0)", $0.1) }
        + copied.tests.map { ("Tests/CargoHoldTests/\($0.0)", $0.1) }
      return domainFiles + (serviceFiles + serviceDomainFiles).filter { $0.0.hasSuffix(".swift") }
    }
  }

  /// The workspace's root: `Scripts/LayerLint/Tests/LayerLintTests/<this file>`, four folders up.
  private static var workspaceRoot: URL {
    URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent()
  }

  @Test func theDomainsWordsComeFromItsName() {
    let route = Self.domain.sourceFiles.first { $0.fileName == "CargoBayRoute.swift" }?.contents ?? ""
    #expect(route.contains(#""cargo-bay", abstract: Strings.commandOverview, json: true"#))
    #expect(route.contains("case .cargoBay: self = .overview"))
    #expect(Self.domain.compositionEntry == ".domain { _ in CargoBayDomain() },")
    let vocabulary = Self.domain.sourceFiles.first { $0.fileName == "PartnerVocabulary.json" }?.contents ?? ""
    #expect(vocabulary.contains(#""name": "cargoBay""#))
  }

  @Test func theStringTablesHaveTheSameKeysAndTheirOwnWords() throws {
    func table(_ name: String) throws -> [String: String] {
      let text = try #require(Self.domain.sourceFiles.first { $0.fileName == "Strings/\(name).json" }?.contents)
      return try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: String])
    }
    let english = try table("en")
    let russian = try table("ru")
    #expect(Set(english.keys) == Set(russian.keys))
    #expect(english["domain.title"] == "Cargo Bay")
    #expect(russian["label.status"] == "Состояние")
    for key in english.keys where key != "domain.title" { #expect(english[key] != russian[key], "\(key)") }
  }

  @Test func nothingShipsAPlaceholder() throws {
    let everything = (Self.domain.sourceFiles + Self.domain.testFiles).map { ($0.fileName, $0.contents) }
    for file in everything + RealTemplates.files.map({ ($0.key, $0.value) }) {
      for marker in ["TODO", "FIXME", "lorem", "placeholder"] {
        #expect(!file.1.localizedCaseInsensitiveContains(marker), "\(file.0): \(marker)")
      }
    }
    let swiftFiles = try Self.swiftFiles
    #expect(swiftFiles.allSatisfy { !$0.contents.contains("import Foundation\n") && !$0.contents.contains("NSString") })
  }

  @Test func theSourcesParse() throws {
    let swiftFiles = try Self.swiftFiles
    #expect(swiftFiles.count > 20)
    let folder = try TemporaryPackage(files: Dictionary(uniqueKeysWithValues: swiftFiles))
    // One module folder at a time: swiftc refuses two files of one name in one invocation.
    let modules = Dictionary(grouping: swiftFiles) { ($0.path as NSString).deletingLastPathComponent }
    for (module, files) in modules {
      let paths = files.map { folder.root.appendingPathComponent($0.path).path }
      let output = try ProcessRunner.run("swiftc", arguments: ["-parse", "-swift-version", "6"] + paths)
      #expect(output.status == 0, "\(module): \(output.standardError)")
    }
  }

  @Test func theSourcesAreFormattedAsTheWorkspaceWants() throws {
    let configuration = Self.workspaceRoot.appendingPathComponent(".swift-format")
    let rules = try String(contentsOf: configuration, encoding: .utf8)
    let folder = try TemporaryPackage(
      files: Dictionary(uniqueKeysWithValues: Self.domainFiles + [(".swift-format", rules)]))
    let files = Self.domainFiles.map { folder.root.appendingPathComponent($0.path).path }
    let output = try ProcessRunner.run("swift", arguments: ["format", "lint", "--strict"] + files)
    #expect(output.status == 0, "\(output.standardError)")
  }
}
