import Testing

@testable import CommandLineKit

@Suite struct HelpTests {
  private func help(_ words: [String]) throws -> String { try LabRoute.program.help(for: words) }

  @Test func mainHelpHasEverySectionInOrder() throws {
    let text = try help([])
    let sections = [
      "OVERVIEW: The laboratory.", "USAGE: lab [<options>] [<subcommand>]", "OPTIONS:", "SUBCOMMANDS:", "EXIT CODES:",
    ]
    let positions = sections.compactMap { text.range(of: $0)?.lowerBound }
    #expect(positions.count == sections.count, "every section is there:\n\(text)")
    #expect(positions == positions.sorted(), "in order")
    #expect(text.contains("Without a subcommand, lab starts the interactive lab."))
    #expect(text.contains("  --region <region>       Where. (one of us, ru; env: $LAB_REGION)"))
    #expect(text.contains("  samples log             Log a sample into a freezer."))
    #expect(text.contains("  help <subcommand>       Show help for a subcommand."))
    #expect(text.contains("64 bad usage"))
  }

  @Test func commandHelpShowsArgumentsOptionsAndTheDeepLink() throws {
    #expect(
      try help(["samples", "log"]) == """
        OVERVIEW: Log a sample into a freezer.

        The freezer must have room.

        USAGE: lab samples log <sample> <freezer> [--note <text>] [--urgent]

        ARGUMENTS:
          <sample>                The sample's label.
          <freezer>               Which freezer. (one of minus80, minus26, plus4)

        OPTIONS:
          --note <text>           A note.
          --urgent                Log it first.
          -h, --help              Show help information.

        DEEP LINK: samples/log?sample=<sample>&freezer=<freezer>&[note=<text>]&[urgent=on]

          See 'lab --help' for the global options.
        """)
  }

  @Test func groupHelpListsItsSubcommands() throws {
    let text = try help(["rack"])
    #expect(text.hasPrefix("OVERVIEW: The racks.\n\nUSAGE: lab racks <subcommand>"))
    #expect(text.contains("  list                    Every rack."))
    #expect(text.contains("  show                    One rack."))
  }

  @Test func unknownHelpTopicsAreUsageErrors() {
    #expect(
      throws: UsageError("no help for 'rackz': unknown command 'rackz' (did you mean 'racks'?); see 'lab --help'")
    ) {
      try help(["rackz"])
    }
  }

  @Test func longLabelsPutTheirTextOnTheNextLineAndLongTextWraps() throws {
    let text = try help([])
    #expect(
      text.contains("  --generate-completion-script <shell>\n                          Print a completion script"))
    #expect(text.split(separator: "\n").allSatisfy { $0.count <= 100 })
  }

  /// The reference: words split on spaces and lines measured in characters (grapheme clusters).
  private func wrapByCharacters(_ text: String, width: Int) -> [String] {
    var lines: [String] = []
    var line = ""
    for word in text.split(separator: " ") {
      if !line.isEmpty && line.count + 1 + word.count > width {
        lines.append(line)
        line = ""
      }
      line += line.isEmpty ? String(word) : " " + word
    }
    if !line.isEmpty { lines.append(line) }
    return lines
  }

  @Test(arguments: [
    "Where data lives; default $XDG_DATA_HOME/iss, else ~/.local/share/iss.",
    "Где хранятся данные: по умолчанию $XDG_DATA_HOME/iss, иначе ~/.local/share/iss — «каталог» …",
    "  two  spaces   and\nline breaks\tand tabs ",
    "combining: e\u{301}e\u{301}e\u{301} cafe\u{301} a\u{483}b \u{1F469}\u{200D}\u{1F4BB} flags \u{1F1F7}\u{1F1FA}",
    "crlf\r\nline \u{AD}soft \u{200B}zero-width",
    String(repeating: "word ", count: 40) + String(repeating: "x", count: 90),
  ])
  func wrappingCountsCharactersWhateverTheScript(text: String) {
    for width in [1, 8, 20, 47, 80] {
      #expect(HelpRenderer<LabRoute>.wrap(text, width: width) == wrapByCharacters(text, width: width), "width \(width)")
    }
  }
}
