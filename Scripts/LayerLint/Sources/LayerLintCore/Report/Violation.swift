/// One broken rule, located at a file and line, with the edit that fixes it.
struct Violation: Sendable, Equatable {
  /// The rule that is broken.
  let rule: RuleID
  /// The file to look at, relative to the package root.
  let file: String
  /// The 1-based line in `file`.
  let line: Int
  /// The module (target) that breaks the rule.
  let source: String
  /// The layer of `source`, when it has one.
  let sourceLayer: String?
  /// The module or file on the other end of the problem, if any.
  let target: String?
  /// The layer of `target`, when it has one.
  let targetLayer: String?
  /// What is wrong, in one sentence without a trailing period.
  let problem: String
  /// The concrete edit that fixes it.
  let fix: String
  /// For an undeclared import the layering rule allows: the dependency `lint-layers --fix` adds.
  var missingDependency: MissingDependency?
  /// For a redundant dependency: the dependency `lint-layers --fix` removes.
  var redundantDependency: RedundantDependency?
  /// Whether `problem` is a whole statement that names the source itself (`"Quit" in CommandLineKit
  /// (Core) is text …`), so the message does not start with `Source (Layer):`.
  var namesSourceInProblem = false

  /// Creates a violation.
  init(
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
  func underCondition(_ text: String) -> Violation {
    var qualified = Violation(
      rule: rule, file: file, line: line, source: source, sourceLayer: sourceLayer, target: target,
      targetLayer: targetLayer, problem: "\(problem) (\(text))", fix: fix)
    qualified.missingDependency = missingDependency
    qualified.redundantDependency = redundantDependency
    qualified.namesSourceInProblem = namesSourceInProblem
    return qualified
  }

  /// `Source (Layer) -> Target (Layer): problem. Fix: edit` (or `problem. Fix: edit` when the problem names the source)
  var message: String {
    if namesSourceInProblem { return "\(problem). Fix: \(fix)" }
    var subject = Self.label(source, sourceLayer)
    if let target { subject += " -> " + Self.label(target, targetLayer) }
    return "\(subject): \(problem). Fix: \(fix)"
  }

  private static func label(_ name: String, _ layer: String?) -> String {
    layer.map { "\(name) (\($0))" } ?? name
  }
}

/// A dependency a target lacks and may have: `target` imports `dependency` without declaring it.
struct MissingDependency: Sendable, Equatable, Hashable {
  /// The target (test targets included) whose declaration lacks the dependency.
  let target: String
  /// The target it imports.
  let dependency: String
}

/// Something the lint did not count as a finding but a reader should know: an import skipped
/// because no build compiles its `#if` branch, with the assumptions that decided it.
struct Note: Sendable, Equatable {
  /// The rule the import would have broken.
  let rule: RuleID
  /// The file, relative to the package root.
  let file: String
  /// The 1-based line.
  let line: Int
  /// The importing target.
  let source: String
  /// The imported module's target.
  let target: String
  /// What was skipped and why, in one sentence without a trailing period.
  let text: String

  /// `Source -> Target: text`
  var message: String { "\(source) -> \(target): \(text)" }
}
