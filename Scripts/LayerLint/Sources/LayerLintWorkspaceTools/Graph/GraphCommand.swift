import Foundation
import LayerLintEngine
import LayerLintManifestReader

/// `module-graph`: prints the module graph, or keeps the README's embedded graph up to date.
public struct GraphCommand: Subcommand {
  /// `layer-lint graph`.
  public static let name = "graph"
  public static let summary = "prints the module graph, or checks or rewrites README.md's (Scripts/module-graph)"

  static let usage = """
    usage: module-graph [--format mermaid|dot|svg|stats] [--check README.md] [--write README.md] [--package-path PATH]
    Prints the dependency graph of the layer modules (no tests, no system libraries).
      --format FORMAT   mermaid (default; flowchart TB, one subgraph per layer), dot, svg (a picture
                        with no outside renderer: one row per layer), or stats
                        (height = longest dependency path in edges; fan-in and fan-out per module)
      --check FILE      exit 1 if FILE's section between <!-- module-graph:begin --> and
                        <!-- module-graph:end --> is not the current Mermaid graph
      --write FILE      rewrite that section (appended under "## Module graph" when missing)
      --package-path P  the package (default: the current directory); FILE is relative to it
    exit: 0 ok, 1 README stale, 2 cannot run, 64 bad usage
    """

  let console: Console
  let describe: LintCommand.Describe

  /// Creates the command, writing to standard output and standard error.
  public init() { self.init(console: .standard) }

  /// Creates the command; `describe` defaults to running `swift package describe --type json`.
  init(console: Console, describe: LintCommand.Describe? = nil) {
    self.console = console
    self.describe = describe ?? ManifestLoader.describe
  }

  /// Runs the command and returns the exit code.
  public func run(_ arguments: [String]) -> Int32 {
    let reader: ArgumentReader
    do {
      reader = try ArgumentReader(
        arguments, valueOptions: ["--format", "--check", "--write", "--package-path", "--manifest-json"],
        flagOptions: ["--help"])
    } catch {
      return fail("\(error.message) (see --help)", code: ExitCode.usage)
    }
    if reader.isSet("--help") {
      console.writeOutput(Self.usage + "\n")
      return ExitCode.success
    }
    let format = reader.value("--format") ?? "mermaid"
    guard ["mermaid", "dot", "svg", "stats"].contains(format), reader.positional.isEmpty else {
      return fail(
        "--format must be mermaid, dot, svg or stats; no positional arguments (see --help)", code: ExitCode.usage)
    }
    let packagePath = reader.value("--package-path") ?? FileManager.default.currentDirectoryPath
    let graph: ModuleGraph
    do {
      let configuration = try LayeringConfiguration.load(packagePath: packagePath)
      let manifest = try ManifestLoader.manifest(
        packagePath: packagePath, manifestJSON: reader.value("--manifest-json"), describe: describe)
      graph = ModuleGraph(manifest: manifest, configuration: configuration)
    } catch {
      return fail(CannotRun.reason(for: error), code: ExitCode.cannotRun)
    }
    let mermaid = GraphRenderer.mermaid(graph)
    if let check = reader.value("--check") {
      return checkReadme(resolve(check, in: packagePath), displayName: check, mermaid: mermaid)
    }
    if let write = reader.value("--write") {
      return writeReadme(resolve(write, in: packagePath), displayName: write, mermaid: mermaid)
    }
    switch format {
    case "dot": console.writeOutput(GraphRenderer.dot(graph))
    case "svg": console.writeOutput(SVGGraph(graph: graph).render())
    case "stats": console.writeOutput(GraphRenderer.stats(graph))
    default: console.writeOutput(mermaid)
    }
    return ExitCode.success
  }

  private func checkReadme(_ url: URL, displayName: String, mermaid: String) -> Int32 {
    guard let readme = try? String(contentsOf: url, encoding: .utf8) else {
      return fail("\(displayName) is not readable", code: ExitCode.cannotRun)
    }
    guard let current = ReadmeSection.currentBlock(in: readme) else {
      return fail(
        "\(displayName) has no \(ReadmeSection.beginMarker) … \(ReadmeSection.endMarker) section; run Scripts/module-graph --write \(displayName)",
        code: ExitCode.violations)
    }
    guard current == ReadmeSection.block(mermaid: mermaid) else {
      return fail(
        "\(displayName): the module graph is stale; run Scripts/module-graph --write \(displayName)",
        code: ExitCode.violations)
    }
    console.writeOutput("module-graph: \(displayName) is up to date\n")
    return ExitCode.success
  }

  private func writeReadme(_ url: URL, displayName: String, mermaid: String) -> Int32 {
    let readme = (try? String(contentsOf: url, encoding: .utf8)) ?? ""
    let updated = ReadmeSection.updating(readme, mermaid: mermaid)
    if updated == readme {
      console.writeOutput("module-graph: \(displayName) is up to date\n")
      return ExitCode.success
    }
    do {
      try Data(updated.utf8).write(to: url, options: .atomic)
    } catch {
      return fail("cannot write \(displayName): \(error)", code: ExitCode.cannotRun)
    }
    console.writeOutput("module-graph: updated the module graph in \(displayName)\n")
    return ExitCode.success
  }

  private func resolve(_ path: String, in packagePath: String) -> URL {
    path.hasPrefix("/") ? URL(fileURLWithPath: path) : URL(fileURLWithPath: packagePath).appendingPathComponent(path)
  }

  private func fail(_ message: String, code: Int32) -> Int32 {
    console.writeError("module-graph: \(message)\n")
    return code
  }
}
