import Foundation
import LayerLintEngine
import LayerLintManifestReader

/// `affected [BASE]`: what a change since BASE can break, and whose approval it needs.
public struct AffectedCommand: Subcommand {
  /// `layer-lint affected`.
  public static let name = "affected"
  public static let summary = "the modules, test targets and owners a change touches (Scripts/affected)"

  static let usage = """
    usage: affected [BASE] [--json] [--package-path PATH]
    From `git diff BASE` (the working tree, staged or not, plus untracked files), prints the modules
    whose files changed, every module that depends on them (transitively, apps included), the test
    targets to run, and the owners (CODEOWNERS) whose approval the change needs.
      BASE              a commit, branch or tag (default: the merge base of HEAD with main, else origin/main)
      --json            one JSON object, for CI
      --package-path P  the package (default: the current directory); it may sit inside a larger repository
    A change to the manifest (Package.swift, Package.resolved), .layering.json, a tooling folder
    (Scripts/), .ci/ or .github/ affects everything. Markdown and .docc files affect no build or test.
    exit: 0 done, 2 cannot run (no git repository, unknown BASE, manifest), 64 bad usage
    """

  let console: Console
  let describe: LintCommand.Describe
  let git: Git

  /// Creates the command, writing to standard output and standard error.
  public init() { self.init(console: .standard) }

  /// Creates the command; `describe` defaults to `swift package describe`, `git` to the `git` on PATH.
  init(console: Console, describe: LintCommand.Describe? = nil, git: Git = Git()) {
    self.console = console
    self.describe = describe ?? ManifestLoader.describe
    self.git = git
  }

  /// Runs the command and returns the exit code.
  public func run(_ arguments: [String]) -> Int32 {
    let reader: ArgumentReader
    do {
      reader = try ArgumentReader(arguments, valueOptions: ["--package-path"], flagOptions: ["--json", "--help"])
    } catch {
      return fail("\(error.message) (see --help)", code: ExitCode.usage)
    }
    if reader.isSet("--help") {
      console.writeOutput(Self.usage + "\n")
      return ExitCode.success
    }
    guard reader.positional.count <= 1 else {
      return fail("expected at most one BASE (see --help)", code: ExitCode.usage)
    }
    let packagePath = reader.value("--package-path") ?? FileManager.default.currentDirectoryPath
    do {
      let base =
        try reader.positional.first.map { try git.resolve($0, in: packagePath) } ?? git.defaultBase(in: packagePath)
      let changed = try git.changedFiles(since: base.commit, in: packagePath)
      let configuration = try LayeringConfiguration.load(packagePath: packagePath)
      let manifest = try describe(packagePath)
      let ownersText = try? String(
        contentsOf: URL(fileURLWithPath: packagePath).appendingPathComponent(configuration.ownersFile), encoding: .utf8)
      let impact = ChangeImpact.of(
        changedFiles: changed, manifest: manifest, owners: ownersText.map(CodeOwners.init(text:)),
        everythingFiles: Self.everythingFiles(configuration))
      console.writeOutput(reader.isSet("--json") ? Self.json(impact, base: base) : Self.text(impact, base: base))
      return ExitCode.success
    } catch {
      return fail(CannotRun.reason(for: error), code: ExitCode.cannotRun)
    }
  }

  /// Files and folders (ending in `/`) whose change affects every target.
  static func everythingFiles(_ configuration: LayeringConfiguration) -> [String] {
    ["Package.swift", "Package.resolved", LayeringConfiguration.fileName, ".ci/", ".github/"]
      + configuration.toolingFolders.map { $0 + "/" }
  }

  static func text(_ impact: ChangeImpact, base: Git.Base) -> String {
    func list(_ items: [String], limit: Int = .max) -> String {
      if items.isEmpty { return "none" }
      let shown = items.prefix(limit).joined(separator: ", ")
      return items.count > limit ? "\(shown) and \(items.count - limit) more" : shown
    }
    let count = impact.changedFiles.count
    var lines = ["affected: \(count) file\(count == 1 ? "" : "s") changed since \(base.description)"]
    if let reason = impact.everythingBecause {
      lines.append("  everything:       \(reason) changed, so every module and test target is affected")
    }
    lines.append("  changed modules:  \(list(impact.changedModules))")
    if !impact.changedTestTargets.isEmpty {
      lines.append("  changed tests:    \(list(impact.changedTestTargets))")
    }
    lines.append("  affected modules: \(list(impact.affectedModules))")
    lines.append("  test targets:     \(list(impact.testTargets))")
    if !impact.documentationFiles.isEmpty {
      lines.append("  documentation:    \(list(impact.documentationFiles, limit: 5)) (no build or test)")
    }
    if impact.approvals.isEmpty && impact.unownedFiles.isEmpty { lines.append("  approvals:        none") }
    for (index, approval) in impact.approvals.enumerated() {
      let label = index == 0 ? "  approvals:        " : "                    "
      lines.append("\(label)\(approval.owner) (\(list(approval.items, limit: 3)))")
    }
    if !impact.unownedFiles.isEmpty {
      let label = impact.approvals.isEmpty ? "  approvals:        " : "                    "
      lines.append("\(label)no owner in CODEOWNERS: \(list(impact.unownedFiles, limit: 3))")
    }
    if !impact.affectedOwners.isEmpty {
      lines.append(
        "  also affects:     "
          + impact.affectedOwners.map { "\($0.owner) (\(list($0.items)))" }.joined(separator: "; "))
    }
    return lines.joined(separator: "\n") + "\n"
  }

  static func json(_ impact: ChangeImpact, base: Git.Base) -> String {
    let object: [String: Any] = [
      "base": base.name, "baseCommit": base.commit, "changedFiles": impact.changedFiles,
      "everything": impact.isEverything, "everythingBecause": impact.everythingBecause ?? NSNull(),
      "changedModules": impact.changedModules, "changedTestTargets": impact.changedTestTargets,
      "affectedModules": impact.affectedModules, "testTargets": impact.testTargets,
      "documentationFiles": impact.documentationFiles,
      "approvals": impact.approvals.map { ["owner": $0.owner, "files": $0.items] },
      "unownedFiles": impact.unownedFiles,
      "affectedOwners": impact.affectedOwners.map { ["owner": $0.owner, "modules": $0.items] },
    ]
    let data =
      (try? JSONSerialization.data(
        withJSONObject: object, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])) ?? Data()
    return String(decoding: data, as: UTF8.self) + "\n"
  }

  private func fail(_ message: String, code: Int32) -> Int32 {
    console.writeError("affected: \(message)\n")
    return code
  }
}

/// Why git could not answer; the message is one line.
struct GitError: Error, Equatable {
  let message: String
}

/// The few git questions `affected` asks.
struct Git: Sendable {
  /// The base a change is compared with.
  struct Base: Sendable, Equatable, CustomStringConvertible {
    /// As the user named it, or how it was found (`main`).
    let name: String
    /// The commit it resolves to.
    let commit: String
    /// Whether it is the merge base of HEAD and `name` rather than `name` itself.
    let isMergeBase: Bool

    var description: String {
      isMergeBase ? "the merge base with \(name) (\(commit.prefix(9)))" : "\(name) (\(commit.prefix(9)))"
    }
  }

  /// The `git` executable.
  var executable = "git"

  /// BASE as given: a commit, branch or tag.
  func resolve(_ name: String, in directory: String) throws(GitError) -> Base {
    let commit = try run(["rev-parse", "--verify", "--quiet", "\(name)^{commit}"], in: directory) {
      "unknown BASE \"\(name)\": not a commit, branch or tag of this repository"
    }
    return Base(name: name, commit: commit, isMergeBase: false)
  }

  /// The merge base of HEAD with `main`, else with `origin/main`.
  func defaultBase(in directory: String) throws(GitError) -> Base {
    for name in ["main", "origin/main"] {
      guard (try? resolve(name, in: directory)) != nil else { continue }
      let commit = try run(["merge-base", "HEAD", name], in: directory) {
        "HEAD and \(name) have no common ancestor; name a BASE"
      }
      return Base(name: name, commit: commit, isMergeBase: true)
    }
    throw GitError(message: "no branch main or origin/main to compare with; name a BASE (e.g. HEAD~1)")
  }

  /// Files that differ from `commit` in the working tree (staged or not), deleted ones included,
  /// plus untracked files that are not ignored; relative to `directory`, limited to it.
  func changedFiles(since commit: String, in directory: String) throws(GitError) -> [String] {
    let tracked = try run(["diff", "--name-only", "--no-renames", "--relative", commit, "--"], in: directory) {
      "git diff against \(commit.prefix(9)) failed"
    }
    let untracked = try run(["ls-files", "--others", "--exclude-standard"], in: directory) {
      "git ls-files failed"
    }
    return (tracked + "\n" + untracked).split(separator: "\n").map(String.init).filter { !$0.isEmpty }
  }

  private func run(
    _ arguments: [String], in directory: String, failure: () -> String
  ) throws(GitError) -> String {
    let output: ProcessOutput
    do {
      output = try ProcessRunner.run(executable, arguments: ["-C", directory] + arguments)
    } catch {
      throw GitError(message: "cannot run git: \(error)")
    }
    guard output.status == 0 else {
      if output.standardError.contains("not a git repository") {
        throw GitError(message: "\(directory) is not inside a git repository")
      }
      throw GitError(message: failure())
    }
    return String(decoding: output.standardOutput, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
  }
}
