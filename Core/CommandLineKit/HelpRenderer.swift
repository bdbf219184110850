/// Writes the help of a program, a group or a command, in the sections a swift-argument-parser user
/// knows: OVERVIEW, USAGE, ARGUMENTS, OPTIONS, SUBCOMMANDS (and the program's extra sections).
struct HelpRenderer<Route: Sendable> {
  let program: Program<Route>

  /// Where help texts start in a row; labels longer than this put their text on the next line.
  static var column: Int { 26 }
  /// The width rows are wrapped at.
  static var width: Int { 100 }

  /// The program's help.
  func main() -> String {
    let required = program.options.filter(\.isRequired).map(\.usage)
    var usage = (["USAGE: \(program.name)"] + required + ["[<options>]"]).joined(separator: " ")
    if !program.tree.commands.isEmpty {
      usage += program.withoutCommand == nil ? " <subcommand>" : " [<subcommand>]"
    }
    var sections = [
      "OVERVIEW: \(program.abstract)",
      program.discussion.map(Self.wrap(indent: 0)),
      usage,
    ]
    if let without = program.withoutCommand, !program.tree.commands.isEmpty {
      sections[sections.count - 1]! +=
        "\n\n" + Self.wrap(indent: 2)("Without a subcommand, \(program.name) \(without).")
    }
    sections.append(rows("OPTIONS:", globalOptionRows() + builtInRows(main: true)))
    if !program.tree.commands.isEmpty {
      let commands = program.tree.commands.map { ($0.name, $0.abstract) }
      sections.append(
        rows("SUBCOMMANDS:", commands + [("help <subcommand>", "Show help for a subcommand.")])
          + "\n\n  See '\(program.name) help <subcommand>' for detailed help.")
    }
    sections += program.sections.map { "\($0.title):\n" + Self.wrap(indent: 2)($0.body) }
    return sections.compactMap { $0 }.joined(separator: "\n\n")
  }

  /// A command's help.
  func command(_ command: Command<Route>) -> String {
    var sections: [String?] = [
      "OVERVIEW: \(command.abstract)",
      command.discussion.map(Self.wrap(indent: 0)),
      "USAGE: " + Usage(command: command, programName: program.name).line,
    ]
    if !command.arguments.isEmpty {
      sections.append(rows("ARGUMENTS:", command.arguments.map { ($0.usage, describe($0)) }))
    }
    var options = command.namedParameters.map { ($0.usage, describe($0)) }
    if command.printsJSON { options.append(("--json", Flag.json.specification.help)) }
    sections.append(rows("OPTIONS:", options + builtInRows(main: false)))
    let children = program.tree.commands(under: command.path)
    if !children.isEmpty {
      sections.append(
        rows(
          "SUBCOMMANDS:", children.map { ($0.path.dropFirst(command.path.count).joined(separator: " "), $0.abstract) }))
    }
    sections.append("DEEP LINK: " + Usage.linkTemplate(command))
    sections.append("  See '\(program.name) --help' for the global options.")
    return sections.compactMap { $0 }.joined(separator: "\n\n")
  }

  /// A group's help: its commands.
  func group(_ path: [String]) -> String {
    let name = path.joined(separator: " ")
    let children = program.tree.commands(under: path)
    return [
      "OVERVIEW: " + (program.tree.groupAbstract(path) ?? "The '\(name)' commands."),
      "USAGE: \(program.name) \(name) <subcommand>",
      rows("SUBCOMMANDS:", children.map { ($0.path.dropFirst(path.count).joined(separator: " "), $0.abstract) }),
      "  See '\(program.name) help \(name) <subcommand>' for detailed help.",
    ].joined(separator: "\n\n")
  }

  // MARK: Rows

  private func globalOptionRows() -> [(String, String)] {
    program.options.map { ($0.usage, describe($0)) }
  }

  private func builtInRows(main: Bool) -> [(String, String)] {
    var rows: [(String, String)] = []
    if main {
      rows.append(("--generate-completion-script <shell>", "Print a completion script for bash, zsh or fish."))
      rows.append(("--version", "Show the version."))
    }
    rows.append(("-h, --help", "Show help information."))
    return rows
  }

  /// The parameter's help, what values it takes and where a default comes from.
  private func describe(_ parameter: ParameterSpecification) -> String {
    var notes: [String] = []
    if let expectation = parameter.expectation, parameter.documentsValues { notes.append(expectation) }
    if let variable = parameter.environment { notes.append("env: $\(variable)") }
    return notes.isEmpty ? parameter.help : "\(parameter.help) (\(notes.joined(separator: "; ")))"

  }

  /// A titled block of rows: the label, then its text from ``column``, wrapped at ``width``.
  private func rows(_ title: String, _ rows: [(String, String)]) -> String {
    let lines = rows.map { label, text -> String in
      let wrapped = Self.wrap(text, width: Self.width - Self.column)
      let continuation = wrapped.dropFirst().map { String(repeating: " ", count: Self.column) + $0 }
      let head = "  " + label
      if head.count + 2 > Self.column {
        return ([head] + wrapped.map { String(repeating: " ", count: Self.column) + $0 }).joined(separator: "\n")
      }
      let padded = head + String(repeating: " ", count: Self.column - head.count)
      return ([padded + (wrapped.first ?? "")] + continuation).joined(separator: "\n")
    }
    return ([title] + lines).joined(separator: "\n")
  }

  /// `text` wrapped into lines of at most `width` characters (a longer word stays whole).
  static func wrap(_ text: String, width: Int) -> [String] {
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
