/// A dependency a target lacks and may have: `target` imports `dependency` without declaring it.
package struct MissingDependency: Sendable, Equatable, Hashable {
  /// The target (test targets included) whose declaration lacks the dependency.
  package let target: String
  /// The target it imports.
  package let dependency: String

  /// Creates a value from its parts.
  package init(target: String, dependency: String) {
    self.target = target
    self.dependency = dependency
  }
}

/// A dependency a target declares and does not use: what `lint-layers --fix` removes.
package struct RedundantDependency: Sendable, Equatable, Hashable {
  /// The target (test targets included) that declares it.
  package let target: String
  /// The dependency (a target of the package or a product of another).
  package let dependency: String

  /// Creates a value from its parts.
  package init(target: String, dependency: String) {
    self.target = target
    self.dependency = dependency
  }
}
