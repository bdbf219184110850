import Foundation
import Testing

@testable import LayerLintEngine
@testable import LayerLintManifestReader
@testable import LayerLintWorkspaceTools

/// `docs`: undocumented public symbols, DocC's warnings, the landing pages and the graph picture.
@Suite struct DocsTests {
  @Test func publicSymbolsWithoutDocsAreFoundAndInheritedOrSynthesizedOnesAreNot() throws {
    let graph = """
      {"symbols": [
        {"accessLevel": "public", "kind": {"displayName": "Instance Method"}, "pathComponents": ["Gauge", "angle()"],
         "location": {"uri": "file:///work/pkg/Core/Gauge/Gauge.swift", "position": {"line": 12, "character": 2}}},
        {"accessLevel": "public", "kind": {"displayName": "Structure"}, "pathComponents": ["Gauge"],
         "docComment": {"lines": [{"text": "A dial."}]},
         "location": {"uri": "file:///work/pkg/Core/Gauge/Gauge.swift", "position": {"line": 2, "character": 0}}},
        {"accessLevel": "public", "kind": {"displayName": "Instance Property"}, "pathComponents": ["Gauge", "description"],
         "docComment": {"module": "Swift", "lines": [{"text": "A textual representation."}]},
         "location": {"uri": "file:///work/pkg/Core/Gauge/Gauge.swift", "position": {"line": 20, "character": 2}}},
        {"accessLevel": "public", "kind": {"displayName": "Initializer"}, "pathComponents": ["Gauge", "init(from:)"]},
        {"accessLevel": "internal", "kind": {"displayName": "Instance Method"}, "pathComponents": ["Gauge", "helper()"],
         "location": {"uri": "file:///work/pkg/Core/Gauge/Gauge.swift", "position": {"line": 30, "character": 2}}}
      ]}
      """
    let package = try TemporaryPackage(files: [
      "Gauge.symbols.json": graph, "Gauge@Swift.symbols.json": #"{"symbols": []}"#,
    ])
    let files = SymbolGraphCoverage.files(of: "Gauge", in: package.root)
    #expect(files.map(\.lastPathComponent) == ["Gauge.symbols.json", "Gauge@Swift.symbols.json"])
    let findings = SymbolGraphCoverage.undocumented(module: "Gauge", graphs: files, packageRoot: "/work/pkg")
    #expect(
      findings.map(\.rendered) == [
        "Core/Gauge/Gauge.swift:13: error: [undocumented] Gauge: public instance method Gauge.angle() has no doc comment"
      ])
  }

  @Test func doccWarningsBecomeFindings() {
    let diagnostics = """
      {"diagnostics": [
        {"source": "file:///work/pkg/Core/Gauge/Gauge.swift", "range": {"start": {"line": 3, "column": 40}},
         "severity": "warning", "summary": "'Dial' doesn't exist at '/Gauge/Gauge'"},
        {"source": "file:///work/pkg/Core/Gauge/Gauge.swift", "range": {"start": {"line": 9, "column": 1}},
         "severity": "warning", "summary": "Parameter 'logger' is missing documentation"},
        {"severity": "note", "summary": "just a note"}]}
      """
    let findings = SymbolGraphCoverage.doccDiagnostics(
      Data(diagnostics.utf8), module: "Gauge", packageRoot: "/work/pkg")
    #expect(
      findings.map(\.rendered) == [
        "Core/Gauge/Gauge.swift:3: error: [broken-link] Gauge: 'Dial' doesn't exist at '/Gauge/Gauge'",
        "Core/Gauge/Gauge.swift:9: error: [docc] Gauge: Parameter 'logger' is missing documentation",
      ])
  }

  @Test func theReadmeSummaryIsItsFirstParagraphWithoutSymbolLinks() {
    let readme = "# Gauge\n\nA dial that shows a ``Reading``\nagainst its limits.\n\nMore.\n"
    #expect(DocsSite.summary(ofReadme: readme) == "A dial that shows a `Reading` against its limits.")
  }

  @Test func theGraphPictureHasABoxPerModuleAndAnArrowPerDependency() {
    let manifest = PackageManifest(
      name: "T",
      targets: [
        target("Tool", "App/Tool", .executable, dependsOn: ["Store", "Log"]),
        target("Store", "Core/Store", dependsOn: ["Log"]),
        target("Log", "Shared/Log"),
      ])
    let graph = ModuleGraph(manifest: manifest, configuration: .standard)
    let svg = SVGGraph(graph: graph, highlighted: ["Store"], links: ["Store": "modules/Store/"]).render()
    #expect(svg.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\""))
    #expect(svg.components(separatedBy: "<line ").count - 1 == 3)
    #expect(svg.components(separatedBy: "rx=\"6\"").count - 1 == 3)
    #expect(svg.contains("<a href=\"modules/Store/\"><rect"))
    #expect(svg.contains("fill=\"#1f6feb\""))
    #expect(svg.contains("<title>Tool → Store</title>"))
  }

  @Test func theDocumentedFixtureEndToEnd() throws {
    let site = try TemporaryPackage(files: [:])
    let output = site.root.appendingPathComponent("site").path
    let captured = CapturedConsole()
    let status = DocsCommand(console: captured.console).run([
      "--package-path", fixturePath("Documented"), "--output", output,
    ])
    #expect(status == ExitCode.violations, "\(captured.standardError)")
    #expect(
      captured.standardOutput.split(separator: "\n").filter { $0.contains(": error: ") } == [
        "Core/Gauge/Gauge.swift:3: error: [broken-link] Gauge: 'Dial' doesn't exist at '/Gauge/Gauge'",
        "Core/Gauge/Gauge.swift:13: error: [undocumented] Gauge: public instance method Gauge.needleAngle() has no doc comment",
      ])
    let index = try String(contentsOfFile: output + "/index.html", encoding: .utf8)
    #expect(index.contains("<a href=\"layers/core/\">Core</a>"))
    #expect(index.contains("<a href=\"modules/Gauge/documentation/gauge/\"><code>Gauge</code></a>"))
    #expect(index.contains("<code>Panel</code>"))  // an app: listed, no documentation pages
    let core = try String(contentsOfFile: output + "/layers/core/index.html", encoding: .utf8)
    #expect(core.contains("<svg") && core.contains("A dial that shows a <code>Reading</code> against its limits."))
    #expect(FileManager.default.fileExists(atPath: output + "/modules/Gauge/documentation/gauge/index.html"))
    #expect(FileManager.default.fileExists(atPath: output + "/modules/Units/documentation/units/index.html"))
    #expect(!FileManager.default.fileExists(atPath: output + "/modules/Panel"))
    let sharedOnly = DocsCommand(console: CapturedConsole().console).run([
      "--package-path", fixturePath("Documented"), "--check", "--layers", "Shared",
    ])
    #expect(sharedOnly == ExitCode.success)
  }
}
