import Foundation
import LayerLintManifestReader
import LayerLintSwiftReader

/// `untranslated-text`: a layer module with translation tables (a `Strings/` folder in its source
/// folder) shows a person only text from those tables. Every string literal of its Swift sources that
/// reads as prose (`ProseDetector`) is a finding, unless it is an argument of a logging, analytics or
/// assertion call (`ExemptCalls`), sits in code no build compiles, is in a generated file, carries
/// `// untranslated: <reason>` on its line (or alone on the line above), or its file says
/// `// untranslated-file: <reason>` above its code. An opt-out without a reason is a finding of its
/// own, and so is a `// untranslated-file:` below the file's first code. Test targets and tooling
/// are not checked.
package struct UntranslatedTextRule {
  package let workspace: Workspace
  /// The package root, where each module's `Strings/` folder is looked up.
  package let packageRoot: String
  /// The flags each target defines, for `#if` conditions.
  package let flags: TargetFlags
  /// The run's sources, some lexed already (while `describe` ran); the others are lexed here.
  package let files: SourceFiles

  package init(workspace: Workspace, packageRoot: String, flags: TargetFlags, files: SourceFiles? = nil) {
    self.workspace = workspace
    self.packageRoot = packageRoot
    self.flags = flags
    self.files = files ?? SourceFiles(root: packageRoot)
  }

  /// The folder, inside a module's source folder, that holds its translation tables.
  package static let tablesFolder = "Strings"

  /// A module that has translation tables, with the tables' file names (`en.json`, `ru.json`).
  private struct TranslatedModule {
    package let target: ManifestTarget
    package let layer: String
    package let tables: [String]
  }

  package func violations() -> [Violation] {
    guard workspace.configuration.isEnabled(.untranslatedText) else { return [] }
    let modules = translatedModules()
    let sources = modules.flatMap { module in module.target.swiftSourcePaths.map { (module, $0) } }
    guard !sources.isEmpty else { return [] }
    files.prepare(sources.map(\.1)) { files, path in _ = files.textScan(of: path) }
    var found: [Violation] = []
    for (module, path) in sources {
      // An unreadable file is reported by the import scan, which stops the run.
      guard let scan = files.textScan(of: path), !scan.isGenerated else { continue }
      found += violations(in: scan, path: path, module: module)
    }
    return found
  }

  /// Non-test layer modules (no plugins, no system libraries) whose source folder has `Strings/`.
  private func translatedModules() -> [TranslatedModule] {
    workspace.modules.compactMap { target in
      guard case .layer(let layer, _) = workspace.placement(of: target.name), !target.isPlugin,
        !target.isSystemLibrary
      else { return nil }
      let folder = (packageRoot as NSString).appendingPathComponent("\(target.path)/\(Self.tablesFolder)")
      var isDirectory: ObjCBool = false
      guard FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory), isDirectory.boolValue else {
        return nil
      }
      let tables = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [])
        .filter { $0.hasSuffix(".json") }.sorted()
      return TranslatedModule(target: target, layer: layer, tables: tables)
    }
  }

  private func violations(in scan: TextScan, path: String, module: TranslatedModule) -> [Violation] {
    let (fileWide, lineOptOuts) = (scan.optOuts.filter(\.isFileWide), scan.optOuts.filter { !$0.isFileWide })
    var found = fileWide.filter { $0.line >= scan.codeStartLine }.map {
      misplacedFileOptOut($0, codeStartLine: scan.codeStartLine, path: path, module: module)
    }
    if let fileOptOut = fileWide.first(where: { $0.line < scan.codeStartLine }) {
      // The whole file is exempt; without a reason that is one finding, not one per literal.
      return found + (fileOptOut.reason.isEmpty ? [bareOptOut(fileOptOut, path: path, module: module)] : [])
    }
    var reasons: [Int: String] = [:]  // line → reason of the opt-out covering it ("" when bare)
    for optOut in lineOptOuts {
      reasons[optOut.line] = optOut.reason
      if optOut.standsAlone { reasons[optOut.line + 1] = reasons[optOut.line + 1] ?? optOut.reason }
    }
    found += lineOptOuts.filter(\.reason.isEmpty).map { bareOptOut($0, path: path, module: module) }
    // Built only for prose under `#if`: the target's flags cost a `dump-package` the first time.
    var environment: BuildEnvironment?
    for literal in scan.literals where !literal.isInExemptCall {
      if reasons[literal.line] != nil || reasons[literal.endLine] != nil { continue }
      guard ProseDetector.isProse(literal.text) else { continue }
      if !literal.branches.isEmpty {
        let conditions =
          environment ?? flags.environment(of: module.target, toolsVersion: workspace.manifest.toolsVersion)
        environment = conditions
        if conditions.evaluate(literal.branches).truth == .no { continue }
      }
      found.append(untranslated(literal, path: path, module: module))
    }
    return found
  }

  private func untranslated(_ literal: StringLiteral, path: String, module: TranslatedModule) -> Violation {
    let name = module.target.name
    return violation(
      at: literal.line, path: path, module: module,
      problem: "\"\(literal.spelling)\" in \(name) (\(module.layer)) is text a person reads but not from \(name)'s "
        + "string table",
      fix: "add a key to \(tables(of: module)) and use Strings.<key>, or mark a value that never changes with "
        + "// untranslated: <reason>")
  }

  private func bareOptOut(_ comment: OptOutComment, path: String, module: TranslatedModule) -> Violation {
    let marker = comment.isFileWide ? "untranslated-file:" : "untranslated:"
    return violation(
      at: comment.line, path: path, module: module,
      problem: "\"// \(marker)\" in \(module.target.name) (\(module.layer)) gives no reason why the text never changes",
      fix: "write the reason after the colon (// \(marker) <reason>), or add a key to \(tables(of: module)) "
        + "and use Strings.<key>")
  }

  private func misplacedFileOptOut(
    _ comment: OptOutComment, codeStartLine: Int, path: String, module: TranslatedModule
  ) -> Violation {
    violation(
      at: comment.line, path: path, module: module,
      problem: "\"// untranslated-file:\" in \(module.target.name) (\(module.layer)) comes after the file's code (line "
        + "\(codeStartLine)), so it covers nothing",
      fix: "move it to the file's first lines, above everything but imports, or use // untranslated: <reason> "
        + "on the lines it means")
  }

  /// A finding of this rule at `line` of `path`, whose problem names the module itself.
  private func violation(
    at line: Int, path: String, module: TranslatedModule, problem: String, fix: String
  ) -> Violation {
    var violation = Violation(
      rule: .untranslatedText, file: path, line: line, source: module.target.name, sourceLayer: module.layer,
      problem: problem, fix: fix)
    violation.namesSourceInProblem = true
    return violation
  }

  /// `Domain/Cosmonaut/Strings/en.json and ru.json`.
  private func tables(of module: TranslatedModule) -> String {
    let folder = "\(module.target.path)/\(Self.tablesFolder)/"
    guard let last = module.tables.last else { return folder + "<language>.json" }
    let others = module.tables.dropLast()
    return folder + (others.isEmpty ? last : others.joined(separator: ", ") + " and " + last)
  }
}
