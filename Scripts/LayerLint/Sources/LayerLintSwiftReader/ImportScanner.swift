import Foundation

/// Finds the `import` declarations of a Swift source file with a small byte-level lexer.
///
/// The lexer walks the whole file once and understands just enough Swift not to be fooled:
/// line comments, nested block comments, string literals (single-line, multi-line `"""`, raw
/// `#"…"#` with any number of `#`, interpolations `\(…)` that contain strings), attributes such as
/// `@testable` or `@_spi(X)`, access-level modifiers, import kinds (`import struct X.Y`) and
/// `#if` blocks. An `import` counts only where a declaration can start: at the start of a line or
/// after `;`, attributes and modifiers, never inside parentheses or after a `.`.
package enum ImportScanner {
  /// The imports of `source`, in file order.
  package static func imports(in source: String) -> [ImportDeclaration] {
    var text = source
    return text.withUTF8 { imports(in: $0) }
  }

  /// The imports of the UTF-8 bytes `bytes`, in file order (of the part before a problem, if any).
  package static func imports(in bytes: UnsafeBufferPointer<UInt8>) -> [ImportDeclaration] {
    read(bytes).declarations
  }

  /// The imports of `bytes` and, when the lexer had to stop, why (`SourceProblem`).
  package static func read(
    _ bytes: UnsafeBufferPointer<UInt8>
  ) -> (
    declarations: [ImportDeclaration], problem: SourceProblem?
  ) {
    var lexer = SwiftSourceLexer(bytes: bytes)
    lexer.scanFile()
    return (lexer.declarations(withLinesFrom: bytes), lexer.problem(withLinesFrom: bytes))
  }

  /// The imports of the file at `path`, or `nil` when it cannot be read or lexed to its end.
  package static func imports(ofFileAt path: String) -> [ImportDeclaration]? {
    try? read(fileAt: path).get()
  }

  /// The imports of the file at `path`, or why they cannot be known: the file is unreadable, or the lexer
  /// had to stop (it nests deeper than the compiler allows).
  package static func read(fileAt path: String) -> Result<[ImportDeclaration], SourceProblem> {
    guard let data = FileManager.default.contents(atPath: path) else {
      return .failure(SourceProblem(line: nil, reason: "not readable"))
    }
    let (declarations, problem) = data.withUnsafeBytes { raw in read(raw.bindMemory(to: UInt8.self)) }
    if let problem { return .failure(problem) }
    return .success(declarations)
  }
}

/// The lexer behind `ImportScanner` and `TextScanner`: one pass, no allocation per token. For
/// `TextScanner` it also collects every string literal (its static text, the `#if` branches it sits in,
/// whether it is an argument of an exempt call) and every `// untranslated:` comment.
package struct SwiftSourceLexer {
  private enum ImportState {
    case none
    case afterImportKeyword(offset: Int)
    case afterImportKind(offset: Int)
  }

  private struct Found {
    package let module: String
    package let offset: Int
    package let branches: [ConditionalBranch]
    package let isExported: Bool
  }

  /// An open `#if` chain: the conditions of its earlier branches and the current one (`nil` after `#else`).
  private struct OpenConditional {
    package var earlier: [String] = []
    package var condition: String?
  }

  private let bytes: UnsafeBufferPointer<UInt8>
  private var index = 0
  /// How many string interpolations are open around `index`.
  private var interpolationDepth = 0
  /// Where and why the lexer stopped before the end of the file.
  private var stopped: (offset: Int, reason: String)?
  private var found: [Found] = []
  private var atDeclarationStart = true
  /// Whether `@_exported` opened the declaration being read.
  private var isExportedDeclaration = false
  private var importState = ImportState.none
  private var groupingDepth = 0
  private var openConditionals: [OpenConditional] = []

  /// The calls whose arguments hold no text to translate (`logger.info(`); `nil`: imports only.
  private let exemptCalls: ExemptCalls?
  /// String literals found so far (only when `exemptCalls` is set), in the order they close.
  private(set) var literals: [LexedLiteral] = []
  /// `// untranslated:` and `// untranslated-file:` comments found so far (only when `exemptCalls` is set).
  private(set) var optOuts: [LexedOptOut] = []
  /// For every open `(`: whether it opens the arguments of an exempt call.
  private var openParentheses: [Bool] = []
  /// How many entries of `openParentheses` are exempt calls.
  private var exemptCallDepth = 0

  /// The most branches an `#if` chain may have for the lint to read the file (each import records the
  /// conditions of the branches before its own).
  static let maximumChain = 1_000

  private static let modifiers: Set<String> = [
    "public", "internal", "package", "private", "fileprivate", "open", "nonisolated",
  ]
  private static let importKinds: Set<String> = [
    "struct", "class", "enum", "protocol", "func", "var", "let", "typealias",
  ]

  /// A lexer over `bytes`; with `exemptCalls` it also collects string literals and opt-out comments.
  package init(bytes: UnsafeBufferPointer<UInt8>, exemptCalls: ExemptCalls? = nil) {
    self.bytes = bytes
    self.exemptCalls = exemptCalls
  }

  package mutating func scanFile() {
    if byte(at: 0) == 0xEF && byte(at: 1) == 0xBB && byte(at: 2) == 0xBF { index = 3 }  // UTF-8 byte order mark
    if byte(at: index) == UInt8(ascii: "#") && byte(at: index + 1) == UInt8(ascii: "!") {
      skipLineComment()
    }
    scanCode(isInterpolation: false)
  }

  /// Turns the recorded byte offsets into 1-based line numbers in one pass over the bytes; a line
  /// ends at `\n`, `\r\n` or a lone `\r`, as in Swift.
  package func declarations(withLinesFrom bytes: UnsafeBufferPointer<UInt8>) -> [ImportDeclaration] {
    var result: [ImportDeclaration] = []
    result.reserveCapacity(found.count)
    var line = 1
    var position = 0
    for item in found {
      while position < item.offset {
        if Self.isLineBreak(at: position, in: bytes) { line += 1 }
        position += 1
      }
      result.append(
        ImportDeclaration(module: item.module, line: line, branches: item.branches, isExported: item.isExported))
    }
    return result
  }

  /// Why the lexer stopped before the end of the file, with the line; `nil` when it read it all.
  func problem(withLinesFrom bytes: UnsafeBufferPointer<UInt8>) -> SourceProblem? {
    guard let stopped else { return nil }
    var line = 1
    for position in 0..<min(stopped.offset, bytes.count) where Self.isLineBreak(at: position, in: bytes) { line += 1 }
    return SourceProblem(line: line, reason: stopped.reason)
  }

  /// Stops lexing at `offset` for `reason` (the rest of the file is not read).
  private mutating func stop(at offset: Int, _ reason: String) {
    if stopped == nil { stopped = (offset, reason) }
    index = bytes.count
  }

  // MARK: - Code

  /// Scans code until the end of the file, or — inside an interpolation — until its closing `)`.
  private mutating func scanCode(isInterpolation: Bool) {
    var parenthesisDepth = 0
    // The name before the current token and what came before it, for a `(` (`logger.info(`).
    var callee: Callee?
    while index < bytes.count {
      let character = bytes[index]
      let previous = callee
      callee = nil
      switch character {
      case UInt8(ascii: "\n"), UInt8(ascii: "\r"):
        index += 1
        if groupingDepth == 0 && !isInterpolation { atDeclarationStart = true }
        callee = previous?.broken()  // `logger⏎.info(` goes on; `name⏎(` is no call
      case UInt8(ascii: " "), UInt8(ascii: "\t"), 0x0B, 0x0C, 0x00:  // Swift's whitespace: also VT, FF and NUL
        index += 1
        callee = previous
      case UInt8(ascii: "/") where byte(at: index + 1) == UInt8(ascii: "/"):
        if exemptCalls != nil { noteOptOut() }
        skipLineComment()
        callee = previous
      case UInt8(ascii: "/") where byte(at: index + 1) == UInt8(ascii: "*"):
        skipBlockComment()
      case UInt8(ascii: "/") where bareRegexEnd() != nil:
        interruptDeclaration()
        index = bareRegexEnd() ?? index + 1
      case UInt8(ascii: "\""):
        interruptDeclaration()
        scanString(hashCount: 0)
      case UInt8(ascii: "#"):
        callee = scanHash().map { Callee(name: $0, isMacro: true) }
      case UInt8(ascii: "@"):
        scanAttribute()
      case UInt8(ascii: "`"):
        scanEscapedIdentifier()
      case UInt8(ascii: ";"):
        index += 1
        importState = .none
        isExportedDeclaration = false
        atDeclarationStart = groupingDepth == 0
      case UInt8(ascii: "("):
        index += 1
        parenthesisDepth += 1
        if !isInterpolation { groupingDepth += 1 }
        interruptDeclaration()
        if exemptCalls != nil { openParenthesis(callee: previous) }
      case UInt8(ascii: ")"):
        index += 1
        if isInterpolation && parenthesisDepth == 0 { return }
        parenthesisDepth -= 1
        if !isInterpolation { groupingDepth = max(0, groupingDepth - 1) }
        interruptDeclaration()
        if exemptCalls != nil { closeParenthesis() }
      case UInt8(ascii: "["):
        index += 1
        if !isInterpolation { groupingDepth += 1 }
        interruptDeclaration()
      case UInt8(ascii: "]"):
        index += 1
        if !isInterpolation { groupingDepth = max(0, groupingDepth - 1) }
        interruptDeclaration()
      default:
        if Self.isIdentifierHead(character) {
          let start = index
          skipIdentifier()
          handleIdentifier(start: start, end: index, isEscaped: false)
          callee = Callee(name: start..<index, after: previous)
        } else if character == UInt8(ascii: ".") {
          index += 1
          interruptDeclaration()
          callee = Callee(dotAfter: previous)
        } else if (character == UInt8(ascii: "?") || character == UInt8(ascii: "!")) && previous?.isName == true
          && index > 0 && Self.isIdentifierBody(bytes[index - 1])
        {
          index += 1  // `logger?.info(`, `logger!.info(`: optional chaining keeps the receiver
          interruptDeclaration()
          callee = previous
        } else {
          index += 1
          interruptDeclaration()
        }
      }
    }
  }

  private mutating func interruptDeclaration() {
    atDeclarationStart = false
    isExportedDeclaration = false
    importState = .none
  }

  private mutating func handleIdentifier(start: Int, end: Int, isEscaped: Bool) {
    switch importState {
    case .afterImportKeyword(let offset):
      if !isEscaped && Self.importKinds.contains(text(start, end)) {
        importState = .afterImportKind(offset: offset)
      } else {
        record(module: text(start, end), offset: offset)
      }
      return
    case .afterImportKind(let offset):
      record(module: text(start, end), offset: offset)
      return
    case .none:
      break
    }
    guard atDeclarationStart, !isEscaped else {
      atDeclarationStart = false
      return
    }
    let word = text(start, end)
    if word == "import" {
      importState = .afterImportKeyword(offset: start)
      atDeclarationStart = false
    } else if !Self.modifiers.contains(word) {
      atDeclarationStart = false
      isExportedDeclaration = false
    }
  }

  private mutating func record(module: String, offset: Int) {
    let branches = openConditionals.map { ConditionalBranch(earlier: $0.earlier, condition: $0.condition) }
    found.append(Found(module: module, offset: offset, branches: branches, isExported: isExportedDeclaration))
    importState = .none
    atDeclarationStart = false
    isExportedDeclaration = false
  }

  /// `@name`, optionally followed by `(…)`: keeps a declaration start alive (`@testable import X`).
  private mutating func scanAttribute() {
    index += 1
    guard index < bytes.count, Self.isIdentifierHead(bytes[index]) else {
      interruptDeclaration()
      return
    }
    let nameStart = index
    skipIdentifier()
    if atDeclarationStart && text(nameStart, index) == "_exported" { isExportedDeclaration = true }
    var lookahead = index
    while lookahead < bytes.count && (bytes[lookahead] == UInt8(ascii: " ") || bytes[lookahead] == UInt8(ascii: "\t")) {
      lookahead += 1
    }
    guard lookahead < bytes.count, bytes[lookahead] == UInt8(ascii: "(") else { return }
    index = lookahead + 1
    var depth = 1
    while index < bytes.count && depth > 0 {
      switch bytes[index] {
      case UInt8(ascii: "("): depth += 1
      case UInt8(ascii: ")"): depth -= 1
      case UInt8(ascii: "\""):
        scanString(hashCount: 0, isAttributeArgument: true)  // `@available(message: "…")` is for developers
        continue
      default: break
      }
      index += 1
    }
  }

  /// `` `name` ``: an identifier, never a keyword, but a valid module name after `import`.
  private mutating func scanEscapedIdentifier() {
    let start = index + 1
    var end = start
    while end < bytes.count && bytes[end] != UInt8(ascii: "`") && !Self.isLineBreakByte(bytes[end]) {
      end += 1
    }
    index = min(end + 1, bytes.count)
    handleIdentifier(start: start, end: end, isEscaped: true)
  }

  /// `#"raw"#`, `#/regex/#`, `#if`-family directives, and macros such as `#expect`; returns the name
  /// of a macro (`warning` in `#warning("…")`), which may be called like a function.
  private mutating func scanHash() -> Range<Int>? {
    var hashCount = 0
    while byte(at: index + hashCount) == UInt8(ascii: "#") { hashCount += 1 }
    let next = byte(at: index + hashCount)
    if next == UInt8(ascii: "\"") {
      interruptDeclaration()
      index += hashCount
      scanString(hashCount: hashCount)
      return nil
    }
    if next == UInt8(ascii: "/") {
      interruptDeclaration()
      index += hashCount + 1
      skipExtendedRegex(hashCount: hashCount)
      return nil
    }
    index += 1
    guard hashCount == 1, let next, Self.isIdentifierHead(next) else {
      interruptDeclaration()
      return nil
    }
    let start = index
    skipIdentifier()
    switch text(start, index) {
    case "if":
      guard openConditionals.count < BuildCondition.maximumNesting else {
        stop(
          at: start,
          "#if blocks nest deeper than \(BuildCondition.maximumNesting) levels, which the compiler refuses too")
        return nil
      }
      openConditionals.append(OpenConditional(condition: readDirectiveCondition()))
    case "elseif":
      let condition = readDirectiveCondition()
      if var open = openConditionals.popLast() {
        guard open.earlier.count < Self.maximumChain else {
          stop(at: start, "an #if chain has more than \(Self.maximumChain) branches, more than the lint reads")
          return nil
        }
        open.earlier.append(open.condition ?? "")
        open.condition = condition
        openConditionals.append(open)
      }
    case "else":
      if var open = openConditionals.popLast() {
        open.earlier.append(open.condition ?? "")
        open.condition = nil
        openConditionals.append(open)
      }
    case "endif":
      _ = openConditionals.popLast()
    default:
      interruptDeclaration()
      return start..<index
    }
    interruptDeclaration()
    return nil
  }

  /// The condition after `#if` / `#elseif`, up to the end of the line (comments dropped); like Swift,
  /// it goes on to the next line only while a parenthesis is open.
  private mutating func readDirectiveCondition() -> String {
    var condition: [UInt8] = []
    var depth = 0
    while index < bytes.count {
      let character = bytes[index]
      if character == UInt8(ascii: "/") && byte(at: index + 1) == UInt8(ascii: "/") {
        skipLineComment()
        continue
      }
      if character == UInt8(ascii: "/") && byte(at: index + 1) == UInt8(ascii: "*") {
        skipBlockComment()
        condition.append(UInt8(ascii: " "))
        continue
      }
      if Self.isLineBreakByte(character) {
        guard depth > 0 else { break }
        condition.append(UInt8(ascii: " "))
        index += 1
        continue
      }
      if character == UInt8(ascii: "(") { depth += 1 }
      if character == UInt8(ascii: ")") { depth = max(0, depth - 1) }
      if depth > BuildCondition.maximumNesting {
        stop(
          at: index,
          "parentheses of an #if condition nest deeper than \(BuildCondition.maximumNesting) levels, which the compiler refuses too"
        )
        return ""
      }
      condition.append(character)
      index += 1
    }
    return String(decoding: condition, as: UTF8.self).trimmingCharacters(in: .whitespaces)
  }

  // MARK: - Comments, strings, regex literals

  private mutating func skipLineComment() {
    while index < bytes.count && !Self.isLineBreakByte(bytes[index]) { index += 1 }
  }

  private mutating func skipBlockComment() {
    index += 2
    var depth = 1
    while index < bytes.count && depth > 0 {
      if bytes[index] == UInt8(ascii: "/") && byte(at: index + 1) == UInt8(ascii: "*") {
        depth += 1
        index += 2
      } else if bytes[index] == UInt8(ascii: "*") && byte(at: index + 1) == UInt8(ascii: "/") {
        depth -= 1
        index += 2
      } else {
        index += 1
      }
    }
  }

  /// Scans a string literal whose opening `#…#"` starts at `index` (after the hashes). When collecting
  /// text (and not in an attribute's arguments), records the literal with its static text: escapes
  /// decoded, each interpolation `\(…)` a space.
  private mutating func scanString(hashCount: Int, isAttributeArgument: Bool = false) {
    let start = index - hashCount
    let isMultiline =
      byte(at: index + 1) == UInt8(ascii: "\"") && byte(at: index + 2) == UInt8(ascii: "\"")
      && !closesOnTheSameLine(hashCount: hashCount)
    index += isMultiline ? 3 : 1
    let records = exemptCalls != nil && !isAttributeArgument
    let isExempt = exemptCallDepth > 0
    let contentStart = index
    var contentEnd = bytes.count
    var text: [UInt8] = []
    scan: while index < bytes.count {
      let character = bytes[index]
      if character == UInt8(ascii: "\\") && hashes(count: hashCount, at: index + 1) {
        index += 1 + hashCount
        if byte(at: index) == UInt8(ascii: "(") {
          guard interpolationDepth < BuildCondition.maximumNesting else {
            stop(
              at: index,
              "string interpolations nest deeper than \(BuildCondition.maximumNesting) levels, which the compiler refuses too"
            )
            return
          }
          index += 1
          if records { text.append(UInt8(ascii: " ")) }
          interpolationDepth += 1
          scanCode(isInterpolation: true)
          interpolationDepth -= 1
        } else if records {
          appendEscape(to: &text)
        } else {
          index += 1
        }
      } else if character == UInt8(ascii: "\"") {
        if isMultiline {
          if byte(at: index + 1) == UInt8(ascii: "\"") && byte(at: index + 2) == UInt8(ascii: "\"")
            && hashes(count: hashCount, at: index + 3)
          {
            contentEnd = index
            index += 3 + hashCount
            break scan
          }
        } else if hashes(count: hashCount, at: index + 1) {
          contentEnd = index
          index += 1 + hashCount
          break scan
        }
        if records { text.append(character) }
        index += 1
      } else if Self.isLineBreakByte(character) && !isMultiline {
        contentEnd = index
        break scan  // An unterminated single-line string ends at the line break.
      } else {
        if records { text.append(character) }
        index += 1
      }
    }
    guard records else { return }
    literals.append(
      LexedLiteral(
        start: start, end: index, content: contentStart..<max(contentStart, contentEnd), text: text,
        isExempt: isExempt, branches: currentBranches()))
  }

  /// Decodes the escape whose character is at `index` (after `\` and the hashes) into `text`: `\n`,
  /// `\t`, `\r` and `\0` as a space, `\u{…}` as its scalar, `\"`, `\\` and `\'` as themselves; a
  /// multi-line string's line continuation (`\` before the line break) adds nothing.
  private mutating func appendEscape(to text: inout [UInt8]) {
    guard let character = byte(at: index) else { return }
    switch character {
    case UInt8(ascii: "n"), UInt8(ascii: "t"), UInt8(ascii: "r"), UInt8(ascii: "0"):
      text.append(UInt8(ascii: " "))
      index += 1
    case UInt8(ascii: "u") where byte(at: index + 1) == UInt8(ascii: "{"):
      var position = index + 2
      var value: UInt32 = 0
      while let digit = byte(at: position).flatMap(Self.hexValue), value <= 0x10FFFF {
        value = value * 16 + digit
        position += 1
      }
      guard byte(at: position) == UInt8(ascii: "}") else {
        index += 1
        return
      }
      index = position + 1
      if let scalar = Unicode.Scalar(value) { text.append(contentsOf: String(Character(scalar)).utf8) }
    case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"):
      return  // A line continuation: the whitespace and line break are scanned as text.
    default:
      text.append(character)
      index += 1
    }
  }

  private static func hexValue(_ character: UInt8) -> UInt32? {
    switch character {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(character - UInt8(ascii: "0"))
    case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(character - UInt8(ascii: "a") + 10)
    case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(character - UInt8(ascii: "A") + 10)
    default: nil
    }
  }

  // MARK: - Calls and opt-out comments (text collection only)

  private mutating func openParenthesis(callee: Callee?) {
    var isExempt = false
    if let callee, callee.isName, !callee.isBroken, let exemptCalls, let name = callee.name {
      isExempt = exemptCalls.contains(
        name: text(name.lowerBound, name.upperBound), isMacro: callee.isMacro, isMember: callee.isMember,
        receiver: callee.receiver.map { text($0.lowerBound, $0.upperBound) })
    }
    openParentheses.append(isExempt)
    if isExempt { exemptCallDepth += 1 }
  }

  /// What a `(` may call: the name right before it and, for a method, the receiver's name before the `.`.
  private struct Callee {
    /// The name (`info`); `nil` right after a `.` that no name has followed yet.
    package var name: Range<Int>?
    /// The name before the `.` (`logger` in `logger.info`), when a name came right before it.
    package var receiver: Range<Int>?
    /// Whether the name follows a `.`.
    package var isMember = false
    /// Whether it is a macro's name (`#warning`).
    package var isMacro = false
    /// Whether a line break follows the name: a `(` on the next line calls nothing.
    package var isBroken = false

    package var isName: Bool { name != nil }

    package init(name: Range<Int>, isMacro: Bool) {
      self.name = name
      self.isMacro = isMacro
    }

    /// A name; a member when it follows a `.` (`previous` is then the `.`).
    package init(name: Range<Int>, after previous: Callee?) {
      self.name = name
      if let previous, previous.name == nil {
        isMember = true
        receiver = previous.receiver
      }
    }

    /// A `.`; its receiver is the name right before it, if any.
    package init(dotAfter previous: Callee?) {
      isMember = true
      if let previous, !previous.isMacro { receiver = previous.name }
    }

    package func broken() -> Callee {
      var copy = self
      copy.isBroken = isName
      return copy
    }
  }

  private mutating func closeParenthesis() {
    if openParentheses.popLast() == true { exemptCallDepth -= 1 }
  }

  /// The `#if` branches around `index`, outermost first.
  private func currentBranches() -> [ConditionalBranch] {
    openConditionals.isEmpty
      ? [] : openConditionals.map { ConditionalBranch(earlier: $0.earlier, condition: $0.condition) }
  }

  /// Records the line comment at `index` when it is `// untranslated: <reason>`.
  private mutating func noteOptOut() {
    var position = index + 2
    while byte(at: position) == UInt8(ascii: " ") || byte(at: position) == UInt8(ascii: "\t") { position += 1 }
    let isFileWide: Bool
    if startsWith("untranslated:", at: position) {
      isFileWide = false
    } else if startsWith("untranslated-file:", at: position) {
      isFileWide = true
    } else {
      return
    }
    var end = position + (isFileWide ? 18 : 13)
    let reasonStart = end
    while end < bytes.count && !Self.isLineBreakByte(bytes[end]) { end += 1 }
    var lineStart = index
    while lineStart > 0 && (bytes[lineStart - 1] == UInt8(ascii: " ") || bytes[lineStart - 1] == UInt8(ascii: "\t")) {
      lineStart -= 1
    }
    let reason = text(reasonStart, end).trimmingCharacters(in: .whitespaces)
    optOuts.append(
      LexedOptOut(
        offset: index, reason: reason, standsAlone: lineStart == 0 || Self.isLineBreakByte(bytes[lineStart - 1]),
        isFileWide: isFileWide))
  }

  private func startsWith(_ marker: StaticString, at position: Int) -> Bool {
    let count = marker.utf8CodeUnitCount
    guard position + count <= bytes.count else { return false }
    return marker.withUTF8Buffer { marker in
      (0..<count).allSatisfy { bytes[position + $0] == marker[$0] }
    }
  }

  /// Whether a raw string opening with three quotes at `index` is a one-line string holding quotes,
  /// such as `#"""#` (the string `"`): like Swift, a `"` followed by the closing hashes later on the
  /// same line makes it one line. Without hashes, three quotes always open a multi-line string.
  private func closesOnTheSameLine(hashCount: Int) -> Bool {
    guard hashCount > 0 else { return false }
    var position = index + 1
    while position < bytes.count && !Self.isLineBreakByte(bytes[position]) {
      if bytes[position] == UInt8(ascii: "\"") && hashes(count: hashCount, at: position + 1) { return true }
      position += 1
    }
    return false
  }

  /// Where a bare `/regex/` literal starting at `index` ends (just past its closing `/`), or `nil` when
  /// this `/` is an operator. Like Swift: a regex starts where a prefix operator could (not after an
  /// identifier, literal or closing bracket, except after keywords such as `return`), does not start
  /// with a space, and closes on the same line.
  private func bareRegexEnd() -> Int? {
    guard let next = byte(at: index + 1), next != UInt8(ascii: " "), next != UInt8(ascii: "\t"),
      !Self.isLineBreakByte(next)
    else { return nil }
    if index > 0 && Self.isOperatorCharacter(bytes[index - 1]) {
      // `/` continues an operator (`x!/2`, `a+/b/`): it is an operator too when that operator is
      // postfix or infix, i.e. bound to the expression on its left.
      var start = index - 1
      while start > 0 && Self.isOperatorCharacter(bytes[start - 1]) { start -= 1 }
      if start > 0 && Self.isLeftBinding(bytes[start - 1]) { return nil }
    }
    var before = index - 1
    while before >= 0 && (bytes[before] == UInt8(ascii: " ") || bytes[before] == UInt8(ascii: "\t")) { before -= 1 }
    if before >= 0 {
      let previous = bytes[before]
      if previous == UInt8(ascii: ")") || previous == UInt8(ascii: "]") || previous == UInt8(ascii: "}")
        || previous == UInt8(ascii: "\"") || previous == UInt8(ascii: "`")
      {
        return nil
      }
      if Self.isIdentifierBody(previous) {
        var start = before
        while start > 0 && Self.isIdentifierBody(bytes[start - 1]) { start -= 1 }
        guard Self.keywordsBeforeExpression.contains(text(start, before + 1)) else { return nil }
      }
    }
    var position = index + 1
    while position < bytes.count && !Self.isLineBreakByte(bytes[position]) {
      if bytes[position] == UInt8(ascii: "\\") {
        position += 2
        continue
      }
      if bytes[position] == UInt8(ascii: "/") { return position + 1 }
      position += 1
    }
    return nil
  }

  /// Characters of Swift operators (ASCII ones; `.` only starts dot operators, so it is left out).
  private static func isOperatorCharacter(_ character: UInt8) -> Bool {
    switch character {
    case UInt8(ascii: "/"), UInt8(ascii: "="), UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: "!"),
      UInt8(ascii: "*"), UInt8(ascii: "%"), UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "&"),
      UInt8(ascii: "|"), UInt8(ascii: "^"), UInt8(ascii: "~"), UInt8(ascii: "?"):
      true
    default: false
    }
  }

  /// Whether an operator right after `character` is bound to its left (Swift's "left-bound"): after
  /// an identifier, a literal or a closing bracket, not after whitespace, an opening bracket or a separator.
  private static func isLeftBinding(_ character: UInt8) -> Bool {
    isIdentifierBody(character) || character == UInt8(ascii: ")") || character == UInt8(ascii: "]")
      || character == UInt8(ascii: "}") || character == UInt8(ascii: "\"") || character == UInt8(ascii: "`")
  }

  private static let keywordsBeforeExpression: Set<String> = [
    "return", "case", "in", "try", "await", "throw", "where", "if", "guard", "while", "else", "is", "as",
  ]

  private mutating func skipExtendedRegex(hashCount: Int) {
    while index < bytes.count {
      if bytes[index] == UInt8(ascii: "/") && hashes(count: hashCount, at: index + 1) {
        index += 1 + hashCount
        return
      }
      index += 1
    }
  }

  // MARK: - Bytes

  private func hashes(count: Int, at position: Int) -> Bool {
    guard position + count <= bytes.count else { return false }
    for offset in 0..<count where bytes[position + offset] != UInt8(ascii: "#") { return false }
    return true
  }

  private func byte(at position: Int) -> UInt8? {
    position < bytes.count ? bytes[position] : nil
  }

  private mutating func skipIdentifier() {
    while index < bytes.count && Self.isIdentifierBody(bytes[index]) { index += 1 }
  }

  private func text(_ start: Int, _ end: Int) -> String {
    String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
  }

  private static func isLineBreakByte(_ character: UInt8) -> Bool {
    character == UInt8(ascii: "\n") || character == UInt8(ascii: "\r")
  }

  /// A line ends at `\n`, and at a `\r` that is not followed by `\n`.
  private static func isLineBreak(at position: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    let character = bytes[position]
    if character == UInt8(ascii: "\n") { return true }
    return character == UInt8(ascii: "\r") && (position + 1 == bytes.count || bytes[position + 1] != UInt8(ascii: "\n"))
  }

  private static func isIdentifierHead(_ character: UInt8) -> Bool {
    (character >= UInt8(ascii: "a") && character <= UInt8(ascii: "z"))
      || (character >= UInt8(ascii: "A") && character <= UInt8(ascii: "Z"))
      || character == UInt8(ascii: "_") || character >= 0x80
  }

  private static func isIdentifierBody(_ character: UInt8) -> Bool {
    isIdentifierHead(character) || (character >= UInt8(ascii: "0") && character <= UInt8(ascii: "9"))
  }
}
