/// One `import` declaration found in a Swift source file.
package struct ImportDeclaration: Equatable, Sendable {
  /// The imported module: the first component of the import path (`import CSQLite.Shim` → `CSQLite`).
  package let module: String
  /// The 1-based line of the `import` keyword.
  package let line: Int
  /// The `#if` branches the import sits in, outermost first; empty when it is unconditional.
  package let branches: [ConditionalBranch]
  /// Whether the import is `@_exported`: every file that imports this module sees the imported one too.
  package let isExported: Bool

  /// Creates a declaration; tests use it to spell expectations.
  package init(module: String, line: Int, branches: [ConditionalBranch] = [], isExported: Bool = false) {
    self.module = module
    self.line = line
    self.branches = branches
    self.isExported = isExported
  }

  /// Whether the import sits inside an `#if` / `#elseif` / `#else` block.
  package var isConditional: Bool { !branches.isEmpty }
}

/// One branch of an `#if` / `#elseif` / `#else` chain: the branch is taken when every earlier
/// condition of the chain is false and its own condition (none for `#else`) is true.
package struct ConditionalBranch: Equatable, Sendable {
  /// The conditions of the chain's earlier branches, as written.
  package let earlier: [String]
  /// This branch's condition as written; `nil` for `#else`.
  package let condition: String?

  /// Creates a branch.
  package init(earlier: [String] = [], condition: String?) {
    self.earlier = earlier
    self.condition = condition
  }

  /// How the branch reads in a message: `#if A`, `#elseif B (after A)`, `#else (after A, B)`.
  package var spelling: String {
    let after = earlier.isEmpty ? "" : " (not \(earlier.joined(separator: ", not ")))"
    guard let condition else { return "#else" + after }
    return (earlier.isEmpty ? "#if " : "#elseif ") + condition + after
  }
}

/// Why a Swift file's imports cannot be known: it is not readable, or it nests deeper than the compiler
/// allows (then the compiler refuses it too, and the lint stops reading it).
package struct SourceProblem: Error, Equatable, Sendable {
  /// The line where the lexer stopped; `nil` when the file could not be read at all.
  package let line: Int?
  /// What is wrong, in a few words.
  package let reason: String

  package init(line: Int?, reason: String) {
    self.line = line
    self.reason = reason
  }
}
