import Foundation

/// A three-valued truth: a build condition may be set, unset, or depend on the build.
package enum Truth: Equatable, Sendable {
  case yes, no, maybe

  static prefix func ! (value: Truth) -> Truth {
    switch value {
    case .yes: .no
    case .no: .yes
    case .maybe: .maybe
    }
  }

  package static func && (lhs: Truth, rhs: Truth) -> Truth {
    if lhs == .no || rhs == .no { return .no }
    return lhs == .yes && rhs == .yes ? .yes : .maybe
  }

  package static func || (lhs: Truth, rhs: Truth) -> Truth {
    if lhs == .yes || rhs == .yes { return .yes }
    return lhs == .no && rhs == .no ? .no : .maybe
  }
}

/// The condition of an `#if` / `#elseif`, parsed: flags, platform conditions, literals, `!`, `&&`, `||`.
package indirect enum BuildCondition: Equatable, Sendable {
  case literal(Bool)
  /// A compilation flag such as `DEBUG` or `COLLECTIONS_SINGLE_MODULE` (or `$Feature`).
  case flag(String)
  /// A platform condition such as `os(Linux)`, `canImport(Foo)`, `compiler(>=5.9)`; `argument` as written.
  case call(name: String, argument: String)
  case not(BuildCondition)
  case and(BuildCondition, BuildCondition)
  case or(BuildCondition, BuildCondition)

  /// Parses `text`; `nil` when it is no condition this parser understands, or when its parentheses nest
  /// deeper than the compiler's limit (`maximumNesting`).
  package static func parse(_ text: String) -> BuildCondition? {
    var parser = ConditionParser(text: text)
    guard let condition = parser.parseOr(), parser.atEnd else { return nil }
    return condition
  }

  /// How deep the compiler lets `#if` blocks, parentheses and string interpolations nest: 255 levels
  /// compile, 256 end in "structure nesting level exceeded maximum of 256". A file nested deeper does not
  /// compile, and the lint stops reading it.
  package static let maximumNesting = 255
}

/// Recursive descent over a condition's characters. Chains of `&&` and `||` become balanced trees and
/// `!` is counted rather than recursed into, so that only parentheses nest, and only as deep as the
/// compiler allows.
private struct ConditionParser {
  private let characters: [Character]
  private var position = 0
  private var depth = 0

  init(text: String) {
    characters = Array(text)
  }

  var atEnd: Bool {
    mutating get {
      skipSpaces()
      return position == characters.count
    }
  }

  mutating func parseOr() -> BuildCondition? {
    guard let first = parseAnd() else { return nil }
    var terms = [first]
    while consume("||") {
      guard let next = parseAnd() else { return nil }
      terms.append(next)
    }
    return Self.balanced(terms[...], BuildCondition.or)
  }

  private mutating func parseAnd() -> BuildCondition? {
    guard let first = parseUnary() else { return nil }
    var terms = [first]
    while consume("&&") {
      guard let next = parseUnary() else { return nil }
      terms.append(next)
    }
    return Self.balanced(terms[...], BuildCondition.and)
  }

  /// `a op b op c …` as a tree of depth log₂(n): `op(a, b)` for two terms, as written.
  private static func balanced(
    _ terms: ArraySlice<BuildCondition>, _ combine: (BuildCondition, BuildCondition) -> BuildCondition
  ) -> BuildCondition {
    if terms.count == 1 { return terms[terms.startIndex] }
    let middle = terms.startIndex + terms.count / 2
    return combine(balanced(terms[..<middle], combine), balanced(terms[middle...], combine))
  }

  private mutating func parseUnary() -> BuildCondition? {
    var negations = 0
    while consume("!") { negations += 1 }
    guard let operand = parseOperand() else { return nil }
    return negations % 2 == 0 ? (negations == 0 ? operand : .not(.not(operand))) : .not(operand)
  }

  private mutating func parseOperand() -> BuildCondition? {
    if consume("(") {
      depth += 1
      defer { depth -= 1 }
      guard depth <= BuildCondition.maximumNesting, let inner = parseOr(), consume(")") else { return nil }
      return inner
    }
    skipSpaces()
    let start = position
    while position < characters.count
      && (characters[position].isLetter || characters[position].isNumber
        || characters[position] == "_" || characters[position] == "$")
    {
      position += 1
    }
    guard position > start else { return nil }
    let name = String(characters[start..<position])
    skipSpaces()
    guard position < characters.count, characters[position] == "(" else {
      switch name {
      case "true": return .literal(true)
      case "false": return .literal(false)
      default: return .flag(name)
      }
    }
    position += 1
    let argumentStart = position
    var depth = 1
    while position < characters.count {
      if characters[position] == "(" { depth += 1 }
      if characters[position] == ")" {
        depth -= 1
        if depth == 0 { break }
      }
      position += 1
    }
    guard position < characters.count else { return nil }
    let argument = String(characters[argumentStart..<position]).trimmingCharacters(in: .whitespaces)
    position += 1
    return .call(name: name, argument: argument)
  }

  private mutating func skipSpaces() {
    while position < characters.count && characters[position].isWhitespace { position += 1 }
  }

  private mutating func consume(_ token: String) -> Bool {
    skipSpaces()
    let tokenCharacters = Array(token)
    guard position + tokenCharacters.count <= characters.count,
      Array(characters[position..<position + tokenCharacters.count]) == tokenCharacters
    else { return false }
    position += tokenCharacters.count
    return true
  }
}

/// What one build of a target sets, as far as the manifest determines it. Anything the manifest does
/// not determine is an assumption, and every assumption is named so a report can say what it took for granted.
package struct BuildEnvironment: Sendable {
  /// Flags the target defines (`.define("X")`, `-DX`): `.yes`, or `.maybe` when the define has a condition;
  /// `nil` when the manifest's settings could not be read, so any flag may be set. Ignored when `manifest` is set.
  package var flags: [String: Truth]? = [:]
  /// Flags SwiftPM itself passes to every compile of the target: `SWIFT_PACKAGE`, and
  /// `SWIFT_MODULE_RESOURCE_BUNDLE_AVAILABLE` or `…_UNAVAILABLE` (`.yes`), the other one `.no`.
  package var packageManagerFlags: [String: Truth] = ["SWIFT_PACKAGE": .yes]
  /// The package's traits as the lint builds it (default traits, or `--traits`); ignored when `manifest` is set.
  package var traits = TraitState()
  /// The target's Swift language mode (`"6"`, `"5"`, `"4.2"`, `"4"`) as SwiftPM passes it (`-swift-version`);
  /// `nil` when unknown. Ignored when `manifest` is set.
  package var languageMode: String?
  /// Whether a trait the package declares but this build does not enable may still be set: for a rule
  /// that must hold in every build (`redundant-dependency`), a build with `--traits` is one of them.
  package var anyTraitMayBeEnabled = false
  /// The manifest's settings of the target (flags, traits, language mode), read the first time a
  /// condition needs one of them; `nil`: `flags`, `traits` and `languageMode` are used as they are.
  package var manifest: TargetConditions?
  /// `DEBUG`: SwiftPM sets it in debug builds only, and both configurations are built.
  package var debug: Truth = .maybe
  /// The platform's `os(…)` name when one is fixed (`Linux`); `nil` means any platform the package builds on.
  package var operatingSystem: String?
  /// The `os(…)` names a build may have when more than one but not every platform is possible (the
  /// platforms a conditional dependency is declared for); `nil` means any. Ignored when `operatingSystem` is set.
  package var possibleOperatingSystems: Set<String>?
  /// The architecture when one is fixed (`x86_64`); `nil` means any.
  package var architecture: String?
  /// Whether `canImport(X)` holds; `nil` means it depends on the build.
  package var canImport: (@Sendable (String) -> Truth)?
  /// The oldest compiler that can build the package (its tools version), e.g. `[6, 0]`.
  package var minimumCompiler: [Int] = []
  /// The exact compiler version when one is fixed; `nil` means any compiler from `minimumCompiler` on.
  package var compiler: [Int]?

  /// The environment a linted target is checked under: what SwiftPM sets, the manifest's settings of
  /// the target (read when first needed), everything else open.
  package static func lint(
    manifest: TargetConditions, minimumCompiler: [Int], hasResources: Bool = false
  ) -> BuildEnvironment {
    var environment = BuildEnvironment(manifest: manifest, minimumCompiler: minimumCompiler)
    environment.packageManagerFlags = packageManagerFlags(hasResources: hasResources)
    return environment
  }

  /// The flags SwiftPM's build passes for a target with or without resources (`-DSWIFT_PACKAGE`, and
  /// whether `Bundle.module` exists).
  package static func packageManagerFlags(hasResources: Bool) -> [String: Truth] {
    [
      "SWIFT_PACKAGE": .yes,
      "SWIFT_MODULE_RESOURCE_BUNDLE_AVAILABLE": hasResources ? .yes : .no,
      "SWIFT_MODULE_RESOURCE_BUNDLE_UNAVAILABLE": hasResources ? .no : .yes,
    ]
  }

  /// The flags a build of the target never needs the manifest's settings for: SwiftPM's own and `DEBUG`.
  package static let flagsKnownWithoutSettings: Set<String> = [
    "SWIFT_PACKAGE", "SWIFT_MODULE_RESOURCE_BUNDLE_AVAILABLE", "SWIFT_MODULE_RESOURCE_BUNDLE_UNAVAILABLE", "DEBUG",
  ]
}

/// The traits a lint run builds the package with, and the ones it declares.
package struct TraitState: Sendable, Equatable {
  /// Traits that are on (the default set, or what `--traits` / `--enable-all-traits` chose), with the
  /// traits they enable in turn.
  package var enabled: Set<String> = []
  /// Every trait the package declares (`default` excluded).
  package var declared: Set<String> = []
  /// How the enabled set was chosen, for messages: `enabled by default`, `enabled by --traits`.
  package var enabledBy = "enabled by default"

  /// Creates a value from its parts.
  package init(enabled: Set<String> = [], declared: Set<String> = [], enabledBy: String = "enabled by default") {
    self.enabled = enabled
    self.declared = declared
    self.enabledBy = enabledBy
  }
}

/// The manifest's say on one target's `#if` conditions: its flags, the package's traits, its language
/// mode. Loaded once, the first time a condition needs one of them (the loader may run
/// `swift package dump-package`).
package final class TargetConditions: @unchecked Sendable {
  /// What the manifest determines for the target.
  package struct Values: Sendable {
    /// The target's own defines; `nil` when the settings could not be read.
    package var flags: [String: Truth]?
    package var traits = TraitState()
    /// The language mode SwiftPM passes (`-swift-version`); `nil` when unknown.
    package var languageMode: String?

    package init(flags: [String: Truth]?, traits: TraitState = TraitState(), languageMode: String?) {
      self.flags = flags
      self.traits = traits
      self.languageMode = languageMode
    }
  }

  private let load: @Sendable () -> Values
  private let lock = NSLock()
  private var loaded: Values?

  /// Conditions whose values `load` gives the first time they are asked for.
  package init(load: @escaping @Sendable () -> Values) {
    self.load = load
  }

  /// Conditions fixed up front; tests use it.
  package convenience init(_ values: Values) {
    self.init(load: { values })
  }

  package var values: Values {
    lock.lock()
    defer { lock.unlock() }
    if let loaded { return loaded }
    let values = load()
    loaded = values
    return values
  }
}

/// The value of a condition and the assumptions it rests on.
package struct ConditionEvaluation: Equatable, Sendable {
  /// Whether the condition holds in a build.
  package let truth: Truth
  /// What the evaluation assumed, one phrase each (`FOO is not defined by the manifest`).
  package let assumptions: [String]
  /// What decided the condition that is no assumption (`SwiftPM sets SWIFT_PACKAGE in every build`);
  /// a note on a skipped import says it, a finding does not need it.
  package var facts: [String] = []
}

extension BuildCondition {
  /// Whether deciding this condition can need the manifest's settings (`dump-package`): a flag other than
  /// SwiftPM's own and `DEBUG` (a define or a trait), or `swift(…)` (the language mode).
  package var needsManifestSettings: Bool {
    switch self {
    case .literal: false
    case .flag(let name): !name.hasPrefix("$") && !BuildEnvironment.flagsKnownWithoutSettings.contains(name)
    case .call(let name, _): name == "swift"
    case .not(let inner): inner.needsManifestSettings
    case .and(let left, let right), .or(let left, let right): left.needsManifestSettings || right.needsManifestSettings
    }
  }
}

extension ConditionalBranch {
  /// Whether deciding this branch can need the manifest's settings (see `BuildCondition.needsManifestSettings`).
  package var needsManifestSettings: Bool {
    (earlier + [condition].compactMap { $0 }).contains { BuildCondition.parse($0)?.needsManifestSettings ?? false }
  }
}

extension BuildEnvironment {
  /// Whether the code in `branches` (nested `#if` branches, outermost first) is compiled.
  ///
  /// Each condition is first decided on its own; when the result depends on the build, every combination
  /// of what may vary is tried together (a build has one `os(…)` and one `arch(…)`, and a flag is either set
  /// or not in all of the conditions at once), so that `#if os(macOS) && os(Linux)` and `#if DEBUG` inside
  /// `#if !DEBUG` are never compiled, and `#if os(Linux) || !os(Linux)` always is.
  package func evaluate(_ branches: [ConditionalBranch]) -> ConditionEvaluation {
    var truth = Truth.yes
    var notes = Notes()
    var parts: [(condition: BuildCondition?, text: String, mustHold: Bool)] = []
    for branch in branches {
      for earlier in branch.earlier {
        let value = evaluate(text: earlier, notes: &notes)
        truth = truth && !value
        parts.append((BuildCondition.parse(earlier), earlier, false))
      }
      if let condition = branch.condition {
        truth = truth && evaluate(text: condition, notes: &notes)
        parts.append((BuildCondition.parse(condition), condition, true))
      }
    }
    if truth == .maybe, let decided = jointly(parts) {
      truth = decided
      notes.know(
        decided == .no
          ? "no build meets these conditions together (a build has one os(…) and one arch(…), and a flag is set or not)"
          : "every build meets one of these conditions")
    }
    return ConditionEvaluation(truth: truth, assumptions: notes.assumptions, facts: notes.facts)
  }

  /// Whether `parts` (each must hold, or must not) hold together in every build (`.yes`), in none (`.no`);
  /// `nil` when that depends on the build, or when too much varies to try every combination.
  private func jointly(_ parts: [(condition: BuildCondition?, text: String, mustHold: Bool)]) -> Truth? {
    guard parts.allSatisfy({ $0.condition != nil }) else { return nil }
    var atoms: [String] = []
    var systems: Set<String> = []
    var architectures: Set<String> = []
    var fixedValues: [String: Bool] = [:]
    var pending = parts.compactMap(\.condition)
    while let condition = pending.popLast() {
      switch condition {
      case .literal: break
      case .not(let inner): pending.append(inner)
      case .and(let left, let right), .or(let left, let right): pending += [left, right]
      case .call(let name, let argument) where name == "os" && operatingSystem == nil:
        systems.insert(argument)
      case .call(let name, let argument) where name == "arch" && architecture == nil:
        architectures.insert(argument)
      case .flag, .call:
        let key = Self.atomKey(condition)
        guard fixedValues[key] == nil, !atoms.contains(key) else { continue }
        var ignored = Notes()
        switch evaluate(condition, notes: &ignored) {
        case .yes: fixedValues[key] = true
        case .no: fixedValues[key] = false
        case .maybe:
          atoms.append(key)
          // Past ten open atoms every combination is too many to try: the answer stays "maybe".
          if atoms.count > 10 { return nil }
        }
      }
      if systems.count > 16 || architectures.count > 16 { return nil }
    }
    // Each possible os(…): one of those named, or one named nowhere (unless the possible ones are known).
    let systemChoices: [String?] =
      possibleOperatingSystems.map { Array($0).sorted() } ?? (Array(systems).sorted() + [nil])
    let architectureChoices: [String?] = Array(architectures).sorted() + [nil]
    var sawTrue = false
    var sawFalse = false
    for system in systemChoices {
      for architecture in architectureChoices {
        for mask in 0..<(1 << atoms.count) {
          var values = fixedValues
          for (index, atom) in atoms.enumerated() { values[atom] = mask & (1 << index) != 0 }
          let holds = parts.allSatisfy { part in
            Self.holds(part.condition!, system: system, architecture: architecture, values: values) == part.mustHold
          }
          if holds { sawTrue = true } else { sawFalse = true }
          if sawTrue && sawFalse { return nil }
        }
      }
    }
    return sawTrue ? .yes : .no
  }

  private static func atomKey(_ condition: BuildCondition) -> String {
    switch condition {
    case .flag(let name): "flag \(name)"
    case .call(let name, let argument): "call \(name)(\(argument.filter { !$0.isWhitespace }))"
    default: "\(condition)"
    }
  }

  /// Whether `condition` holds in the build where `os(…)` is `system`, `arch(…)` is `architecture` (`nil`:
  /// a value no condition names) and every other atom has its value in `values` (a fixed `os(…)` among them).
  private static func holds(
    _ condition: BuildCondition, system: String?, architecture: String?, values: [String: Bool]
  ) -> Bool {
    switch condition {
    case .literal(let value): return value
    case .not(let inner): return !holds(inner, system: system, architecture: architecture, values: values)
    case .and(let left, let right):
      return holds(left, system: system, architecture: architecture, values: values)
        && holds(right, system: system, architecture: architecture, values: values)
    case .or(let left, let right):
      return holds(left, system: system, architecture: architecture, values: values)
        || holds(right, system: system, architecture: architecture, values: values)
    case .call(let name, let argument) where name == "os" && values[atomKey(condition)] == nil:
      return system == argument
    case .call(let name, let argument) where name == "arch" && values[atomKey(condition)] == nil:
      return architecture == argument
    case .flag, .call:
      return values[atomKey(condition)] ?? false
    }
  }

  /// The assumptions and facts gathered while evaluating, each once, in order.
  package struct Notes {
    private(set) var assumptions: [String] = []
    private(set) var facts: [String] = []
    private var seen: Set<String> = []

    package mutating func assume(_ text: String) {
      if seen.insert("a" + text).inserted { assumptions.append(text) }
    }

    package mutating func know(_ text: String) {
      if seen.insert("f" + text).inserted { facts.append(text) }
    }
  }

  private func evaluate(text: String, notes: inout Notes) -> Truth {
    guard let condition = BuildCondition.parse(text) else {
      notes.assume("cannot read `\(text)`, assumed it may hold")
      return .maybe
    }
    return evaluate(condition, notes: &notes)
  }

  package func evaluate(_ condition: BuildCondition, assumptions: inout [String]) -> Truth {
    var notes = Notes()
    let truth = evaluate(condition, notes: &notes)
    assumptions += notes.assumptions
    return truth
  }

  private func evaluate(_ condition: BuildCondition, notes: inout Notes) -> Truth {
    switch condition {
    case .literal(let value):
      return value ? .yes : .no
    case .not(let inner):
      return !evaluate(inner, notes: &notes)
    case .and(let left, let right):
      return evaluate(left, notes: &notes) && evaluate(right, notes: &notes)
    case .or(let left, let right):
      return evaluate(left, notes: &notes) || evaluate(right, notes: &notes)
    case .flag(let name):
      return flag(name, notes: &notes)
    case .call(let name, let argument):
      return call(name, argument, notes: &notes)
    }
  }

  private func flag(_ name: String, notes: inout Notes) -> Truth {
    if let value = packageManagerFlags[name] {
      notes.know("SwiftPM \(value == .yes ? "sets" : "does not set") \(name) for this target")
      return value
    }
    if name == "DEBUG" {
      if debug == .maybe { notes.assume("DEBUG is set in debug builds only, assumed it may be set") }
      return debug
    }
    if name.hasPrefix("$") {
      notes.assume("\(name) depends on the compiler, assumed it may be set")
      return .maybe
    }
    let values = manifest?.values
    let flags = values.map(\.flags) ?? self.flags
    if let value = flags?[name] {
      if value == .maybe { notes.assume("\(name) is defined under a condition, assumed it may be set") }
      return value
    }
    let traits = values?.traits ?? self.traits
    if traits.enabled.contains(name) {
      notes.know("\(name) is a trait \(traits.enabledBy)")
      return .yes
    }
    if traits.declared.contains(name) && anyTraitMayBeEnabled {
      notes.assume("\(name) is a trait of the package a build may enable, assumed it may be set")
      return .maybe
    }
    if traits.declared.contains(name) {
      notes.assume(
        "\(name) is a trait of the package not \(traits.enabledBy), assumed unset (lint with --traits \(name) "
          + "or --enable-all-traits to check it)")
      return .no
    }
    guard flags != nil else {
      notes.assume("\(name): the manifest's settings could not be read, assumed it may be set")
      return .maybe
    }
    notes.assume("\(name) is not defined for this target by the manifest, assumed unset")
    return .no
  }

  private func call(_ name: String, _ argument: String, notes: inout Notes) -> Truth {
    switch name {
    case "os":
      if operatingSystem == nil, let possible = possibleOperatingSystems {
        if possible == [argument] { return .yes }
        if !possible.contains(argument) {
          notes.know("os(\(argument)) does not hold for the platforms \(possible.sorted().joined(separator: ", "))")
          return .no
        }
        notes.assume("os(\(argument)) depends on the platform, assumed it may hold")
        return .maybe
      }
      return fixed(operatingSystem, argument, "os(\(argument))", notes: &notes)
    case "arch":
      return fixed(architecture, argument, "arch(\(argument))", notes: &notes)
    case "canImport":
      let module = argument.split(separator: ",").first.map { $0.trimmingCharacters(in: .whitespaces) } ?? argument
      if let canImport { return canImport(module) }
      notes.assume("canImport(\(module)) depends on the build, assumed it may hold")
      return .maybe
    case "compiler", "swift":
      return version(name, argument, notes: &notes)
    default:
      notes.assume("\(name)(\(argument)) depends on the build, assumed it may hold")
      return .maybe
    }
  }

  private func fixed(_ value: String?, _ argument: String, _ spelling: String, notes: inout Notes) -> Truth {
    guard let value else {
      notes.assume("\(spelling) depends on the platform, assumed it may hold")
      return .maybe
    }
    return value == argument ? .yes : .no
  }

  /// `compiler(>=5.9)` / `swift(<6)`. `compiler`: decided by the exact compiler when fixed; otherwise a
  /// check at or below the package's tools version holds. `swift`: decided by the language mode SwiftPM
  /// passes (`-swift-version`), which fixes the version `swift(…)` compares with up to the compiler's
  /// (Swift 6 mode: the compiler's version, at least the tools version; 5: 5.0 to 5.10; 4.2: 4.2; 4: 4.1.50).
  private func version(_ name: String, _ argument: String, notes: inout Notes) -> Truth {
    let isAtLeast = argument.hasPrefix(">=")
    guard isAtLeast || argument.hasPrefix("<") else {
      notes.assume("\(name)(\(argument)) is no version check, assumed it may hold")
      return .maybe
    }
    let number = argument.drop { $0 == ">" || $0 == "=" || $0 == "<" }.trimmingCharacters(in: .whitespaces)
    let wanted = number.split(separator: ".").compactMap { Int($0) }
    if name == "compiler" {
      if let compiler {
        let atLeast = !Self.isLess(compiler, than: wanted)
        return (isAtLeast == atLeast) ? .yes : .no
      }
      if !minimumCompiler.isEmpty && !Self.isLess(minimumCompiler, than: wanted) {
        return isAtLeast ? .yes : .no
      }
    } else if let mode = manifest.map({ $0.values.languageMode }) ?? languageMode,
      let range = Self.languageVersions(mode: mode, minimumCompiler: minimumCompiler, compiler: compiler)
    {
      let atLeast: Truth =
        !Self.isLess(range.lowest, than: wanted)
        ? .yes : (range.highest.map { Self.isLess($0, than: wanted) } == true ? .no : .maybe)
      if atLeast != .maybe {
        notes.know("the target compiles in Swift \(mode) language mode")
        return isAtLeast ? atLeast : !atLeast
      }
      notes.assume("\(name)(\(argument)) in Swift \(mode) language mode depends on the compiler, assumed it may hold")
      return .maybe
    }
    notes.assume("\(name)(\(argument)) depends on the toolchain, assumed it may hold")
    return .maybe
  }

  /// The versions `swift(…)` compares with in language mode `mode`: from `lowest` up to `highest`
  /// (`nil`: no upper bound). `nil` for a mode this lint does not know.
  package static func languageVersions(
    mode: String, minimumCompiler: [Int], compiler: [Int]?
  ) -> (lowest: [Int], highest: [Int]?)? {
    switch mode {
    case "4": return ([4, 1, 50], [4, 1, 50])
    case "4.2": return ([4, 2], [4, 2])
    case "5":
      if let compiler { return isLess(compiler, than: [6]) ? (compiler, compiler) : ([5, 10], [5, 10]) }
      let lowest =
        isLess(minimumCompiler, than: [5]) ? [5] : isLess(minimumCompiler, than: [6]) ? minimumCompiler : [5, 10]
      return (lowest, [5, 10])
    case "6":
      if let compiler { return (compiler, compiler) }
      return (isLess(minimumCompiler, than: [6]) ? [6] : minimumCompiler, nil)
    default: return nil
    }
  }

  /// Whether version `lhs` is below `rhs`, missing components counting as 0.
  package static func isLess(_ lhs: [Int], than rhs: [Int]) -> Bool {
    for index in 0..<max(lhs.count, rhs.count) {
      let left = index < lhs.count ? lhs[index] : 0
      let right = index < rhs.count ? rhs[index] : 0
      if left != right { return left < right }
    }
    return false
  }
}
