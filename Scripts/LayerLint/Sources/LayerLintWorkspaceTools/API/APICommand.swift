import Foundation
import LayerLintEngine
import LayerLintManifestReader

/// `api dump|check`: each library module's public API as a reviewed file in its folder, and the check
/// that the build still has exactly that API (breaking or additive differences, who must approve).
public struct APICommand: Subcommand {
  /// `layer-lint api`.
  public static let name = "api"
  public static let summary = "each library module's public API, recorded in its folder and checked (Scripts/api)"

  static let usage = """
    usage: api dump [MODULE…] [--no-build] [--package-path PATH]
           api check [MODULE…] [--no-build] [--affected [--base BASE]] [--package-path PATH]
    Each library module's public API, one declaration a line, in <Module>.api in its folder, read
    from the symbol graphs of the debug build (swift-symbolgraph-extract, as Scripts/docs reads them).
      dump              writes the API file of each MODULE (default: every library module)
      check             compares each MODULE's build with its file and prints every difference as
                        breaking (code that compiled against the file may stop compiling: a removed or
                        changed declaration, a requirement added to a protocol, a case added to an
                        enum, …) or additive; for a breaking one, the modules that import the changed
                        module and their owners (CODEOWNERS), who must approve it
      --no-build        use the debug build as it is (Scripts/check has just built it); built only
                        when a module's symbol graph cannot be extracted from it
      --affected        check: only the modules a change since BASE affects (Scripts/affected; BASE
                        by default the merge base with main)
      --package-path P  the package (default: the current directory)
    exit: 0 every file matches, 1 differences (accept one after review: Scripts/api dump MODULE),
          2 cannot run (build, extraction, git), 64 bad usage
    """

  let console: Console
  let git: Git

  /// Creates the command, writing to standard output and standard error.
  public init() { self.init(console: .standard) }

  init(console: Console, git: Git = Git()) {
    self.console = console
    self.git = git
  }

  /// Runs the command and returns the exit code.
  public func run(_ arguments: [String]) -> Int32 {
    let reader: ArgumentReader
    do {
      reader = try ArgumentReader(
        arguments, valueOptions: ["--package-path", "--base"], flagOptions: ["--no-build", "--affected", "--help"])
    } catch {
      return fail("\(error.message) (see --help)", code: ExitCode.usage)
    }
    if reader.isSet("--help") {
      console.writeOutput(Self.usage + "\n")
      return ExitCode.success
    }
    guard let action = reader.positional.first, action == "dump" || action == "check" else {
      return fail("expected dump or check (see --help)", code: ExitCode.usage)
    }
    let names = Array(reader.positional.dropFirst())
    if action == "dump" && (reader.isSet("--affected") || reader.value("--base") != nil) {
      return fail("--affected and --base belong to check (see --help)", code: ExitCode.usage)
    }
    if reader.value("--base") != nil && !reader.isSet("--affected") {
      return fail("--base needs --affected (see --help)", code: ExitCode.usage)
    }
    if reader.isSet("--affected") && !names.isEmpty {
      return fail("name modules or ask for --affected, not both (see --help)", code: ExitCode.usage)
    }
    let packagePath = URL(fileURLWithPath: reader.value("--package-path") ?? FileManager.default.currentDirectoryPath)
      .standardizedFileURL.path
    do {
      let configuration = try LayeringConfiguration.load(packagePath: packagePath)
      let contracts = APIContracts(
        packagePath: packagePath, configuration: configuration, manifest: try ManifestLoader.describe(packagePath))
      let all = contracts.modules
      var chosen = all
      if !names.isEmpty {
        let byName = Dictionary(uniqueKeysWithValues: all.map { ($0.name, $0) })
        for name in names where byName[name] == nil {
          return fail("no library module named \(name) (see Scripts/module-graph)", code: ExitCode.usage)
        }
        chosen = Array(Set(names)).sorted().compactMap { byName[$0] }
      } else if reader.isSet("--affected") {
        chosen = try affectedModules(all, base: reader.value("--base"), contracts: contracts)
        if chosen.isEmpty {
          console.writeOutput("api: no library module is affected by the change\n")
          return ExitCode.success
        }
      }
      let built = try contracts.builtAPIs(of: chosen, buildsFirst: !reader.isSet("--no-build"))
      return action == "dump"
        ? try dump(chosen, built, packagePath: packagePath) : check(chosen, built, of: all.count, contracts)
    } catch {
      return fail(CannotRun.reason(for: error), code: ExitCode.cannotRun)
    }
  }

  /// The library modules a change since `base` affects: changed ones and every one that depends on them.
  private func affectedModules(
    _ modules: [ManifestTarget], base: String?, contracts: APIContracts
  ) throws
    -> [ManifestTarget]
  {
    let path = contracts.packagePath
    let resolved = try base.map { try git.resolve($0, in: path) } ?? git.defaultBase(in: path)
    let impact = ChangeImpact.of(
      changedFiles: try git.changedFiles(since: resolved.commit, in: path), manifest: contracts.manifest, owners: nil,
      everythingFiles: AffectedCommand.everythingFiles(contracts.configuration))
    if impact.isEverything { return modules }
    let affected = Set(impact.affectedModules)
    return modules.filter { affected.contains($0.name) }
  }

  private func dump(_ modules: [ManifestTarget], _ built: [String: String], packagePath: String) throws -> Int32 {
    var written = 0
    for module in modules {
      let file = APIContracts.file(of: module)
      let url = URL(fileURLWithPath: packagePath).appendingPathComponent(file)
      let text = built[module.name] ?? ""
      if (try? String(contentsOf: url, encoding: .utf8)) == text { continue }
      do {
        try Data(text.utf8).write(to: url, options: .atomic)
      } catch {
        throw APIError(message: "cannot write \(file): \(error.localizedDescription)")
      }
      written += 1
      console.writeOutput("api: wrote \(file) (\(APIFile(parsing: text).declarationCount) declarations)\n")
    }
    console.writeOutput(
      "api: dump: \(modules.count) module\(modules.count == 1 ? "" : "s"), \(written) file\(written == 1 ? "" : "s") changed\n"
    )
    return ExitCode.success
  }

  private func check(
    _ modules: [ManifestTarget], _ built: [String: String], of total: Int, _ contracts: APIContracts
  )
    -> Int32
  {
    var differing = 0
    var breaking = 0
    for module in modules {
      let file = APIContracts.file(of: module)
      let text = built[module.name] ?? ""
      let url = URL(fileURLWithPath: contracts.packagePath).appendingPathComponent(file)
      guard let recorded = try? String(contentsOf: url, encoding: .utf8) else {
        differing += 1
        console.writeOutput("api: \(module.name): no API file \(file)\n  record it: Scripts/api dump \(module.name)\n")
        continue
      }
      if recorded == text { continue }
      differing += 1
      let changes = APIComparison.changes(from: APIFile(parsing: recorded), to: APIFile(parsing: text))
      let breaks = changes.filter(\.isBreaking).count
      if breaks > 0 { breaking += 1 }
      var lines: [String] = []
      if changes.isEmpty {
        lines.append("api: \(module.name): \(file) is not as dump writes it (same API; order, spacing or comments)")
      } else {
        lines.append(
          "api: \(module.name): \(changes.count) difference\(changes.count == 1 ? "" : "s") from \(file)"
            + (breaks > 0 ? " (\(breaks) breaking)" : " (none breaking)"))
        lines += changes.map { "  " + $0.rendered }
      }
      if breaks > 0 {
        let importers = contracts.importers(of: module.name)
        if !importers.modules.isEmpty {
          lines.append(
            "  breaking for the modules that import \(module.name): \(importers.modules.joined(separator: ", "))")
        }
        lines.append("  " + APIContracts.approvalPhrase(importers))
      }
      lines.append("  accept after review: Scripts/api dump \(module.name)")
      console.writeOutput(lines.joined(separator: "\n") + "\n")
    }
    let scope = modules.count == total ? "\(total) library modules" : "\(modules.count) of \(total) library modules"
    if differing == 0 {
      console.writeOutput("api: \(scope): every API file matches the build\n")
      return ExitCode.success
    }
    console.writeOutput(
      "api: \(scope): \(differing) differ\(differing == 1 ? "s from its" : " from their") API file"
        + " (\(breaking) with breaking changes)\n")
    return ExitCode.violations
  }

  private func fail(_ message: String, code: Int32) -> Int32 {
    console.writeError("api: \(message)\n")
    return code
  }
}
