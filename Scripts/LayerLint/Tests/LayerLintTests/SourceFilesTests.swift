import Foundation
import Testing

@testable import LayerLintEngine
@testable import LayerLintManifestReader
@testable import LayerLintSwiftReader

/// One lint run reads each Swift file once: every rule that reads sources (imports, literals, code lines,
/// whether a file holds code) takes them from the run's `SourceFiles`.
@Suite struct SourceFilesTests {
  /// Serves the Swift sources from memory, counting the reads of each file; other files are read from disk.
  private final class CountingReader: @unchecked Sendable {
    private let lock = NSLock()
    private let sources: [String: String]
    private var counts: [String: Int] = [:]

    init(sources: [String: String] = [:]) { self.sources = sources }

    var reads: [String: Int] {
      lock.lock()
      defer { lock.unlock() }
      return counts
    }

    func read(_ path: String) -> Data? {
      lock.lock()
      counts[path, default: 0] += 1
      lock.unlock()
      return sources[path].map { Data($0.utf8) } ?? FileManager.default.contents(atPath: path)
    }
  }

  /// The Swift sources of a package in whose files each rule that reads sources has a finding:
  /// vocabulary, test-double, untranslated-text and redundant-dependency (which reads a plugin's sources
  /// and whether files hold code).
  private let sources = [
    "Domain/Cargo/Cargo.swift": "public enum Places { static let hold = Destination(domain: \"c\", place: \"h\") }\n",
    "Core/Theme/Theme.swift": """
    let look = theme.screen(.hold)
    public var cargoExpress: Bool { true }
    struct FakeTheme {}
    let title = "Welcome aboard the station"
    """,
    "Core/Theme/Empty.swift": "// nothing here\n",
    "Shared/Partners/Partners.swift": "public struct Partner {}\n",
    "Shared/Kit/Kit.swift": "public struct Kit {}\n",
    "Scripts/Plugins/Gen/plugin.swift": "let code = \"import Partners\"\nlet file = \"PartnerVocabulary.json\"\n",
    ".build/plugins/outputs/p/Theme/destination/Gen/Generated.swift": "let x = Toggles.cargoExpress\n",
  ]

  /// The package: its other files, and each Swift file on disk with none of the text the lint must read.
  private func package() throws -> (TemporaryPackage, PackageManifest) {
    var files = sources.mapValues { _ in "// not what the lint reads: the files' reader serves the sources\n" }
    files["Domain/Cargo/PartnerVocabulary.json"] = #"{"toggles": [{"name": "cargoExpress"}], "screens": []}"#
    files["Core/Theme/Strings/en.json"] = "{}"
    let package = try TemporaryPackage(files: files)
    let manifest = PackageManifest(
      name: "P",
      targets: [
        target("Cargo", "Domain/Cargo", sources: ["Cargo.swift"]),
        target(
          "Theme", "Core/Theme", dependsOn: ["Gen", "Partners", "Kit"], sources: ["Theme.swift", "Empty.swift"]),
        target("Partners", "Shared/Partners", sources: ["Partners.swift"]),
        target("Kit", "Shared/Kit", sources: ["Kit.swift"]),
        target("Gen", "Scripts/Plugins/Gen", .plugin, sources: ["plugin.swift"], capability: .buildTool),
      ])
    return (package, manifest)
  }

  @Test func everyRuleReadsTheSourcesFromOneReadingOfEachFile() throws {
    let (package, manifest) = try package()
    let root = package.root.path
    let reader = CountingReader(sources: Dictionary(uniqueKeysWithValues: sources.map { ("\(root)/\($0)", $1) }))
    let files = SourceFiles(root: root) { reader.read($0) }
    let report = LayerLinter.lint(manifest: manifest, configuration: .withoutCoverage, packageRoot: root, files: files)
    // A rule that read a file from disk itself would find none of these.
    #expect(
      report.violations.map { "\($0.file):\($0.line) \($0.rule.rawValue) \($0.target ?? "")" } == [
        ".build/plugins/outputs/p/Theme/destination/Gen/Generated.swift:1 vocabulary cargoExpress",
        "Core/Theme/Theme.swift:1 vocabulary hold", "Core/Theme/Theme.swift:2 vocabulary cargoExpress",
        "Core/Theme/Theme.swift:3 test-double FakeTheme", "Core/Theme/Theme.swift:4 untranslated-text ",
        "Package.swift:1 redundant-dependency Kit", "Scripts/Plugins/Gen/plugin.swift:2 vocabulary Gen",
      ])
    #expect(reader.reads == sources.keys.reduce(into: [:]) { $0["\(root)/\($1)"] = 1 })
  }

  @Test func aFileThatCannotBeReadIsReadOnceAndHasNoReadings() {
    let reader = CountingReader()
    let files = SourceFiles(root: "/nowhere") { reader.read($0) }
    #expect(files.textScan(of: "A.swift") == nil)
    #expect(files.codeLines(of: "A.swift") == nil)
    #expect(files.hasCode("A.swift"))
    #expect(!files.contains(anyOf: ["A"], in: "A.swift"))
    #expect(files.imports(of: "A.swift") == .failure(SourceProblem(line: nil, reason: "not readable")))
    #expect(reader.reads == ["/nowhere/A.swift": 1])
  }
}
