/// One declaration of an API file (`APIRenderer`'s line), taken apart so that two versions of it can
/// be compared part by part: what identifies it (`key`) and what a caller or a conformer depends on.
/// A line it does not understand keeps its text as its key: any change to it is then a removal and an
/// addition.
struct APIDeclaration: Equatable, Sendable {
  /// One parameter: its argument label (`_` for none), its type as written, its default value if any.
  struct Parameter: Equatable, Sendable {
    var label: String
    var type: String
    var defaultValue: String?
  }

  /// The line as written, without indentation.
  var text: String
  /// `@available(…)`, `@discardableResult`, `@frozen`, …
  var attributes: [String] = []
  /// `static`, `final`, `mutating`, `convenience`, `indirect`, …
  var modifiers: [String] = []
  /// `public`, `open`, or nil (a protocol requirement, an enum case).
  var access: String?
  /// `func`, `init`, `subscript`, `var`, `let`, `case`, `struct`, `class`, `enum`, `protocol`, `actor`,
  /// `extension`, `typealias`, `associatedtype`, `macro`; empty when the line was not understood.
  var keyword = ""
  /// The name or path; an operator's symbol.
  var name = ""
  /// `?` or `!` of a failable initializer.
  var failability = ""
  /// `<T, U>` as written.
  var genericParameters = ""
  var parameters: [Parameter] = []
  /// `async`, `throws`, `throws(E)`, `rethrows`.
  var effects: [String] = []
  /// The result of a function or subscript, the type of a property, what a type alias names.
  var type = ""
  /// The requirements after `where`, as written.
  var whereClause = ""
  /// `get`, `set` of a property or subscript.
  var accessors: [String] = []
  /// What a type conforms to or refines, its superclass, an associated type's constraints.
  var inheritance: [String] = []
  /// An associated type's default.
  var defaultType = ""
  /// A requirement an extension of its protocol implements.
  var hasDefaultImplementation = false
  /// Whether every part of the line was read.
  var isUnderstood = false

  var isStatic: Bool { modifiers.contains("static") || modifiers.contains("class") }
  /// Whether the line declares a type (a group's header) or extends one.
  var isTypeLike: Bool { Self.typeKeywords.contains(keyword) || keyword == "extension" }

  /// What identifies the declaration among its siblings: kind, name and argument labels
  /// (`func fetch(id:force:)`, `static var shared`, `case text`, `type Box`).
  var key: String {
    let labels = "(" + parameters.map { "\($0.label):" }.joined() + ")"
    let staticPrefix = isStatic ? "static " : ""
    switch keyword {
    case "func": return staticPrefix + "func " + name + labels
    case "init": return "init" + labels
    case "subscript": return staticPrefix + "subscript" + labels
    case "var", "let": return staticPrefix + "var " + name
    case "case": return "case " + name
    case "macro": return "macro " + name + labels
    case "typealias", "associatedtype": return keyword + " " + name
    case "extension": return "extension " + name
    case _ where Self.typeKeywords.contains(keyword): return "type " + name
    default: return text
    }
  }

  /// The key of a line inside a group: a conformance under conditions (`extension Box : Equatable
  /// where …`) is told apart from the others by what it conforms to.
  var memberKey: String {
    keyword == "extension" ? key + " : " + inheritance.joined(separator: ", ") : key
  }

  /// What people call the declaration in a message: `func fetch(id:force:)`, `struct Box`.
  var title: String {
    switch keyword {
    case "func", "init", "subscript", "macro", "var", "let", "case", "typealias", "associatedtype", "extension":
      return key
    case _ where Self.typeKeywords.contains(keyword): return keyword + " " + name
    default: return text
    }
  }

  static let typeKeywords: Set<String> = ["struct", "class", "enum", "protocol", "actor"]
  private static let declarationKeywords: Set<String> =
    typeKeywords.union([
      "func", "init", "subscript", "var", "let", "case", "extension", "typealias", "associatedtype", "macro",
    ])
  private static let modifierWords: Set<String> = [
    "public", "open", "static", "class", "final", "mutating", "nonmutating", "convenience", "required", "override",
    "indirect", "nonisolated", "optional", "dynamic", "lazy", "weak", "unowned", "prefix", "postfix", "infix",
    "consuming", "borrowing", "distributed", "isolated", "package",
  ]

  /// Reads one line of an API file (without its indentation).
  init(parsing line: String) {
    var body = Substring(line)
    if body.hasSuffix(APIRenderer.defaultImplementationMark) {
      body = body.dropLast(APIRenderer.defaultImplementationMark.count)
      hasDefaultImplementation = true
    }
    text = APIRenderer.collapsed(String(body))
    var reader = DeclarationReader(text)
    isUnderstood = read(&reader) && reader.isAtEnd
  }

  private mutating func read(_ reader: inout DeclarationReader) -> Bool {
    // Attributes, access and modifiers, in any order before the keyword.
    while let token = reader.peek {
      if token == "@" {
        attributes.append(reader.attribute())
      } else if token == "class", let next = reader.peek(1), Self.declarationKeywords.contains(next),
        next != "class"
      {
        modifiers.append(reader.next()!)
      } else if Self.modifierWords.contains(token), token != "class" {
        let word = reader.next()!
        if word == "public" || word == "open" || word == "package" { access = word } else { modifiers.append(word) }
      } else {
        break
      }
    }
    guard let word = reader.peek, Self.declarationKeywords.contains(word) else { return false }
    keyword = reader.next()!
    switch keyword {
    case "func", "macro":
      name = reader.functionName()
      genericParameters = reader.genericParameters()
      guard reader.peek == "(", let list = reader.parameters(labelsNeedTwoNames: false) else { return false }
      parameters = list
      effects = reader.effects()
      if reader.skip("->") { type = reader.text(until: ["where", "{"]) }
    case "init":
      if reader.peekIsAdjacent("?") || reader.peekIsAdjacent("!") { failability = reader.next()! }
      genericParameters = reader.genericParameters()
      guard reader.peek == "(", let list = reader.parameters(labelsNeedTwoNames: false) else { return false }
      parameters = list
      effects = reader.effects()
    case "subscript":
      genericParameters = reader.genericParameters()
      guard reader.peek == "(", let list = reader.parameters(labelsNeedTwoNames: true) else { return false }
      parameters = list
      effects = reader.effects()
      guard reader.skip("->") else { return false }
      type = reader.text(until: ["where", "{"])
    case "var", "let":
      name = reader.path()
      guard reader.skip(":") else { return false }
      type = reader.text(until: ["where", "{"])
    case "case":
      name = reader.path()
      if reader.peekIsAdjacent("("), let list = reader.parameters(labelsNeedTwoNames: false, payload: true) {
        parameters = list
      }
      if reader.skip("=") { type = reader.text(until: ["where"]) }
    case "typealias":
      name = reader.path()
      genericParameters = reader.genericParameters()
      guard reader.skip("=") else { return false }
      type = reader.text(until: ["where"])
    case "associatedtype":
      name = reader.path()
      if reader.skip(":") { inheritance = reader.list(until: ["where", "="]) }
      if reader.skip("=") { defaultType = reader.text(until: ["where"]) }
    default:  // a type or an extension
      name = reader.path()
      genericParameters = reader.genericParameters()
      if reader.skip(":") { inheritance = reader.list(until: ["where"]) }
    }
    if reader.skip("where") { whereClause = reader.text(until: ["{"]) }
    if reader.peek == "{" {
      guard let words = reader.accessors() else { return false }
      accessors = words
    }
    return true
  }
}

/// The tokens of one declaration line: words, punctuation, `->`, `...`, string literals; each remembers
/// whether white space came before it, and where it is in the line (types are read back as written).
struct DeclarationReader {
  private struct Token {
    var text: String
    var range: Range<String.Index>
    var isSpaced: Bool
  }

  private let line: String
  private var tokens: [Token] = []
  private var position = 0

  init(_ line: String) {
    self.line = line
    var index = line.startIndex
    var spaced = false
    while index < line.endIndex {
      let character = line[index]
      if character.isWhitespace {
        spaced = true
        index = line.index(after: index)
        continue
      }
      let start = index
      if character == "\"" {
        index = line.index(after: index)
        while index < line.endIndex && line[index] != "\"" {
          if line[index] == "\\" { index = line.index(after: index) }
          if index < line.endIndex { index = line.index(after: index) }
        }
        if index < line.endIndex { index = line.index(after: index) }
      } else if character == "`" {
        index = line.index(after: index)
        while index < line.endIndex && line[index] != "`" { index = line.index(after: index) }
        if index < line.endIndex { index = line.index(after: index) }
      } else if character.isLetter || character == "_" || character == "$" || character.isNumber {
        while index < line.endIndex,
          line[index].isLetter || line[index].isNumber || line[index] == "_" || line[index] == "$"
        {
          index = line.index(after: index)
        }
      } else if line[index...].hasPrefix("->") {
        index = line.index(index, offsetBy: 2)
      } else if line[index...].hasPrefix("...") {
        index = line.index(index, offsetBy: 3)
      } else {
        index = line.index(after: index)
      }
      tokens.append(Token(text: String(line[start..<index]), range: start..<index, isSpaced: spaced))
      spaced = false
    }
  }

  var isAtEnd: Bool { position >= tokens.count }
  var peek: String? { peek(0) }
  func peek(_ offset: Int) -> String? { position + offset < tokens.count ? tokens[position + offset].text : nil }

  /// Whether the next token is `text` with no space before it.
  func peekIsAdjacent(_ text: String) -> Bool { peek == text && !tokens[position].isSpaced }

  mutating func next() -> String? {
    guard position < tokens.count else { return nil }
    position += 1
    return tokens[position - 1].text
  }

  /// Consumes the next token when it is `text`.
  mutating func skip(_ text: String) -> Bool {
    guard peek == text else { return false }
    position += 1
    return true
  }

  /// The index of the token that closes the bracket at `start`.
  private func closing(_ start: Int) -> Int {
    var depth = 0
    for index in start..<tokens.count {
      switch tokens[index].text {
      case "(", "[", "<", "{": depth += 1
      case ")", "]", ">", "}":
        depth -= 1
        if depth == 0 { return index }
      default: break
      }
    }
    return tokens.count - 1
  }

  private func source(_ from: Int, _ to: Int) -> String {
    guard from <= to, to < tokens.count else { return "" }
    return String(line[tokens[from].range.lowerBound..<tokens[to].range.upperBound])
  }

  /// `@name` and its arguments.
  mutating func attribute() -> String {
    let start = position
    position += 1
    if position < tokens.count { position += 1 }
    if peekIsAdjacent("(") { position = closing(position) + 1 }
    return source(start, position - 1)
  }

  /// A function's name: an identifier, or an operator's characters up to the next space or `(`.
  mutating func functionName() -> String {
    guard let first = peek else { return "" }
    if first.first.map({ $0.isLetter || $0 == "_" || $0 == "`" }) == true { return next()! }
    var name = ""
    while let token = peek, token != "(", name.isEmpty || !tokens[position].isSpaced {
      name += token
      position += 1
    }
    return name
  }

  /// `A.B.C`
  mutating func path() -> String {
    var path = next() ?? ""
    while peekIsAdjacent("."), let part = peek(1) {
      position += 2
      path += "." + part
    }
    return path
  }

  /// `<T, U: P>` right after a name, or "".
  mutating func genericParameters() -> String {
    guard peekIsAdjacent("<") else { return "" }
    let end = closing(position)
    defer { position = end + 1 }
    return source(position, end)
  }

  /// The parameter list at `(`. `labelsNeedTwoNames`: a subscript's parameter has a label only when
  /// it has two names; `payload`: an enum case's associated values, which may have no name.
  mutating func parameters(labelsNeedTwoNames: Bool, payload: Bool = false) -> [APIDeclaration.Parameter]? {
    let end = closing(position)
    var parameters: [APIDeclaration.Parameter] = []
    var segmentStart = position + 1
    var depth = 0
    var index = position + 1
    while index <= end {
      let text = tokens[index].text
      if index == end || (depth == 0 && text == ",") {
        if segmentStart < index {
          guard let parameter = parameter(segmentStart, index - 1, labelsNeedTwoNames, payload) else { return nil }
          parameters.append(parameter)
        }
        segmentStart = index + 1
      } else if ["(", "[", "<", "{"].contains(text) {
        depth += 1
      } else if [")", "]", ">", "}"].contains(text) {
        depth -= 1
      }
      index += 1
    }
    position = end + 1
    return parameters
  }

  private func parameter(
    _ from: Int, _ to: Int, _ labelsNeedTwoNames: Bool, _ payload: Bool
  )
    -> APIDeclaration.Parameter?
  {
    var colon: Int?
    var equals: Int?
    var depth = 0
    for index in from...to {
      switch tokens[index].text {
      case "(", "[", "<", "{": depth += 1
      case ")", "]", ">", "}": depth -= 1
      case ":" where depth == 0 && colon == nil: colon = index
      case "=" where depth == 0 && equals == nil: equals = index
      default: break
      }
    }
    let typeEnd = (equals ?? (to + 1)) - 1
    let defaultValue = equals.map { source($0 + 1, to) }
    guard let colon else {
      guard payload else { return nil }
      return APIDeclaration.Parameter(label: "_", type: source(from, typeEnd), defaultValue: defaultValue)
    }
    let names = (from..<colon).map { tokens[$0].text }
    guard !names.isEmpty, names.count <= 2 else { return nil }
    let label = labelsNeedTwoNames && names.count == 1 ? "_" : names[0]
    return APIDeclaration.Parameter(label: label, type: source(colon + 1, typeEnd), defaultValue: defaultValue)
  }

  /// `async`, `throws`, `throws(E)`, `rethrows`, in order.
  mutating func effects() -> [String] {
    var effects: [String] = []
    while let word = peek, ["async", "throws", "rethrows", "reasync"].contains(word) {
      let start = position
      position += 1
      if word == "throws" && peekIsAdjacent("(") { position = closing(position) + 1 }
      effects.append(source(start, position - 1))
    }
    return effects
  }

  /// The text up to (not including) the first of `stops` outside brackets, or to the end.
  mutating func text(until stops: Set<String>) -> String {
    let start = position
    var depth = 0
    while let token = peek {
      if depth == 0 && stops.contains(token) { break }
      if ["(", "[", "<", "{"].contains(token) { depth += 1 }
      if [")", "]", ">", "}"].contains(token) { depth -= 1 }
      position += 1
    }
    return source(start, position - 1)
  }

  /// A comma-separated list up to the first of `stops` outside brackets.
  mutating func list(until stops: Set<String>) -> [String] {
    var items: [String] = []
    while !isAtEnd, let token = peek, !stops.contains(token) {
      items.append(text(until: stops.union([","])))
      _ = skip(",")
    }
    return items
  }

  /// `{ get set }` → `["get", "set"]`; nil when the braces hold anything else.
  mutating func accessors() -> [String]? {
    let end = closing(position)
    let words = ((position + 1)..<end).map { tokens[$0].text }
    position = end + 1
    let known: Set<String> = ["get", "set", "async", "throws", "mutating", "nonmutating", "_read", "_modify"]
    return words.allSatisfy(known.contains) ? words : nil
  }
}
