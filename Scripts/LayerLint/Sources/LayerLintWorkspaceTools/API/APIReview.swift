import Foundation
import LayerLintEngine
import LayerLintManifestReader

/// What a change does to the recorded API contracts: each changed `<Module>.api` file compared with its
/// version at the base (no build: the file a team updated with `Scripts/api dump` is the change under
/// review, and `Scripts/api check` holds it to the build), and who must approve a breaking change.
struct APIReview: Sendable {
  /// One module whose API file the change touches.
  struct ModuleChange: Sendable {
    var module: String
    var file: String
    var changes: [APIChange]
    /// The modules that declare the changed one as a dependency (tests left out).
    var importers: [String]
    /// Their owners (CODEOWNERS), each with the importers they own.
    var approvals: [(owner: String, modules: [String])]

    var isBreaking: Bool { changes.contains { $0.isBreaking } }

    /// `API of X changed (breaking): needs approval from @a (owners of Y, Z)`, or `(additive)`.
    var summary: String {
      let head = "API of \(module) changed"
      if changes.isEmpty { return "\(head) (only its comments or layout)" }
      guard isBreaking else { return "\(head) (additive): reviewed by its owners" }
      return "\(head) (breaking): " + APIContracts.approvalPhrase((importers, approvals))
    }
  }

  var modules: [ModuleChange]

  /// The API files among `changedFiles` (relative to `contracts.packagePath`), each compared with its
  /// text at `base` (`previous(path)`: nil when the file did not exist there, an empty API).
  static func of(changedFiles: [String], contracts: APIContracts, previous: (String) -> String?) -> APIReview {
    let changed = Set(changedFiles)
    var modules: [ModuleChange] = []
    for module in contracts.modules where changed.contains(APIContracts.file(of: module)) {
      let file = APIContracts.file(of: module)
      let url = URL(fileURLWithPath: contracts.packagePath).appendingPathComponent(file)
      let now = (try? String(contentsOf: url, encoding: .utf8)) ?? ""
      let changes = APIComparison.changes(from: APIFile(parsing: previous(file) ?? ""), to: APIFile(parsing: now))
      let importers = contracts.importers(of: module.name)
      modules.append(
        ModuleChange(
          module: module.name, file: file, changes: changes, importers: importers.modules,
          approvals: importers.approvals))
    }
    return APIReview(modules: modules)
  }

  /// The text lines `affected` prints: each module's summary, then its breaking changes (at most `limit`).
  func lines(limit: Int = 5) -> [String] {
    modules.flatMap { module in
      let breaking = module.changes.filter(\.isBreaking)
      var lines = [module.summary] + breaking.prefix(limit).map { "  " + $0.rendered }
      if breaking.count > limit { lines.append("  and \(breaking.count - limit) more breaking (Scripts/api check)") }
      return lines
    }
  }

  /// `affected --json`'s `apiChanges`.
  var json: [[String: Any]] {
    modules.map { module in
      [
        "module": module.module, "file": module.file, "breaking": module.isBreaking,
        "changes": module.changes.map(\.rendered), "importers": module.importers,
        "approvals": module.approvals.map { ["owner": $0.owner, "modules": $0.modules] },
      ]
    }
  }
}
