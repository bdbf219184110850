import Foundation
import LayerLintEngine
import LayerLintManifestReader

/// `export --layers Core,Shared DEST`: a standalone package with only the chosen modules, their
/// tests and owners (the book's "Application Framework & Distribution": hand a subsidiary the
/// frameworks without the confidential service and domain layers).
public struct ExportCommand: Subcommand {
  /// `layer-lint export`.
  public static let name = "export"
  public static let summary = "a standalone package of some layers (Scripts/export)"

  static let usage = """
    usage: export (--layers L1,L2 | --modules M1,M2)… DEST [--name NAME] [--package-path PATH]
    Writes to DEST (new or empty) a standalone SwiftPM package with only the chosen modules: their
    folders, their test targets, a Package.swift generated from the manifest, CODEOWNERS lines for
    them, .layering.json, .swift-format, and a README. Refuses, naming every edge, when a chosen
    module (or its test target) depends on a module left out; nothing is written then.
      --layers L,…      every module of these layers (system libraries included), e.g. Core,Shared
      --modules M,…     these modules (with --layers or alone)
      --name NAME       the package's name (default: the workspace's name and the layers, e.g. ISSCoreShared)
      --package-path P  the workspace (default: the current directory)
    exit: 0 written, 1 refused (a chosen module depends on one left out), 2 cannot run, 64 bad usage
    """

  let console: Console
  let describe: LintCommand.Describe
  let dumpPackage: @Sendable (String) throws -> Data

  /// Creates the command, writing to standard output and standard error.
  public init() { self.init(console: .standard) }

  /// Creates the command; `describe` and `dumpPackage` default to running SwiftPM.
  init(
    console: Console, describe: LintCommand.Describe? = nil, dumpPackage: (@Sendable (String) throws -> Data)? = nil
  ) {
    self.console = console
    self.describe = describe ?? ManifestLoader.describe
    self.dumpPackage = dumpPackage ?? Self.runDumpPackage
  }

  /// Runs the command and returns the exit code.
  public func run(_ arguments: [String]) -> Int32 {
    let reader: ArgumentReader
    do {
      reader = try ArgumentReader(
        arguments, valueOptions: ["--layers", "--modules", "--name", "--package-path"], flagOptions: ["--help"])
    } catch {
      return fail("\(error.message) (see --help)", code: ExitCode.usage)
    }
    if reader.isSet("--help") {
      console.writeOutput(Self.usage + "\n")
      return ExitCode.success
    }
    let layers = Self.list(reader.value("--layers"))
    let modules = Self.list(reader.value("--modules"))
    guard reader.positional.count == 1, let destination = reader.positional.first else {
      return fail("expected one DEST (see --help)", code: ExitCode.usage)
    }
    guard !layers.isEmpty || !modules.isEmpty else {
      return fail("choose what to export with --layers and/or --modules (see --help)", code: ExitCode.usage)
    }
    let packagePath = reader.value("--package-path") ?? FileManager.default.currentDirectoryPath
    if let contents = try? FileManager.default.contentsOfDirectory(atPath: destination), !contents.isEmpty {
      return fail("DEST \(destination) exists and is not empty", code: ExitCode.usage)
    }
    do {
      let configuration = try LayeringConfiguration.load(packagePath: packagePath)
      let manifest = try describe(packagePath)
      let workspace = Workspace(manifest: manifest, configuration: configuration, manifestText: nil)
      let selection = try ExportSelection.make(
        workspace: workspace, layers: layers, modules: modules, configuration: configuration)
      if !selection.leftOut.isEmpty {
        return fail(selection.refusal(chosenLayers: layers), code: ExitCode.violations)
      }
      let writer = try ManifestWriter(dumpPackage: dumpPackage(packagePath))
      let name = reader.value("--name") ?? Self.defaultName(writer.packageName, layers: layers, modules: modules)
      let package = try ExportedPackage(
        name: name, selection: selection, workspace: workspace, writer: writer, packagePath: packagePath,
        configuration: configuration)
      try package.write(to: destination)
      console.writeOutput(
        "export: wrote \(name) to \(destination): \(selection.modules.count) modules, "
          + "\(selection.tests.count) test targets. Next: cd \(destination) && swift build && swift test\n")
      return ExitCode.success
    } catch let error as UsageError {
      return fail(error.message, code: ExitCode.usage)
    } catch {
      return fail(CannotRun.reason(for: error), code: ExitCode.cannotRun)
    }
  }

  static func list(_ value: String?) -> [String] {
    (value ?? "").split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
  }

  /// `ISSApplicationFramework` + `Core,Shared` → `ISSApplicationFrameworkCoreShared`.
  static func defaultName(_ package: String, layers: [String], modules: [String]) -> String {
    package + (layers + modules).map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
  }

  static let runDumpPackage: @Sendable (String) throws -> Data = { path in
    let output = try ProcessRunner.run(
      ManifestLoader().swiftExecutable, arguments: ["package", "--package-path", path, "dump-package"])
    guard output.status == 0 else { throw ExportError(message: "`swift package dump-package` failed") }
    return output.standardOutput
  }

  private func fail(_ message: String, code: Int32) -> Int32 {
    console.writeError("export: \(message)\n")
    return code
  }
}

/// What an export takes: modules and the test targets that come with them, and the edges that
/// would leave the result unbuildable.
struct ExportSelection {
  /// A dependency on a module that is not exported.
  struct Edge: Equatable {
    let source: String
    let sourceLayer: String?
    let target: String
    let targetLayer: String?
    /// For a test target: the module it tests.
    let testedModule: String?
  }

  /// Exported modules (non-test targets), in manifest order.
  let modules: [ManifestTarget]
  /// Exported test targets: the `<M>Tests` of exported modules, and integration tests of exported modules only.
  let tests: [ManifestTarget]
  /// Exported tooling, in manifest order: the build-tool plugins the exported targets use, and what
  /// those plugins need (the tools they run), and the test-support modules the exported tests use
  /// (`testSupportModules`), so the package builds and tests on its own.
  var tooling: [ManifestTarget] = []
  /// Dependencies on modules left out; the export is refused when there is any.
  let leftOut: [Edge]

  /// One line naming every edge, grouped by the module that needs a module left out (a test
  /// target only when its module itself is complete), and the layers that would close the export.
  func refusal(chosenLayers: [String]) -> String {
    func label(_ name: String, _ layer: String?) -> String { layer.map { "\(name) (\($0))" } ?? name }
    var order: [String] = []
    var needs: [String: [String]] = [:]
    let refusedModules = Set(leftOut.filter { $0.testedModule == nil }.map(\.source))
    for edge in leftOut {
      if let tested = edge.testedModule, refusedModules.contains(tested) { continue }
      let subject = edge.testedModule.map { "\(edge.source) (tests of \($0))" } ?? label(edge.source, edge.sourceLayer)
      if needs[subject] == nil { order.append(subject) }
      needs[subject, default: []].append(label(edge.target, edge.targetLayer))
    }
    var missingLayers: [String] = []
    for layer in leftOut.compactMap(\.targetLayer) where !missingLayers.contains(layer) { missingLayers.append(layer) }
    let advice =
      missingLayers.isEmpty
      ? "export those modules too (--modules) or remove the dependencies"
      : "export them too (--layers \((chosenLayers + missingLayers).joined(separator: ","))) or remove the dependencies"
    return "refused: a chosen module depends on modules left out: "
      + order.map { "\($0) -> \(needs[$0]!.joined(separator: ", "))" }.joined(separator: "; ") + "; \(advice)"
  }

  static func make(
    workspace: Workspace, layers: [String], modules names: [String], configuration: LayeringConfiguration
  ) throws(UsageError) -> ExportSelection {
    var chosen = Set<String>()
    for layer in layers {
      guard let match = configuration.layers.first(where: { $0.name.lowercased() == layer.lowercased() }) else {
        throw UsageError(
          message: "unknown layer \"\(layer)\"; use some of \(configuration.layers.map(\.name).joined(separator: ", "))"
        )
      }
      for module in workspace.modules where workspace.layerName(of: module.name) == match.name {
        chosen.insert(module.name)
      }
    }
    for name in names {
      guard workspace.isModule(name) else { throw UsageError(message: "no module \"\(name)\" in the manifest") }
      chosen.insert(name)
    }
    let modules = workspace.modules.filter { chosen.contains($0.name) }
    var leftOut: [Edge] = []
    func edge(_ source: ManifestTarget, _ dependency: String, tested: String?) -> Edge {
      Edge(
        source: source.name, sourceLayer: workspace.layerName(of: source.name), target: dependency,
        targetLayer: workspace.layerName(of: dependency), testedModule: tested)
    }
    // Build-tool plugins in a tooling folder go along with the targets that use them, with what they need.
    var tooling = Set<String>()
    func carry(_ plugin: String) {
      var pending = [plugin]
      while let name = pending.popLast() {
        guard !chosen.contains(name), tooling.insert(name).inserted, let target = workspace.targetsByName[name] else {
          continue
        }
        for dependency in target.targetDependencies {
          if case .tooling = workspace.placement(of: dependency) {
            pending.append(dependency)
          } else if !chosen.contains(dependency) {
            leftOut.append(edge(target, dependency, tested: nil))
          }
        }
      }
    }
    // Test-support modules go along with the tests that use them, with the support they use in turn.
    let support = configuration.testSupportModules
    func carrySupport(_ name: String) {
      var pending = [name]
      while let name = pending.popLast() {
        guard tooling.insert(name).inserted, let target = workspace.targetsByName[name] else { continue }
        for dependency in target.targetDependencies where !chosen.contains(dependency) {
          if support.contains(dependency) {
            pending.append(dependency)
          } else if workspace.isToolingBuildPlugin(dependency) {
            carry(dependency)
          } else {
            leftOut.append(edge(target, dependency, tested: nil))
          }
        }
      }
    }
    for module in modules {
      for dependency in module.targetDependencies where !chosen.contains(dependency) {
        if workspace.isToolingBuildPlugin(dependency) {
          carry(dependency)
        } else {
          leftOut.append(edge(module, dependency, tested: nil))
        }
      }
    }
    var tests: [ManifestTarget] = []
    for test in workspace.testTargets {
      let dependencies = test.targetDependencies.filter { !support.contains($0) }
      let supportUsed = test.targetDependencies.filter(support.contains)
      if let tested = workspace.testedModule(of: test), chosen.contains(tested) {
        for dependency in dependencies where !chosen.contains(dependency) {
          if workspace.isToolingBuildPlugin(dependency) {
            carry(dependency)
          } else {
            leftOut.append(edge(test, dependency, tested: tested))
          }
        }
        supportUsed.forEach(carrySupport)
        tests.append(test)
      } else if !dependencies.isEmpty && dependencies.allSatisfy(chosen.contains) {
        supportUsed.forEach(carrySupport)
        tests.append(test)
      }
    }
    var selection = ExportSelection(modules: modules, tests: tests, leftOut: leftOut)
    selection.tooling = workspace.manifest.targets.filter { tooling.contains($0.name) }
    return selection
  }
}

/// The files of an exported package, computed up front and written to a fresh folder at once.
struct ExportedPackage {
  let files: [(path: String, contents: Data)]
  let folders: [String]
  let packagePath: String

  init(
    name: String, selection: ExportSelection, workspace: Workspace, writer: ManifestWriter, packagePath: String,
    configuration: LayeringConfiguration
  ) throws {
    self.packagePath = packagePath
    let root = URL(fileURLWithPath: packagePath)
    let targets = selection.modules + selection.tests + selection.tooling
    let layerNames = configuration.layers.map(\.name).filter { layer in
      selection.modules.contains { workspace.layerName(of: $0.name) == layer }
    }
    let manifest = try writer.manifest(
      name: name, targetNames: Set(targets.map(\.name)),
      header: [
        "\(name): \((layerNames.isEmpty ? selection.modules.map(\.name).sorted() : layerNames).joined(separator: ", ")) "
          + "of \(writer.packageName), exported by Scripts/export.",
        "Generated from the workspace's manifest; its layering rules are in .layering.json (lint: Scripts/lint-layers).",
      ])
    var files: [(String, Data)] = [("Package.swift", Data(manifest.utf8))]
    let ownersText = try? String(contentsOf: root.appendingPathComponent(configuration.ownersFile), encoding: .utf8)
    let owners = ownersText.map(CodeOwners.init(text:))
    files.append((configuration.ownersFile, Data(Self.owners(targets, workspace: workspace, owners: owners).utf8)))
    for shared in [LayeringConfiguration.fileName, ".swift-format", ".gitignore"] + configuration.exportedFiles
    where FileManager.default.fileExists(atPath: root.appendingPathComponent(shared).path) {
      files.append((shared, try Data(contentsOf: root.appendingPathComponent(shared))))
    }
    for layer in configuration.layers where layerNames.contains(layer.name) {
      let readme = "\(layer.home)/README.md"
      if let data = FileManager.default.contents(atPath: root.appendingPathComponent(readme).path) {
        files.append((readme, data))
      }
    }
    files.append(("README.md", Data(Self.readme(name: name, selection: selection, workspace: workspace).utf8)))
    self.files = files
    folders = targets.map(\.path)
  }

  /// Writes everything into a temporary sibling of `destination`, then moves it into place; DEST must
  /// not exist or be an empty folder.
  func write(to destination: String) throws {
    let fileManager = FileManager.default
    let target = URL(fileURLWithPath: destination).standardizedFileURL
    if fileManager.fileExists(atPath: target.path) {
      let contents = (try? fileManager.contentsOfDirectory(atPath: target.path)) ?? ["?"]
      guard contents.isEmpty else { throw UsageError(message: "DEST \(destination) exists and is not empty") }
      try fileManager.removeItem(at: target)
    }
    let staging = target.deletingLastPathComponent().appendingPathComponent(
      ".\(target.lastPathComponent).export-\(UUID().uuidString)")
    do {
      try fileManager.createDirectory(at: staging, withIntermediateDirectories: true)
      let root = URL(fileURLWithPath: packagePath)
      for folder in folders {
        let destinationFolder = staging.appendingPathComponent(folder)
        try fileManager.createDirectory(
          at: destinationFolder.deletingLastPathComponent(), withIntermediateDirectories: true)
        try fileManager.copyItem(at: root.appendingPathComponent(folder), to: destinationFolder)
      }
      for (path, contents) in files {
        let url = staging.appendingPathComponent(path)
        try fileManager.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try contents.write(to: url)
      }
      try fileManager.moveItem(at: staging, to: target)
    } catch {
      try? fileManager.removeItem(at: staging)
      throw ExportError(message: "cannot write \(destination) (nothing kept): \(error.localizedDescription)")
    }
  }

  /// CODEOWNERS for the exported targets, one block per layer (then the tests), in the workspace's style.
  static func owners(_ targets: [ManifestTarget], workspace: Workspace, owners: CodeOwners?) -> String {
    var lines = ["# Owners of the exported modules, as in the workspace's CODEOWNERS."]
    let manifestOwners = owners?.owners(ofFile: "Package.swift") ?? []
    if !manifestOwners.isEmpty { lines.append("/Package.swift".padding(31) + manifestOwners.joined(separator: " ")) }
    var groups: [(String, [ManifestTarget])] = []
    for target in targets {
      let group: String
      if case .tooling = workspace.placement(of: target.name) {
        group = "Tooling"
      } else {
        group = target.isTest ? "Tests" : (workspace.layerName(of: target.name) ?? "Other")
      }
      if let index = groups.firstIndex(where: { $0.0 == group }) {
        groups[index].1.append(target)
      } else {
        groups.append((group, [target]))
      }
    }
    for (group, members) in groups {
      lines += ["", "# \(group)"]
      for target in members.sorted(by: { $0.path < $1.path }) {
        // A test target without a line of its own is owned by its module's team.
        var teams = owners?.owners(ofDirectory: target.path) ?? []
        if teams.isEmpty, let tested = workspace.testedModule(of: target),
          let module = workspace.targetsByName[tested]
        {
          teams = owners?.owners(ofDirectory: module.path) ?? []
        }
        if !teams.isEmpty { lines.append("/\(target.path)/".padding(31) + teams.joined(separator: " ")) }
      }
    }
    return lines.joined(separator: "\n") + "\n"
  }

  static func readme(name: String, selection: ExportSelection, workspace: Workspace) -> String {
    var lines = [
      "# \(name)", "",
      "A standalone package exported from \(workspace.manifest.name) with `Scripts/export`: only the modules",
      "below, their tests and their owners. Nothing here depends on a module that was left out.", "",
      "```sh", "swift build && swift test", "```", "", "| module | layer | folder |", "|---|---|---|",
    ]
    for module in selection.modules {
      lines.append("| `\(module.name)` | \(workspace.layerName(of: module.name) ?? "") | `\(module.path)/` |")
    }
    lines += ["", "Tests: " + selection.tests.map { "`\($0.name)`" }.joined(separator: ", ") + "."]
    if !selection.tooling.isEmpty {
      lines += [
        "",
        "Tooling the build runs (outside the layers): "
          + selection.tooling.map { "`\($0.name)` (`\($0.path)/`)" }.joined(separator: ", ") + ".",
      ]
    }
    return lines.joined(separator: "\n") + "\n"
  }
}

extension String {
  /// The string padded with spaces to `width` characters (at least one space after it).
  fileprivate func padding(_ width: Int) -> String {
    self + String(repeating: " ", count: Swift.max(1, width - count))
  }
}
