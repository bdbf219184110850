/// A three-valued truth: a build condition may be set, unset, or depend on the build.
enum Truth: Equatable, Sendable {
  case yes, no, maybe

  static prefix func ! (value: Truth) -> Truth {
    switch value {
    case .yes: .no
    case .no: .yes
    case .maybe: .maybe
    }
  }

  static func && (lhs: Truth, rhs: Truth) -> Truth {
    if lhs == .no || rhs == .no { return .no }
    return lhs == .yes && rhs == .yes ? .yes : .maybe
  }

  static func || (lhs: Truth, rhs: Truth) -> Truth {
    if lhs == .yes || rhs == .yes { return .yes }
    return lhs == .no && rhs == .no ? .no : .maybe
  }
}

/// The condition of an `#if` / `#elseif`, parsed: flags, platform conditions, literals, `!`, `&&`, `||`.
indirect enum BuildCondition: Equatable, Sendable {
  case literal(Bool)
  /// A compilation flag such as `DEBUG` or `COLLECTIONS_SINGLE_MODULE` (or `$Feature`).
  case flag(String)
  /// A platform condition such as `os(Linux)`, `canImport(Foo)`, `compiler(>=5.9)`; `argument` as written.
  case call(name: String, argument: String)
  case not(BuildCondition)
  case and(BuildCondition, BuildCondition)
  case or(BuildCondition, BuildCondition)

  /// Parses `text`; `nil` when it is no condition this parser understands.
  static func parse(_ text: String) -> BuildCondition? {
    var parser = ConditionParser(text: text)
    guard let condition = parser.parseOr(), parser.atEnd else { return nil }
    return condition
  }
}

/// Recursive descent over a condition's characters.
private struct ConditionParser {
  private let characters: [Character]
  private var position = 0

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
    guard var left = parseAnd() else { return nil }
    while consume("||") {
      guard let right = parseAnd() else { return nil }
      left = .or(left, right)
    }
    return left
  }

  private mutating func parseAnd() -> BuildCondition? {
    guard var left = parseUnary() else { return nil }
    while consume("&&") {
      guard let right = parseUnary() else { return nil }
      left = .and(left, right)
    }
    return left
  }

  private mutating func parseUnary() -> BuildCondition? {
    if consume("!") {
      return parseUnary().map(BuildCondition.not)
    }
    if consume("(") {
      guard let inner = parseOr(), consume(")") else { return nil }
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
    // `!` must not be the start of `!=`, which conditions do not use; `&&`/`||` are exact.
    position += tokenCharacters.count
    return true
  }
}

/// What one build of a target sets, as far as the manifest determines it. Anything the manifest does
/// not determine is an assumption, and every assumption is named so a report can say what it took for granted.
struct BuildEnvironment: Sendable {
  /// Flags the target defines (`.define("X")`, `-DX`): `.yes`, or `.maybe` when the define has a condition;
  /// `nil` when the manifest's settings could not be read, so any flag may be set.
  var flags: [String: Truth]? = [:]
  /// `DEBUG`: SwiftPM sets it in debug builds only, and both configurations are built.
  var debug: Truth = .maybe
  /// The platform's `os(…)` name when one is fixed (`Linux`); `nil` means any platform the package builds on.
  var operatingSystem: String?
  /// The architecture when one is fixed (`x86_64`); `nil` means any.
  var architecture: String?
  /// Whether `canImport(X)` holds; `nil` means it depends on the build.
  var canImport: (@Sendable (String) -> Truth)?
  /// The oldest compiler that can build the package (its tools version), e.g. `[6, 0]`.
  var minimumCompiler: [Int] = []
  /// The exact compiler version when one is fixed; `nil` means any compiler from `minimumCompiler` on.
  var compiler: [Int]?

  /// The environment a linted target is checked under: its own flags, everything else open.
  static func lint(flags: [String: Truth]?, minimumCompiler: [Int]) -> BuildEnvironment {
    BuildEnvironment(flags: flags, minimumCompiler: minimumCompiler)
  }
}

/// The value of a condition and the assumptions it rests on.
struct ConditionEvaluation: Equatable, Sendable {
  /// Whether the condition holds in a build.
  let truth: Truth
  /// What the evaluation assumed, one phrase each (`FOO is not defined by the manifest`).
  let assumptions: [String]
}

extension BuildEnvironment {
  /// Whether the code in `branches` (nested `#if` branches, outermost first) is compiled.
  func evaluate(_ branches: [ConditionalBranch]) -> ConditionEvaluation {
    var truth = Truth.yes
    var assumptions: [String] = []
    for branch in branches {
      for earlier in branch.earlier {
        let value = evaluate(text: earlier, assumptions: &assumptions)
        truth = truth && !value
      }
      if let condition = branch.condition {
        truth = truth && evaluate(text: condition, assumptions: &assumptions)
      }
    }
    var unique: [String] = []
    for assumption in assumptions where !unique.contains(assumption) { unique.append(assumption) }
    return ConditionEvaluation(truth: truth, assumptions: unique)
  }

  private func evaluate(text: String, assumptions: inout [String]) -> Truth {
    guard let condition = BuildCondition.parse(text) else {
      assumptions.append("cannot read `\(text)`, assumed it may hold")
      return .maybe
    }
    return evaluate(condition, assumptions: &assumptions)
  }

  func evaluate(_ condition: BuildCondition, assumptions: inout [String]) -> Truth {
    switch condition {
    case .literal(let value):
      return value ? .yes : .no
    case .not(let inner):
      return !evaluate(inner, assumptions: &assumptions)
    case .and(let left, let right):
      return evaluate(left, assumptions: &assumptions) && evaluate(right, assumptions: &assumptions)
    case .or(let left, let right):
      return evaluate(left, assumptions: &assumptions) || evaluate(right, assumptions: &assumptions)
    case .flag(let name):
      return flag(name, assumptions: &assumptions)
    case .call(let name, let argument):
      return call(name, argument, assumptions: &assumptions)
    }
  }

  private func flag(_ name: String, assumptions: inout [String]) -> Truth {
    if let value = flags?[name] {
      if value == .maybe { assumptions.append("\(name) is defined under a condition, assumed it may be set") }
      return value
    }
    if name == "DEBUG" {
      if debug == .maybe { assumptions.append("DEBUG is set in debug builds only, assumed it may be set") }
      return debug
    }
    if name.hasPrefix("$") {
      assumptions.append("\(name) depends on the compiler, assumed it may be set")
      return .maybe
    }
    guard flags != nil else {
      assumptions.append("\(name): the manifest's settings could not be read, assumed it may be set")
      return .maybe
    }
    assumptions.append("\(name) is not defined for this target by the manifest, assumed unset")
    return .no
  }

  private func call(_ name: String, _ argument: String, assumptions: inout [String]) -> Truth {
    switch name {
    case "os":
      return fixed(operatingSystem, argument, "os(\(argument))", assumptions: &assumptions)
    case "arch":
      return fixed(architecture, argument, "arch(\(argument))", assumptions: &assumptions)
    case "canImport":
      let module = argument.split(separator: ",").first.map { $0.trimmingCharacters(in: .whitespaces) } ?? argument
      if let canImport { return canImport(module) }
      assumptions.append("canImport(\(module)) depends on the build, assumed it may hold")
      return .maybe
    case "compiler", "swift":
      return version(name, argument, assumptions: &assumptions)
    default:
      assumptions.append("\(name)(\(argument)) depends on the build, assumed it may hold")
      return .maybe
    }
  }

  private func fixed(_ value: String?, _ argument: String, _ spelling: String, assumptions: inout [String]) -> Truth {
    guard let value else {
      assumptions.append("\(spelling) depends on the platform, assumed it may hold")
      return .maybe
    }
    return value == argument ? .yes : .no
  }

  /// `compiler(>=5.9)` / `swift(<6)`: decided by the exact compiler when fixed; otherwise a
  /// `compiler` check below the package's tools version is decided, and anything else may hold.
  private func version(_ name: String, _ argument: String, assumptions: inout [String]) -> Truth {
    let isAtLeast = argument.hasPrefix(">=")
    guard isAtLeast || argument.hasPrefix("<") else {
      assumptions.append("\(name)(\(argument)) is no version check, assumed it may hold")
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
    }
    assumptions.append("\(name)(\(argument)) depends on the toolchain, assumed it may hold")
    return .maybe
  }

  /// Whether version `lhs` is below `rhs`, missing components counting as 0.
  static func isLess(_ lhs: [Int], than rhs: [Int]) -> Bool {
    for index in 0..<max(lhs.count, rhs.count) {
      let left = index < lhs.count ? lhs[index] : 0
      let right = index < rhs.count ? rhs[index] : 0
      if left != right { return left < right }
    }
    return false
  }
}
