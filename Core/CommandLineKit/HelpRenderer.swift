import Localization

/// Writes the help of a program, a group or a command, in the sections a swift-argument-parser user
/// knows: OVERVIEW, USAGE, ARGUMENTS, OPTIONS, SUBCOMMANDS (and the program's extra sections).
struct HelpRenderer<Route: Sendable> {
  let program: Program<Route>
  /// The language (and number forms) help is written in.
  let translator: Translator

  /// Where help texts start in a row; labels longer than this put their text on the next line.
  static var column: Int { 26 }
  /// The width rows are wrapped at.
  static var width: Int { 100 }

  /// The program's help.
  func main() -> String {
    let required = program.options.filter(\.isRequired).map(\.usage)
    let subcommand = translator(Strings.helpSubcommandPlaceholder)
    var usage =
      ([translator(Strings.helpUsage), program.name] + required + [translator(Strings.helpOptionsPlaceholder)])
      .joined(separator: " ")
    if !program.tree.commands.isEmpty {
      usage += program.withoutCommand == nil ? " \(subcommand)" : " [\(subcommand)]"
    }
    var sections = [
      translator(Strings.helpOverview) + " " + translator(program.abstract),
      program.discussion.map { Self.wrap(indent: 0)(translator($0)) },
      usage,
    ]
    if let without = program.withoutCommand, !program.tree.commands.isEmpty {
      sections[sections.count - 1]! +=
        "\n\n" + Self.wrap(indent: 2)(translator(Strings.helpWithoutSubcommand(program: program.name, action: without)))
    }
    sections.append(rows(Strings.helpOptions, globalOptionRows() + builtInRows(main: true)))
    if !program.tree.commands.isEmpty {
      // A loop, as in `CommandTree`: no generic algorithm over `[Command<Route>]` on a start-up's path.
      var commands: [(String, LocalizedText)] = []
      for command in program.tree.commands { commands.append((command.name, command.abstract)) }
      sections.append(
        rows(Strings.helpSubcommands, commands + [(translator(Strings.helpHelpRow), Strings.helpHelpRowText)])
          + "\n\n  " + translator(Strings.helpSeeSubcommandHelp(program: program.name)))
    }
    sections += program.sections.map { translator($0.title) + ":\n" + Self.wrap(indent: 2)(translator($0.body)) }
    return sections.compactMap { $0 }.joined(separator: "\n\n")
  }

  /// A command's help.
  func command(_ command: Command<Route>) -> String {
    var sections: [String?] = [
      translator(Strings.helpOverview) + " " + translator(command.abstract),
      command.discussion.map { Self.wrap(indent: 0)(translator($0)) },
      translator(Strings.helpUsage) + " " + Usage(command: command, programName: program.name).line,
    ]
    if !command.arguments.isEmpty {
      sections.append(rows(Strings.helpArguments, command.arguments.map { ($0.usage, describe($0)) }))
    }
    var options = command.namedParameters.map { ($0.usage, describe($0)) }
    if command.printsJSON { options.append(("--json", Flag.json.specification.help)) }
    sections.append(rows(Strings.helpOptions, options + builtInRows(main: false)))
    let children = program.tree.commands(under: command.path)
    if !children.isEmpty {
      sections.append(
        rows(
          Strings.helpSubcommands,
          children.map { ($0.path.dropFirst(command.path.count).joined(separator: " "), $0.abstract) }))
    }
    sections.append(translator(Strings.helpDeepLink) + " " + Usage.linkTemplate(command))
    sections.append("  " + translator(Strings.helpSeeGlobalOptions(program: program.name)))
    return sections.compactMap { $0 }.joined(separator: "\n\n")
  }

  /// A group's help: its commands.
  func group(_ path: [String]) -> String {
    let name = path.joined(separator: " ")
    let children = program.tree.commands(under: path)
    let abstract = program.tree.groupAbstract(path) ?? Strings.helpGroupDefaultAbstract(group: name)
    return [
      translator(Strings.helpOverview) + " " + translator(abstract),
      [translator(Strings.helpUsage), program.name, name, translator(Strings.helpSubcommandPlaceholder)]
        .joined(separator: " "),
      rows(
        Strings.helpSubcommands, children.map { ($0.path.dropFirst(path.count).joined(separator: " "), $0.abstract) }),
      "  " + translator(Strings.helpSeeGroupHelp(program: program.name, group: name)),
    ].joined(separator: "\n\n")
  }

  // MARK: Rows

  private func globalOptionRows() -> [(String, LocalizedText)] {
    program.options.map { ($0.usage, describe($0)) }
  }

  private func builtInRows(main: Bool) -> [(String, LocalizedText)] {
    var rows: [(String, LocalizedText)] = []
    if main {
      rows.append(("--generate-completion-script <shell>", Strings.helpCompletionOption))
      rows.append(("--version", Strings.helpVersionOption))
    }
    rows.append(("-h, --help", Strings.helpHelpOption))
    return rows
  }

  /// The parameter's help, what values it takes and where a default comes from.
  private func describe(_ parameter: ParameterSpecification) -> LocalizedText {
    var notes: [LocalizedText] = []
    if let expectation = parameter.expectation, parameter.documentsValues { notes.append(expectation) }
    if let variable = parameter.environment { notes.append(Strings.helpEnvironmentNote(variable: variable)) }
    guard !notes.isEmpty else { return parameter.help }
    return parameter.help + .verbatim(" (") + .joined(notes, separator: "; ") + .verbatim(")")
  }

  /// A titled block of rows: the label, then its text from ``column``, wrapped at ``width``.
  private func rows(_ title: LocalizedText, _ rows: [(String, LocalizedText)]) -> String {
    let lines = rows.map { label, text -> String in
      let wrapped = Self.wrap(translator(text), width: Self.width - Self.column)
      let continuation = wrapped.dropFirst().map { String(repeating: " ", count: Self.column) + $0 }
      let head = "  " + label
      if head.count + 2 > Self.column {
        return ([head] + wrapped.map { String(repeating: " ", count: Self.column) + $0 }).joined(separator: "\n")
      }
      let padded = head + String(repeating: " ", count: Self.column - head.count)
      return ([padded + (wrapped.first ?? "")] + continuation).joined(separator: "\n")
    }
    return ([translator(title)] + lines).joined(separator: "\n")
  }

  /// `text` wrapped into lines of at most `width` characters (a longer word stays whole).
  static func wrap(_ text: String, width: Int) -> [String] {
    if let lines = wrapSingleScalarCharacters(text, width: width) { return lines }
    var lines: [String] = []
    var line = ""
    for word in text.split(separator: " ", omittingEmptySubsequences: true) {
      if !line.isEmpty && line.count + 1 + word.count > width {
        lines.append(line)
        line = ""
      }
      line += line.isEmpty ? String(word) : " " + word
    }
    if !line.isEmpty { lines.append(line) }
    return lines
  }

  /// `wrap(_:width:)` for a text whose every scalar is a character of its own (ASCII, Latin, Greek,
  /// Cyrillic letters, general punctuation — what help is written in): the same lines, split on the
  /// bytes of the spaces and counted in scalars, in one pass over the text's UTF-8 bytes, without
  /// breaking the text into grapheme clusters. Nil for any other text (a combining mark, a joiner,
  /// an emoji, a carriage return).
  private static func wrapSingleScalarCharacters(_ text: String, width: Int) -> [String]? {
    var text = text
    return text.withUTF8 { bytes -> [String]? in
      var lines: [String] = []
      var line: [UInt8] = []
      line.reserveCapacity(min(bytes.count, width * 4))
      var count = 0
      var index = 0
      while index < bytes.count {
        // Skip the spaces between words (several count as one, as `split` omits empty words).
        while index < bytes.count, bytes[index] == UInt8(ascii: " ") { index += 1 }
        guard index < bytes.count else { break }
        let start = index
        var length = 0
        while index < bytes.count, bytes[index] != UInt8(ascii: " ") {
          let (scalar, size) = decodeScalar(bytes, at: index)
          guard isCharacterOfItsOwn(scalar) else { return nil }
          length += 1
          index += size
        }
        if count > 0 && count + 1 + length > width {
          lines.append(String(decoding: line, as: UTF8.self))
          line.removeAll(keepingCapacity: true)
          count = 0
        }
        if count > 0 {
          line.append(UInt8(ascii: " "))
          count += 1
        }
        line.append(contentsOf: bytes[start..<index])
        count += length
      }
      if count > 0 { lines.append(String(decoding: line, as: UTF8.self)) }
      return lines
    }
  }

  /// The scalar whose UTF-8 encoding starts at `index` of valid UTF-8 `bytes`, and its length.
  private static func decodeScalar(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> (UInt32, Int) {
    let lead = UInt32(bytes[index])
    switch lead {
    case ..<0x80: return (lead, 1)
    case ..<0xE0: return ((lead & 0x1F) << 6 | UInt32(bytes[index + 1] & 0x3F), 2)
    case ..<0xF0:
      return ((lead & 0x0F) << 12 | UInt32(bytes[index + 1] & 0x3F) << 6 | UInt32(bytes[index + 2] & 0x3F), 3)
    default:
      return (
        (lead & 0x07) << 18 | UInt32(bytes[index + 1] & 0x3F) << 12 | UInt32(bytes[index + 2] & 0x3F) << 6
          | UInt32(bytes[index + 3] & 0x3F), 4
      )
    }
  }

  /// Whether `scalar` is always a character of its own, whatever surrounds it: no grapheme rule
  /// joins it to a neighbour (combining marks, joiners, Hangul, regional indicators, CR are left out).
  private static func isCharacterOfItsOwn(_ scalar: UInt32) -> Bool {
    switch scalar {
    case 0x0D: false
    case 0..<0x300, 0x370..<0x483, 0x48A..<0x530, 0x2010...0x2027, 0x2030...0x205E: true
    default: false
    }
  }

  /// Paragraphs wrapped at ``width`` and indented by `indent` spaces (line breaks in `text` are kept).
  static func wrap(indent: Int) -> (String) -> String {
    { text in
      text.split(separator: "\n", omittingEmptySubsequences: false).map { paragraph in
        wrap(String(paragraph), width: width - indent).map { String(repeating: " ", count: indent) + $0 }
          .joined(separator: "\n")
      }.joined(separator: "\n")
    }
  }
}
