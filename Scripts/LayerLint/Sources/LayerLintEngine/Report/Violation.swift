import LayerLintFixer

/// One broken rule, located at a file and line, with the edit that fixes it.
package struct Violation: Sendable, Equatable {
  /// The rule that is broken.
  package let rule: RuleID
  /// The file to look at, relative to the package root.
  package let file: String
  /// The 1-based line in `file`.
  package let line: Int
  /// The module (target) that breaks the rule.
  package let source: String
  /// The layer of `source`, when it has one.
  package let sourceLayer: String?
  /// The module or file on the other end of the problem, if any.
  package let target: String?
  /// The layer of `target`, when it has one.
  package let targetLayer: String?
  /// What is wrong, in one sentence without a trailing period.
  package let problem: String
  /// The concrete edit that fixes it.
  package let fix: String
  /// For an undeclared import the layering rule allows: the dependency `lint-layers --fix` adds.
  package var missingDependency: MissingDependency?
  /// For a redundant dependency: the dependency `lint-layers --fix` removes.
  package var redundantDependency: RedundantDependency?
  /// Whether `problem` is a whole statement that names the source itself (`"Quit" in CommandLineKit
  /// (Core) is text …`), so the message does not start with `Source (Layer):`.
  package var namesSourceInProblem = false

  /// Creates a violation.
  package init(
    rule: RuleID, file: String, line: Int, source: String, sourceLayer: String?, target: String? = nil,
    targetLayer: String? = nil, problem: String, fix: String
  ) {
    self.rule = rule
    self.file = file
    self.line = line
    self.source = source
    self.sourceLayer = sourceLayer
    self.target = target
    self.targetLayer = targetLayer
    self.problem = problem
    self.fix = fix
  }

  /// The same finding, its problem qualified by the `#if` it sits under.
  package func underCondition(_ text: String) -> Violation {
    var qualified = Violation(
      rule: rule, file: file, line: line, source: source, sourceLayer: sourceLayer, target: target,
      targetLayer: targetLayer, problem: "\(problem) (\(text))", fix: fix)
    qualified.missingDependency = missingDependency
    qualified.redundantDependency = redundantDependency
    qualified.namesSourceInProblem = namesSourceInProblem
    return qualified
  }

  /// `Source (Layer) -> Target (Layer): problem. Fix: edit` (or `problem. Fix: edit` when the problem names the source)
  package var message: String {
    if namesSourceInProblem { return "\(problem). Fix: \(fix)" }
    var subject = Self.label(source, sourceLayer)
    if let target { subject += " -> " + Self.label(target, targetLayer) }
    return "\(subject): \(problem). Fix: \(fix)"
  }

  private static func label(_ name: String, _ layer: String?) -> String {
    layer.map { "\(name) (\($0))" } ?? name
  }
}

/// Something the lint did not count as a finding but a reader should know: an import skipped because
/// no build compiles its `#if` branch (with the assumptions that decided it), or what it could not check.
package struct Note: Sendable, Equatable {
  /// What a note is about; the summary counts each kind.
  package enum Kind: Sendable, Equatable {
    /// An import no build compiles (its `#if`), so no finding.
    case skippedImport
    /// A dependency or import the lint could not check (a product of a package that is not resolved or described).
    case unchecked
    /// A dependency no file imports, but code a plugin of another package generates may.
    case pluginMayUse
  }

  /// The rule the import would have broken.
  package let rule: RuleID
  /// The file, relative to the package root.
  package let file: String
  /// The 1-based line.
  package let line: Int
  /// The importing target.
  package let source: String
  /// The imported module's target.
  package let target: String
  /// What was skipped and why, in one sentence without a trailing period.
  package let text: String
  /// What the note is about.
  package var kind: Kind = .skippedImport

  package init(
    rule: RuleID, file: String, line: Int, source: String, target: String, text: String, kind: Kind = .skippedImport
  ) {
    self.rule = rule
    self.file = file
    self.line = line
    self.source = source
    self.target = target
    self.text = text
    self.kind = kind
  }

  /// `Source -> Target: text`
  package var message: String { "\(source) -> \(target): \(text)" }
}
