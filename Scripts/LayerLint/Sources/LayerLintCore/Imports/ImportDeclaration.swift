/// One `import` declaration found in a Swift source file.
public struct ImportDeclaration: Equatable, Sendable {
  /// The imported module: the first component of the import path (`import CSQLite.Shim` → `CSQLite`).
  public let module: String
  /// The 1-based line of the `import` keyword.
  public let line: Int
  /// Whether the import sits inside an `#if` / `#elseif` / `#else` block.
  public let isConditional: Bool

  /// Creates a declaration; tests use it to spell expectations.
  public init(module: String, line: Int, isConditional: Bool = false) {
    self.module = module
    self.line = line
    self.isConditional = isConditional
  }
}
