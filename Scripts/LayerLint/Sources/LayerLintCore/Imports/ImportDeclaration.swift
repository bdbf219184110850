/// One `import` declaration found in a Swift source file.
struct ImportDeclaration: Equatable, Sendable {
  /// The imported module: the first component of the import path (`import CSQLite.Shim` → `CSQLite`).
  let module: String
  /// The 1-based line of the `import` keyword.
  let line: Int
  /// The `#if` branches the import sits in, outermost first; empty when it is unconditional.
  let branches: [ConditionalBranch]
  /// Whether the import is `@_exported`: every file that imports this module sees the imported one too.
  let isExported: Bool

  /// Creates a declaration; tests use it to spell expectations.
  init(module: String, line: Int, branches: [ConditionalBranch] = [], isExported: Bool = false) {
    self.module = module
    self.line = line
    self.branches = branches
    self.isExported = isExported
  }

  /// Whether the import sits inside an `#if` / `#elseif` / `#else` block.
  var isConditional: Bool { !branches.isEmpty }
}

/// One branch of an `#if` / `#elseif` / `#else` chain: the branch is taken when every earlier
/// condition of the chain is false and its own condition (none for `#else`) is true.
struct ConditionalBranch: Equatable, Sendable {
  /// The conditions of the chain's earlier branches, as written.
  let earlier: [String]
  /// This branch's condition as written; `nil` for `#else`.
  let condition: String?

  /// Creates a branch.
  init(earlier: [String] = [], condition: String?) {
    self.earlier = earlier
    self.condition = condition
  }

  /// How the branch reads in a message: `#if A`, `#elseif B (after A)`, `#else (after A, B)`.
  var spelling: String {
    let after = earlier.isEmpty ? "" : " (not \(earlier.joined(separator: ", not ")))"
    guard let condition else { return "#else" + after }
    return (earlier.isEmpty ? "#if " : "#elseif ") + condition + after
  }
}
