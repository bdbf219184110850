import Foundation
import LayerLintEngine
import LayerLintManifestReader

/// `new-module <layer> <Name> [--owner TEAM] [--interface] [--app APP]`: adds modules to the workspace —
/// folders, sources, tests, their lines in Package.swift and CODEOWNERS, the READMEs that list
/// modules (the project README's table and module graph, the layer's README) and, for a domain with
/// `--app`, the app's composition root and dependencies. Everything is validated before the first
/// file is written; a failure afterwards puts every file back.
public struct NewModuleCommand: Subcommand {
  /// `layer-lint new-module`.
  public static let name = "new-module"
  public static let summary = "makes a module that builds, tests and lints green at once (Scripts/new-module)"

  static let usage = """
    usage: new-module <layer> <Name> [--owner TEAM] [--interface] [--app APP] [--package-path PATH]
    Creates a module that builds, tests and lints green at once: its folder, its tests, its line in its
    layer's group of Package.swift, an owner line in CODEOWNERS, and its place in the READMEs that list
    modules (README.md's table of the layers and module graph, <Layer>/README.md).
      domain <Name>      a hosted domain: a route with the command <name> (kebab-case; its deep link,
                         --json, help, completion), coordinator, flow, screen, menu, the value it shows,
                         partner vocabulary, string tables en/ru, README, route and flow tests
      --app APP          (domain) wire it into that app (product or target name, e.g. cosmonaut): one
                         entry in App/<App>/<App>.swift's `domains:` list, the domain in the app's
                         dependencies; without --app the domain is hosted by no app yet
      service <Name> --interface
                         a service as three modules: <Name>Interface (client protocol, models),
                         <Name> (live client over an SQLite store) and <Name>Fakes (a deterministic
                         fake no app links), each with its test target
      <layer> <Name>     any other module: a starter type and its test; app: an executable and main.swift
      --interface        an …Interface module with protocol-only starter code (appends "Interface")
      --owner TEAM       the owning team (default @iss/architecture)
      --package-path P   the workspace (default: the current directory)
    Refused (exit 64, one line, no file touched): a bad name, layer or owner; a name taken in any layer;
    an unknown app or one that hosts no domains; a domain whose command word, screen or destination
    name another module uses; --app for anything but a domain.
    Prints what it did, then the files it touched and the lines it wrote (new files, lines added and
    removed in the files it edited), read back from the disk.
    exit: 0 created, 64 refused, 2 could not write (nothing kept)
    """

  static let defaultOwner = "@iss/architecture"

  let console: Console
  let describe: LintCommand.Describe
  let formatter: SourceFormatter

  /// Creates the command, writing to standard output and standard error.
  public init() { self.init(console: .standard) }

  /// Creates the command with its own console; tests capture both streams. `describe` reads the
  /// manifest after the change, for the README's module graph (by default `swift package describe`);
  /// `formatter` formats the Swift files written (by default `swift format`).
  init(console: Console, describe: LintCommand.Describe? = nil, formatter: SourceFormatter = .swiftFormat) {
    self.console = console
    self.describe = describe ?? ManifestLoader.describe
    self.formatter = formatter
  }

  /// Runs the factory and returns the exit code.
  public func run(_ arguments: [String]) -> Int32 {
    let plan: ModulePlan
    do {
      let reader = try ArgumentReader(
        arguments, valueOptions: ["--owner", "--package-path", "--app"], flagOptions: ["--interface", "--help"])
      if reader.isSet("--help") {
        console.writeOutput(Self.usage + "\n")
        return ExitCode.success
      }
      plan = try ModulePlan.make(reader: reader)
    } catch {
      console.writeError("new-module: \(error.message)\n")
      return ExitCode.usage
    }
    let createdFolders: [String]
    do {
      createdFolders = try plan.write()
    } catch {
      console.writeError("new-module: could not write the module (nothing kept): \(error)\n")
      return ExitCode.cannotRun
    }
    let graph: String
    do {
      graph = try refreshGraph(of: plan)
    } catch {
      plan.rollBack(createdFolders: createdFolders)
      console.writeError("new-module: \(error.message) (nothing kept)\n")
      return ExitCode.cannotRun
    }
    let swiftFiles = (plan.newFiles.map(\.path) + plan.editedFiles.map(\.path)).filter { $0.hasSuffix(".swift") }
    let formatted = formatter.format(swiftFiles.filter { $0 != "Package.swift" }, plan.root)
    let format = formatted.map { "swift format did not run (\($0)); the files are as the templates wrote them" }
    let summary = ChangeSummary(plan: plan).lines
    let lines =
      plan.report + [graph] + (format.map { [$0] } ?? []) + summary + ["next: swift build && Scripts/lint-layers"]
    console.writeOutput(lines.map { "new-module: \($0)\n" }.joined())
    return ExitCode.success
  }

  /// Redraws the module graph of the project README (what `Scripts/module-graph --write README.md`
  /// does) from the manifest as it is now, which also proves that it loads.
  private func refreshGraph(of plan: ModulePlan) throws(UsageError) -> String {
    let readmeURL = plan.root.appendingPathComponent(ModulePlan.projectReadme)
    guard let readme = try? String(contentsOf: readmeURL, encoding: .utf8),
      ReadmeSection.currentBlock(in: readme) != nil
    else { return "\(ModulePlan.projectReadme) has no module graph to redraw" }
    let graph: ModuleGraph
    do {
      let configuration = try LayeringConfiguration.load(packagePath: plan.root.path)
      graph = ModuleGraph(manifest: try describe(plan.root.path), configuration: configuration)
    } catch {
      throw UsageError(
        message:
          "Package.swift does not load with \(plan.modules.joined(separator: ", ")): \(CannotRun.reason(for: error))")
    }
    let updated = ReadmeSection.updating(readme, mermaid: GraphRenderer.mermaid(graph))
    do {
      try Data(updated.utf8).write(to: readmeURL, options: .atomic)
    } catch {
      throw UsageError(message: "cannot write \(ModulePlan.projectReadme): \(error)")
    }
    return "redrew the module graph in \(ModulePlan.projectReadme) (as Scripts/module-graph --write does)"
  }
}
