import Foundation
import Testing

@testable import LayerLintManifestReader
@testable import LayerLintWorkspaceTools

/// The factory's templates as text: they parse, they are formatted as the workspace's
/// `.swift-format` wants, their string tables agree, and they ship no placeholder to users.
@Suite struct FactoryTemplateTests {
  private static let domain = DomainTemplates(module: ModuleName(name: "CargoBay"), menuKey: "c", hostingApp: "ship")
  private static let service = ServiceTemplates(base: "WeatherService", interfaceSuffix: "Interface")

  /// Every Swift file the templates write, by path.
  private static var swiftFiles: [(path: String, contents: String)] {
    let domainFiles =
      (domain.sourceFiles.map { ("Domain/CargoBay/\($0.fileName)", $0.contents) })
      + domain.testFiles.map { ("Tests/CargoBayTests/\($0.fileName)", $0.contents) }
    let serviceFiles = service.modules.flatMap { module in
      module.sources.map { ("Service/\(module.name)/\($0.0)", $0.1) }
        + module.tests.map { ("Tests/\(module.name)Tests/\($0.0)", $0.1) }
    }
    return (domainFiles + serviceFiles).filter { $0.0.hasSuffix(".swift") }
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

  @Test func nothingShipsAPlaceholder() {
    let everything = Self.domain.sourceFiles + Self.domain.testFiles
    for file in everything {
      for marker in ["TODO", "FIXME", "lorem", "placeholder"] {
        #expect(!file.contents.localizedCaseInsensitiveContains(marker), "\(file.fileName): \(marker)")
      }
    }
    #expect(
      Self.swiftFiles.allSatisfy { !$0.contents.contains("import Foundation\n") && !$0.contents.contains("NSString") })
  }

  @Test func theSourcesParse() throws {
    let folder = try TemporaryPackage(files: Dictionary(uniqueKeysWithValues: Self.swiftFiles))
    let files = Self.swiftFiles.map { folder.root.appendingPathComponent($0.path).path }
    let output = try ProcessRunner.run("swiftc", arguments: ["-parse", "-swift-version", "6"] + files)
    #expect(output.status == 0, "\(output.standardError)")
  }

  @Test func theSourcesAreFormattedAsTheWorkspaceWants() throws {
    let configuration = Self.workspaceRoot.appendingPathComponent(".swift-format")
    let rules = try String(contentsOf: configuration, encoding: .utf8)
    let folder = try TemporaryPackage(
      files: Dictionary(uniqueKeysWithValues: Self.swiftFiles + [(".swift-format", rules)]))
    let files = Self.swiftFiles.map { folder.root.appendingPathComponent($0.path).path }
    let output = try ProcessRunner.run("swift", arguments: ["format", "lint", "--strict"] + files)
    #expect(output.status == 0, "\(output.standardError)")
  }
}
