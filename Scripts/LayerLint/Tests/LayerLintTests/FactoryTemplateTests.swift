import Foundation
import Testing

@testable import LayerLintManifestReader
@testable import LayerLintWorkspaceTools

/// The factory's copies of the real templates as text, renamed (a domain, a service, a domain driving
/// that service): they parse, they are formatted as the workspace's `.swift-format` wants, their
/// string tables agree, they keep no word of the template, and they ship no placeholder to users.
@Suite struct FactoryTemplateTests {
  private static let domain = DomainTemplates(module: ModuleName(name: "CargoBay"), menuKey: "c", hostingApp: "ship")
  private static let service = ServiceTemplates(base: "WeatherService", interfaceSuffix: "Interface")
  private static let serviceDomain = ServiceDomainTemplates(
    module: ModuleName(name: "CargoHold"), menuKey: "h",
    service: UsedService(
      interface: "WeatherServiceInterface", fakes: "WeatherServiceFakes", client: "WeatherClient",
      fake: "FakeWeatherClient", method: "status", answer: "WeatherStatus"))

  /// Every file the copies write, by path.
  private static var files: [(path: String, contents: String)] {
    get throws {
      let (root, manifest) = (RealTemplates.root, RealTemplates.manifest)
      let board = try domain.files(root: root, manifest: manifest, domainFolder: "Domain", testFolder: "Tests")
      let modules = try service.modules(root: root, manifest: manifest, testFolder: "Tests")
      let desk = try serviceDomain.files(root: root, manifest: manifest, domainFolder: "Domain", testFolder: "Tests")
      return board.sources.map { ("Domain/CargoBay/\($0.0)", $0.1) }
        + board.tests.map { ("Tests/CargoBayTests/\($0.0)", $0.1) }
        + modules.flatMap { module in
          module.sources.map { ("Service/\(module.name)/\($0.0)", $0.1) }
            + module.tests.map { ("Tests/\(module.name)Tests/\($0.0)", $0.1) }
        }
        + desk.sources.map { ("Domain/CargoHold/\($0.0)", $0.1) }
        + desk.tests.map { ("Tests/CargoHoldTests/\($0.0)", $0.1) }
    }
  }

  private static var swiftFiles: [(path: String, contents: String)] {
    get throws { try files.filter { $0.path.hasSuffix(".swift") } }
  }

  private static func file(_ path: String) throws -> String {
    try #require(try files.first { $0.path == path }?.contents)
  }

  @Test func theDomainsWordsComeFromItsName() throws {
    let route = try Self.file("Domain/CargoBay/CargoBayRoute.swift")
    #expect(route.contains(#""cargo-bay", abstract: Strings.commandOverview, json: true"#))
    #expect(route.contains("case .cargoBay: self = .overview"))
    #expect(route.contains(#"MenuEntry(Strings.domainTitle, key: "c", choice: CargoBayRoute.overview)"#))
    #expect(try Self.file("Tests/CargoBayTests/RouteTests.swift").contains(#"mainMenu.map(\.key) == ["c"]"#))
    #expect(Self.domain.compositionEntry == ".domain { _ in CargoBayDomain() },")
    #expect(try Self.file("Domain/CargoBay/PartnerVocabulary.json").contains(#""name": "cargoBay""#))
    let readme = try Self.file("Domain/CargoBay/README.md")
    #expect(readme.contains("`ship` hosts it (its composition root lists `CargoBayDomain()`)."))
    #expect(readme.contains("key `c`"))
    #expect(try Self.file("Domain/CargoHold/CargoHoldRoute.swift").contains(#"key: "h""#))
    #expect(try Self.file("Domain/CargoHold/CargoHoldSummary.swift").contains("try await client.status()"))
  }

  @Test func theCopiesKeepNoWordOfTheTemplates() throws {
    for (path, contents) in try Self.files {
      #expect(!path.contains("Template") && !contents.localizedCaseInsensitiveContains("template"), "\(path)")
    }
  }

  @Test func theStringTablesHaveTheSameKeysAndTheirOwnWords() throws {
    func table(_ path: String) throws -> [String: String] {
      try #require(try JSONSerialization.jsonObject(with: Data(try Self.file(path).utf8)) as? [String: String])
    }
    for domain in ["CargoBay", "CargoHold"] {
      let english = try table("Domain/\(domain)/Strings/en.json")
      let russian = try table("Domain/\(domain)/Strings/ru.json")
      #expect(Set(english.keys) == Set(russian.keys))
      #expect(english["domain.title"] == ModuleName(name: domain).title)
      for key in english.keys where key != "domain.title" { #expect(english[key] != russian[key], "\(key)") }
    }
    #expect(try table("Domain/CargoBay/Strings/ru.json")["label.status"] == "Состояние")
  }

  @Test func nothingShipsAPlaceholder() throws {
    for (path, contents) in try Self.files + RealTemplates.files.map({ ($0.key, $0.value) }) {
      for marker in ["TODO", "FIXME", "lorem", "placeholder"] {
        #expect(!contents.localizedCaseInsensitiveContains(marker), "\(path): \(marker)")
      }
    }
    #expect(
      try Self.swiftFiles.allSatisfy {
        !$0.contents.contains("import Foundation\n") && !$0.contents.contains("NSString")
      })
  }

  @Test func theSourcesParse() throws {
    let swiftFiles = try Self.swiftFiles
    #expect(swiftFiles.count > 30)
    let folder = try TemporaryPackage(files: Dictionary(uniqueKeysWithValues: swiftFiles))
    // One module folder at a time: swiftc refuses two files of one name in one invocation.
    let modules = Dictionary(grouping: swiftFiles) { ($0.path as NSString).deletingLastPathComponent }
    for (module, files) in modules {
      let paths = files.map { folder.root.appendingPathComponent($0.path).path }
      let output = try ProcessRunner.run("swiftc", arguments: ["-parse", "-swift-version", "6"] + paths)
      #expect(output.status == 0, "\(module): \(output.standardError)")
    }
  }

  /// A rename can move an import or lengthen a line: the factory formats what it writes
  /// (`SourceFormatter.swiftFormat`), after which the copies pass the workspace's strict format check.
  @Test func theSourcesAreFormattedAsTheWorkspaceWantsOnceTheFactoryFormatsThem() throws {
    let rules = try String(contentsOf: RealTemplates.root.appendingPathComponent(".swift-format"), encoding: .utf8)
    let swiftFiles = try Self.swiftFiles
    let folder = try TemporaryPackage(
      files: Dictionary(uniqueKeysWithValues: swiftFiles + [(".swift-format", rules)]))
    #expect(SourceFormatter.swiftFormat.format(swiftFiles.map(\.path), folder.root) == nil)
    let modules = Dictionary(grouping: swiftFiles) { ($0.path as NSString).deletingLastPathComponent }
    for (module, files) in modules {
      let paths = files.map { folder.root.appendingPathComponent($0.path).path }
      let output = try ProcessRunner.run("swift", arguments: ["format", "lint", "--strict"] + paths)
      #expect(output.status == 0, "\(module): \(output.standardError)")
    }
  }
}
