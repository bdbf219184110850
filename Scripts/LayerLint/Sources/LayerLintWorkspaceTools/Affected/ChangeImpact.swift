import LayerLintEngine
import LayerLintManifestReader

/// What a set of changed files affects in a package: the modules whose files changed, every module
/// that depends on them (transitively, apps included), the test targets to run, and the owners
/// whose approval the change needs. Derived from the manifest and the owners file only.
struct ChangeImpact: Sendable, Equatable {
  /// The changed files, relative to the package root, sorted.
  let changedFiles: [String]
  /// Why everything is affected (`Package.swift`, or a folder and the first file in it), or `nil`.
  let everythingBecause: String?
  /// Non-test targets with a changed source (documentation left out).
  let changedModules: [String]
  /// Test targets with a changed file.
  let changedTestTargets: [String]
  /// `changedModules` and every non-test target that depends on one of them, transitively.
  let affectedModules: [String]
  /// The test targets to run: changed ones and those that depend on an affected module.
  let testTargets: [String]
  /// Changed files that only document (`*.md`, `*.docc/`): no build or test depends on them.
  let documentationFiles: [String]
  /// Each owner of changed files and the files they own (the last matching owners-file pattern wins).
  let approvals: [OwnedItems]
  /// Changed files no owner covers.
  let unownedFiles: [String]
  /// Each owner of affected modules and those modules: the teams to tell, beyond those who approve.
  let affectedOwners: [OwnedItems]

  /// An owner (team, user or e-mail) and what of the change is theirs.
  struct OwnedItems: Sendable, Equatable {
    let owner: String
    let items: [String]
  }

  /// Whether every target is affected.
  var isEverything: Bool { everythingBecause != nil }

  /// Computes the impact of `changedFiles` on `manifest`.
  ///
  /// - `everythingFiles`: files and folders (ending in `/`) whose change affects every target:
  ///   the manifest, the layering configuration, tooling, CI.
  static func of(
    changedFiles: [String], manifest: PackageManifest, owners: CodeOwners?, everythingFiles: [String]
  ) -> ChangeImpact {
    let files = Array(Set(changedFiles)).sorted()
    var everythingBecause: String?
    for file in files where everythingBecause == nil {
      guard let pattern = everythingFiles.first(where: { $0.hasSuffix("/") ? file.hasPrefix($0) : file == $0 }) else {
        continue
      }
      everythingBecause = pattern == file ? file : "\(pattern) (\(file))"
    }
    var documentation: [String] = []
    var changedTargets = Set<String>()
    for file in files {
      guard let target = owningTarget(of: file, in: manifest) else { continue }
      if isDocumentation(file) {
        documentation.append(file)
      } else {
        changedTargets.insert(target.name)
      }
    }
    let tests = Set(manifest.targets.filter(\.isTest).map(\.name))
    let modules = manifest.targets.filter { !$0.isTest }.map(\.name)
    let changedModules = changedTargets.subtracting(tests)
    let affected: Set<String> =
      everythingBecause != nil ? Set(modules) : dependents(of: changedModules, in: manifest).subtracting(tests)
    let testTargets: Set<String> =
      everythingBecause != nil
      ? tests
      : changedTargets.intersection(tests).union(
        manifest.targets.filter { $0.isTest && !affected.isDisjoint(with: closure(of: $0.name, in: manifest)) }.map(
          \.name))
    var approvals: [String: [String]] = [:]
    var unowned: [String] = []
    for file in files {
      let fileOwners = owners?.owners(ofFile: file) ?? []
      if fileOwners.isEmpty { unowned.append(file) }
      for owner in fileOwners { approvals[owner, default: []].append(file) }
    }
    var affectedOwners: [String: [String]] = [:]
    for target in manifest.targets where affected.contains(target.name) {
      for owner in owners?.owners(ofDirectory: target.path) ?? [] {
        affectedOwners[owner, default: []].append(target.name)
      }
    }
    return ChangeImpact(
      changedFiles: files, everythingBecause: everythingBecause, changedModules: changedModules.sorted(),
      changedTestTargets: changedTargets.intersection(tests).sorted(), affectedModules: affected.sorted(),
      testTargets: testTargets.sorted(), documentationFiles: documentation,
      approvals: approvals.keys.sorted().map { OwnedItems(owner: $0, items: approvals[$0]!) }, unownedFiles: unowned,
      affectedOwners: affectedOwners.keys.sorted().map { OwnedItems(owner: $0, items: affectedOwners[$0]!.sorted()) })
  }

  /// The target whose folder holds `file` (the deepest one when folders nest).
  static func owningTarget(of file: String, in manifest: PackageManifest) -> ManifestTarget? {
    manifest.targets.filter { file.hasPrefix($0.path + "/") || $0.path.isEmpty }.max { $0.path.count < $1.path.count }
  }

  /// Markdown and DocC catalogs: read by people and `Scripts/docs`, never by the compiler.
  static func isDocumentation(_ file: String) -> Bool {
    file.hasSuffix(".md") || file.contains(".docc/")
  }

  /// `roots` and every target that depends on one of them, transitively.
  static func dependents(of roots: Set<String>, in manifest: PackageManifest) -> Set<String> {
    var users: [String: [String]] = [:]
    for target in manifest.targets {
      for dependency in target.targetDependencies { users[dependency, default: []].append(target.name) }
    }
    var result = roots
    var queue = Array(roots)
    while let next = queue.popLast() {
      for user in users[next] ?? [] where result.insert(user).inserted { queue.append(user) }
    }
    return result
  }

  /// `target` and everything it depends on, transitively.
  static func closure(of target: String, in manifest: PackageManifest) -> Set<String> {
    let byName = Dictionary(manifest.targets.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
    var result: Set<String> = [target]
    var queue = [target]
    while let next = queue.popLast() {
      for dependency in byName[next]?.targetDependencies ?? [] where result.insert(dependency).inserted {
        queue.append(dependency)
      }
    }
    return result
  }
}
