import Foundation
import LayerLintEngine
import LayerLintManifestReader

/// `docs`: the documentation of every library module with the toolchain's DocC, as a static site,
/// and the documentation rules of the layers `.layering.json` lists in `documentedLayers`.
public struct DocsCommand: Subcommand {
  /// `layer-lint docs`.
  public static let name = "docs"
  public static let summary = "the DocC site; checks the public API of the documented layers (Scripts/docs)"

  static let usage = """
    usage: docs [--output DIR] [--check] [--layers L1,L2] [--hosting-base-path PATH] [--package-path PATH]
    Builds the documentation with the toolchain's docc: symbol graphs extracted from the debug
    build (swift-symbolgraph-extract), one catalog per library module (its <Module>.docc when it
    has one, else one made from its README), converted for static hosting into DIR/modules/<Module>/, and a landing
    page for the workspace and for each layer with the module graph (DIR/index.html, DIR/layers/…).
    Fails on a public symbol without a doc comment or a DocC warning (a broken symbol link) in the
    modules of the enforced layers (.layering.json "documentedLayers", or --layers).
      --output DIR              the site (default: .build/docs-site in the package)
      --check                   only the enforced layers' modules, and no site: the quick check
      --no-build                use the debug build as it is (Scripts/check has just built it); built
                                only when a module's symbol graph cannot be extracted from it
      --layers L,…              enforce these layers instead of documentedLayers
      --hosting-base-path PATH  where the site will be served, e.g. /iss for example.com/iss/ (default: /)
      --package-path P          the package (default: the current directory)
    exit: 0 documented, 1 findings, 2 cannot run (build, docc), 64 bad usage
    """

  let console: Console

  /// Creates the command, writing to standard output and standard error.
  public init() { self.init(console: .standard) }

  init(console: Console) {
    self.console = console
  }

  /// Runs the command and returns the exit code.
  public func run(_ arguments: [String]) -> Int32 {
    let reader: ArgumentReader
    do {
      reader = try ArgumentReader(
        arguments, valueOptions: ["--output", "--layers", "--hosting-base-path", "--package-path"],
        flagOptions: ["--check", "--no-build", "--help"])
    } catch {
      return fail("\(error.message) (see --help)", code: ExitCode.usage)
    }
    if reader.isSet("--help") {
      console.writeOutput(Self.usage + "\n")
      return ExitCode.success
    }
    guard reader.positional.isEmpty else { return fail("unexpected argument (see --help)", code: ExitCode.usage) }
    let packagePath = URL(fileURLWithPath: reader.value("--package-path") ?? FileManager.default.currentDirectoryPath)
      .standardizedFileURL.path
    do {
      let configuration = try LayeringConfiguration.load(packagePath: packagePath)
      let enforced = reader.value("--layers").map { ExportCommand.list($0) } ?? configuration.documentedLayers
      for layer in enforced where configuration.rank(ofLayer: layer) == nil {
        return fail("--layers: \"\(layer)\" is no layer of \(LayeringConfiguration.fileName)", code: ExitCode.usage)
      }
      let manifest = try ManifestLoader.describe(packagePath)
      let build = DocsBuild(
        packagePath: packagePath, configuration: configuration, manifest: manifest, enforcedLayers: enforced,
        console: console, buildsFirst: !reader.isSet("--no-build"))
      let output = reader.value("--output").map { URL(fileURLWithPath: $0).standardizedFileURL.path }
      let findings = try build.run(
        site: reader.isSet("--check") ? nil : (output ?? packagePath + "/.build/docs-site"),
        hostingBasePath: reader.value("--hosting-base-path") ?? "/")
      for finding in findings { console.writeOutput(finding.rendered + "\n") }
      let scope = enforced.isEmpty ? "no layer enforced" : enforced.joined(separator: ", ")
      if findings.isEmpty {
        console.writeOutput("docs: \(scope): every public symbol documented, every symbol link resolves\n")
        return ExitCode.success
      }
      console.writeOutput("docs: \(findings.count) finding\(findings.count == 1 ? "" : "s") in \(scope)\n")
      return ExitCode.violations
    } catch {
      return fail(CannotRun.reason(for: error), code: ExitCode.cannotRun)
    }
  }

  private func fail(_ message: String, code: Int32) -> Int32 {
    console.writeError("docs: \(message)\n")
    return code
  }
}

/// Why the documentation could not be built; one line.
struct DocsError: Error {
  let message: String
}

/// One documentation build: symbol graphs, a DocC archive per module, the landing pages, the findings.
struct DocsBuild {
  let packagePath: String
  let configuration: LayeringConfiguration
  let manifest: PackageManifest
  let enforcedLayers: [String]
  let console: Console
  /// Whether `swift build --build-tests` runs before the symbol graphs are extracted (`--no-build`: only
  /// when extracting from the build as it is fails).
  var buildsFirst = true

  private var workspace: Workspace { Workspace(manifest: manifest, configuration: configuration, manifestText: nil) }

  /// Library modules in layers (no executables, tests, system libraries or tooling).
  var libraryModules: [ManifestTarget] {
    let workspace = self.workspace
    return workspace.modules.filter { $0.kind == .library && workspace.placement(of: $0.name)?.rank != nil }
  }

  /// Builds what was asked and returns the findings of the enforced layers; `site` nil: check only.
  func run(site: String?, hostingBasePath: String) throws -> [DocumentationFinding] {
    let workspace = self.workspace
    let enforcedModules = libraryModules.filter { enforcedLayers.contains(workspace.layerName(of: $0.name) ?? "") }
    let modules = site == nil ? enforcedModules : libraryModules
    let work = URL(fileURLWithPath: packagePath).appendingPathComponent(".build/docs")
    try? FileManager.default.removeItem(at: work)
    try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
    guard !modules.isEmpty else { return [] }
    let graphs = try symbolGraphs(of: modules, in: work)
    let docc = try Self.doccExecutable()
    let siteURL = site.map { URL(fileURLWithPath: $0) }
    if let siteURL {
      try? FileManager.default.removeItem(at: siteURL)
      try FileManager.default.createDirectory(at: siteURL, withIntermediateDirectories: true)
    }
    var findings: [DocumentationFinding] = []
    let base = hostingBasePath.hasSuffix("/") ? String(hostingBasePath.dropLast()) : hostingBasePath
    for module in modules {
      let isEnforced = enforcedModules.contains { $0.name == module.name }
      let files = SymbolGraphCoverage.files(of: module.moduleName, in: graphs)
      if isEnforced {
        findings += SymbolGraphCoverage.undocumented(module: module.name, graphs: files, packageRoot: packagePath)
      }
      let moduleGraphs = work.appendingPathComponent("symbol-graphs/\(module.name)")
      try FileManager.default.createDirectory(at: moduleGraphs, withIntermediateDirectories: true)
      for file in files {
        try FileManager.default.copyItem(at: file, to: moduleGraphs.appendingPathComponent(file.lastPathComponent))
      }
      let catalog = try self.catalog(for: module, in: work)
      let diagnostics = work.appendingPathComponent("\(module.name).diagnostics.json")
      let output =
        siteURL?.appendingPathComponent("modules/\(module.name)")
        ?? work.appendingPathComponent(
          "\(module.name).doccarchive")
      try FileManager.default.createDirectory(at: output.deletingLastPathComponent(), withIntermediateDirectories: true)
      let result = try ProcessRunner.run(
        docc,
        arguments: [
          "convert", catalog.path, "--additional-symbol-graph-dir", moduleGraphs.path, "--output-path", output.path,
          "--diagnostics-file", diagnostics.path, "--fallback-display-name", module.name,
          "--fallback-bundle-identifier", "docs.\(module.moduleName)", "--transform-for-static-hosting",
          "--hosting-base-path", "\(base)/modules/\(module.name)",
        ])
      guard result.status == 0 else {
        throw DocsError(
          message: "docc convert failed for \(module.name): "
            + (result.standardError.split(separator: "\n").first { $0.hasPrefix("Error") || $0.contains("error:") }
              .map(String.init) ?? "exit \(result.status)"))
      }
      if isEnforced, let data = FileManager.default.contents(atPath: diagnostics.path) {
        findings += SymbolGraphCoverage.doccDiagnostics(data, module: module.name, packageRoot: packagePath)
      }
    }
    if let siteURL {
      for page in landingPages() {
        let url = siteURL.appendingPathComponent(page.path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(page.html.utf8).write(to: url)
      }
      console.writeOutput("docs: wrote \(siteURL.path)/index.html (\(modules.count) modules, \(graphLayers) layers)\n")
    }
    return findings.sorted { ($0.file, $0.line, $0.message) < ($1.file, $1.line, $1.message) }
  }

  private var graphLayers: Int { ModuleGraph(manifest: manifest, configuration: configuration).layers.count }

  /// Builds the package with its tests (a no-op after the CI's build), then extracts the symbol graphs
  /// of `modules` from the build's own `.swiftmodule`s with `swift-symbolgraph-extract`, two at a time,
  /// and returns the folder it wrote. `swift package dump-symbol-graph` is the fallback where that
  /// cannot run: it extracts every module, and its build settings make the next `swift build` compile
  /// the whole package again.
  private func symbolGraphs(of modules: [ManifestTarget], in work: URL) throws -> URL {
    if !buildsFirst, let folder = try? extractedSymbolGraphs(of: modules, in: work) { return folder }
    let swift = ManifestLoader().swiftExecutable
    let build = try ProcessRunner.run(swift, arguments: ["build", "--package-path", packagePath, "--build-tests"])
    guard build.status == 0 else {
      let text = String(decoding: build.standardOutput, as: UTF8.self) + build.standardError
      let error = text.split(separator: "\n").first { $0.contains("error:") }.map(String.init) ?? "exit \(build.status)"
      throw DocsError(message: "swift build --build-tests failed: \(error)")
    }
    if let folder = try? extractedSymbolGraphs(of: modules, in: work) { return folder }
    return try dumpedSymbolGraphs()
  }

  /// The symbol graphs of `modules`, extracted from the debug build; throws when the build's folder or
  /// the extractor cannot be found, or one module fails.
  private func extractedSymbolGraphs(of modules: [ManifestTarget], in work: URL) throws -> URL {
    let swift = ManifestLoader().swiftExecutable
    let binPath = try ProcessRunner.run(
      swift, arguments: ["build", "--package-path", packagePath, "--build-tests", "--show-bin-path"])
    let bin = String(decoding: binPath.standardOutput, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    let triple = URL(fileURLWithPath: bin).deletingLastPathComponent().lastPathComponent
    let extractor = try Self.toolchainExecutable("swift-symbolgraph-extract")
    guard binPath.status == 0, !bin.isEmpty, !triple.isEmpty else { throw DocsError(message: "no build folder") }
    let output = work.appendingPathComponent("extracted-symbol-graphs")
    try FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)
    var searchPaths = ["-I", "\(bin)/Modules"]
    for target in manifest.targets where target.kind == .systemLibrary {
      searchPaths += ["-I", URL(fileURLWithPath: packagePath).appendingPathComponent(target.path).path]
    }
    let built = (try? FileManager.default.contentsOfDirectory(atPath: bin)) ?? []
    for folder in built where folder.hasSuffix(".build") {
      let map = "\(bin)/\(folder)/module.modulemap"
      if FileManager.default.fileExists(atPath: map) { searchPaths += ["-Xcc", "-fmodule-map-file=\(map)"] }
    }
    let arguments = modules.map { module in
      ["-module-name", module.moduleName, "-target", triple] + searchPaths + [
        "-minimum-access-level", "public", "-skip-synthesized-members", "-output-dir", output.path,
        "-module-cache-path", work.appendingPathComponent("module-cache").path,
      ]
    }
    let lock = NSLock()
    nonisolated(unsafe) var failures = 0
    DispatchQueue.concurrentPerform(iterations: arguments.count) { index in
      let result = try? ProcessRunner.run(extractor, arguments: arguments[index])
      if result?.status != 0 { lock.withLock { failures += 1 } }
    }
    guard failures == 0 else { throw DocsError(message: "swift-symbolgraph-extract failed") }
    return output
  }

  /// Every module's symbol graphs from `swift package dump-symbol-graph`, and the folder it wrote.
  private func dumpedSymbolGraphs() throws -> URL {
    let output = try ProcessRunner.run(
      ManifestLoader().swiftExecutable,
      arguments: [
        "package", "--package-path", packagePath, "dump-symbol-graph", "--minimum-access-level", "public",
        "--skip-synthesized-members",
      ])
    let text = String(decoding: output.standardOutput, as: UTF8.self)
    guard output.status == 0, let line = text.split(separator: "\n").last(where: { $0.hasPrefix("Files written to ") })
    else {
      let errors = (text + output.standardError).split(separator: "\n").filter { $0.contains("error:") }
      throw DocsError(
        message: "swift package dump-symbol-graph failed: " + (errors.first.map(String.init) ?? "no symbol graphs"))
    }
    return URL(fileURLWithPath: String(line.dropFirst("Files written to ".count)))
  }

  /// The module's own `<Module>.docc` in its folder, else a catalog made from its README.
  private func catalog(for module: ManifestTarget, in work: URL) throws -> URL {
    let own = URL(fileURLWithPath: packagePath).appendingPathComponent("\(module.path)/\(module.name).docc")
    if FileManager.default.fileExists(atPath: own.path) { return own }
    let catalog = work.appendingPathComponent("catalogs/\(module.name).docc")
    try FileManager.default.createDirectory(at: catalog, withIntermediateDirectories: true)
    let info = moduleInfo(module)
    let page = """
      # ``\(module.moduleName)``

      \(info.summary.isEmpty ? "The \(module.name) module." : info.summary)

      ## Overview

      \(module.name) is a module of the \(info.layer) layer, owned by \(info.owners.isEmpty ? "nobody yet" : info.owners.joined(separator: ", ")).
      It depends on \(info.dependencies.isEmpty ? "no other module" : info.dependencies.map { "`\($0)`" }.joined(separator: ", ")) \
      and is used by \(info.dependents.isEmpty ? "no other module" : info.dependents.map { "`\($0)`" }.joined(separator: ", ")).
      Its README, next to its sources, tells how to use it.

      """
    try Data(page.utf8).write(to: catalog.appendingPathComponent("\(module.moduleName).md"))
    return catalog
  }

  private func moduleInfo(_ module: ManifestTarget) -> DocsSite.Module {
    let graph = ModuleGraph(manifest: manifest, configuration: configuration)
    let readme = try? String(
      contentsOf: URL(fileURLWithPath: packagePath).appendingPathComponent("\(module.path)/README.md"), encoding: .utf8)
    let ownersText = try? String(
      contentsOf: URL(fileURLWithPath: packagePath).appendingPathComponent(configuration.ownersFile), encoding: .utf8)
    return DocsSite.Module(
      name: module.name, layer: workspace.layerName(of: module.name) ?? "",
      summary: readme.map(DocsSite.summary(ofReadme:)) ?? "",
      owners: ownersText.map { CodeOwners(text: $0).owners(ofDirectory: module.path) } ?? [],
      dependencies: graph.dependencies[module.name] ?? [],
      dependents: graph.modules.filter { (graph.dependencies[$0] ?? []).contains(module.name) },
      isDocumented: module.kind == .library)
  }

  private func landingPages() -> [(path: String, html: String)] {
    let graph = ModuleGraph(manifest: manifest, configuration: configuration)
    let modules = graph.modules.compactMap { name in workspace.targetsByName[name].map(moduleInfo) }
    return DocsSite(
      title: "\(manifest.name) documentation", graph: graph, modules: modules, documentedLayers: enforcedLayers
    ).pages()
  }

  /// `docc` from `DOCC_EXEC`, next to `swift` on PATH, or on PATH.
  static func doccExecutable() throws -> String {
    if let explicit = ProcessInfo.processInfo.environment["DOCC_EXEC"] { return explicit }
    return try toolchainExecutable("docc")
  }

  /// A tool of the toolchain: next to the `swift` the lint runs, else the first on `PATH`.
  static func toolchainExecutable(_ name: String) throws -> String {
    let environment = ProcessInfo.processInfo.environment
    let swift = ManifestLoader().swiftExecutable
    if swift.contains("/") {
      let sibling = URL(fileURLWithPath: swift).deletingLastPathComponent().appendingPathComponent(name).path
      if FileManager.default.isExecutableFile(atPath: sibling) { return sibling }
    }
    for folder in (environment["PATH"] ?? "").split(separator: ":") {
      let candidate = "\(folder)/\(name)"
      if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
    }
    throw DocsError(message: "\(name) is not on PATH (it ships with the Swift toolchain, next to swift)")
  }
}
