/// The stable identifiers of the lint's rules; they appear in every finding as `[rule-id]`.
package enum RuleID: String, CaseIterable, Sendable {
  /// A module lives outside the layer folders and the tooling folders.
  case unknownLayer = "unknown-layer"
  /// A module depends on a module of a higher layer.
  case layerDirection = "layer-direction"
  /// A module depends on a module of its own layer that is not an `…Interface` module.
  case sideways
  /// An `…Interface` module depends on anything but lower layers.
  case interfaceDirection = "interface-direction"
  /// Targets depend on each other in a circle.
  case cycle
  /// A source file imports a workspace module its target does not declare as a direct dependency.
  case undeclaredImport = "undeclared-import"
  /// A target declares a dependency that none of its source files imports.
  case redundantDependency = "redundant-dependency"
  /// A test target imports (or depends on) something its module may not use.
  case testImport = "test-import"
  /// A test target tests no module and is not listed as an integration test target.
  case orphanTest = "orphan-test"
  /// An executable target outside the App layer.
  case executableOutsideApp = "executable-outside-app"
  /// A layer module depends on (or imports) tooling under `Scripts/`.
  case toolingDependency = "tooling-dependency"
  /// A layer module has no test target.
  case missingTests = "missing-tests"
  /// A layer module has no owner in CODEOWNERS.
  case missingOwner = "missing-owner"
  /// A module with translation tables (`Strings/`) has a string literal that reads as prose outside them.
  case untranslatedText = "untranslated-text"
  /// An `…Interface` module depends on (or imports) a module outside its allow-list (`interfaceDependencies`).
  case interfaceContract = "interface-contract"
  /// A file of a lower layer names a toggle, screen or destination a module above declares (`vocabulary`).
  case vocabulary
  /// A production module declares a test double or depends on test support, or test support is a product (`testDoubles`).
  case testDouble = "test-double"
  /// A baseline entry matches no violation any more; remove it.
  case staleBaseline = "stale-baseline"

  /// Rules that need layers; they are off when the configuration declares none.
  package var needsLayers: Bool {
    switch self {
    case .cycle, .undeclaredImport, .redundantDependency, .staleBaseline: false
    default: true
    }
  }

  /// Whether the configuration may switch the rule off.
  package var isConfigurable: Bool { self != .staleBaseline }
}
