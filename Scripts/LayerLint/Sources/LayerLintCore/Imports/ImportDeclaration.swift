/// One `import` declaration found in a Swift source file.
struct ImportDeclaration: Equatable, Sendable {
  /// The imported module: the first component of the import path (`import CSQLite.Shim` → `CSQLite`).
  let module: String
  /// The 1-based line of the `import` keyword.
  let line: Int
  /// Whether the import sits inside an `#if` / `#elseif` / `#else` block.
  let isConditional: Bool

  /// Creates a declaration; tests use it to spell expectations.
  init(module: String, line: Int, isConditional: Bool = false) {
    self.module = module
    self.line = line
    self.isConditional = isConditional
  }
}
