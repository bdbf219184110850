import Testing

@testable import CosmonautApp

/// Parses a command line that must be valid.
private func parse(_ arguments: String...) throws -> Invocation {
  try InvocationParser.parse(arguments)
}

/// The usage message of a command line that must be refused.
private func usageError(_ arguments: String...) -> String? {
  do {
    let invocation = try InvocationParser.parse(arguments)
    Issue.record("expected a usage error, got \(invocation)")
    return nil
  } catch {
    return error.message
  }
}

@Suite("Invocation parser: commands")
struct InvocationParserCommandTests {
  struct Case: Sendable, CustomTestStringConvertible {
    let arguments: [String]
    let link: String
    let parameters: [String: String]
    let json: Bool
    var testDescription: String { arguments.joined(separator: " ") }
  }

  static let cases: [Case] = [
    Case(arguments: ["dashboard"], link: "dashboard", parameters: [:], json: false),
    Case(arguments: ["dashboard", "--json"], link: "dashboard", parameters: [:], json: true),
    Case(arguments: ["profile", "show"], link: "profile/show", parameters: [:], json: false),
    Case(
      arguments: [
        "profile", "set", "--name", "Yuri Gagarin", "--agency=Roscosmos", "--role", "Pilot", "--mission", "Vostok 1",
      ],
      link: "profile/set",
      parameters: ["name": "Yuri Gagarin", "agency": "Roscosmos", "role": "Pilot", "mission": "Vostok 1"], json: false),
    Case(
      arguments: ["profile", "set", "--json", "--role=a=b"], link: "profile/set", parameters: ["role": "a=b"],
      json: true),
    Case(arguments: ["health", "--json"], link: "health", parameters: [:], json: true),
    Case(arguments: ["suit", "status"], link: "spacesuit/status", parameters: [:], json: false),
    Case(
      arguments: ["suit", "watch", "--count", "3", "--interval-ms=10", "--json"], link: "spacesuit/watch",
      parameters: ["count": "3", "interval-ms": "10"], json: true),
    Case(arguments: ["suit", "watch"], link: "spacesuit/watch", parameters: [:], json: false),
    Case(
      arguments: ["suit", "set", "temperature", "22.5"], link: "spacesuit/set",
      parameters: ["setting": "temperature", "value": "22.5"], json: false),
    Case(arguments: ["supplies", "list", "--json"], link: "supplies/list", parameters: [:], json: true),
    Case(
      arguments: ["supplies", "consume", "water", "2"], link: "supplies/consume",
      parameters: ["item": "water", "quantity": "2"], json: false),
    Case(
      arguments: ["supplies", "consume", "water", "-1"], link: "supplies/consume",
      parameters: ["item": "water", "quantity": "-1"], json: false),
    Case(
      arguments: ["supplies", "restock", "--json", "food", "10"], link: "supplies/restock",
      parameters: ["item": "food", "quantity": "10"], json: true),
    Case(arguments: ["sync"], link: "sync", parameters: [:], json: false),
    Case(arguments: ["sync", "status", "--json"], link: "sync/status", parameters: [:], json: true),
  ]

  @Test(arguments: cases)
  func commandBecomesItsDeepLink(_ example: Case) throws {
    #expect(
      try InvocationParser.parse(example.arguments)
        == .command(GlobalOptions(), link: example.link, parameters: example.parameters, json: example.json))
  }

  @Test func everyCatalogCommandIsCoveredAbove() {
    let covered = Set(Self.cases.map(\.link))
    #expect(Set(CommandCatalog.commands.map(\.link)) == covered)
  }

  @Test(arguments: CommandCatalog.commands.map(\.words))
  func everyCatalogCommandParsesWithSampleArguments(_ words: [String]) throws {
    let spec = try #require(CommandCatalog.match(words))
    let positionals = spec.arguments.map { "sample-\($0)" }
    let options = spec.options.flatMap { [$0.flag, "value-\($0.parameter)"] }
    let arguments = words + positionals + options + (spec.allowsJSON ? ["--json"] : [])

    var expected: [String: String] = [:]
    for name in spec.arguments { expected[name] = "sample-\(name)" }
    for option in spec.options { expected[option.parameter] = "value-\(option.parameter)" }
    #expect(
      try InvocationParser.parse(arguments)
        == .command(GlobalOptions(), link: spec.link, parameters: expected, json: spec.allowsJSON))
  }

  @Test func globalOptionsMayStandAnywhereInBothForms() throws {
    let invocation = try parse(
      "--data-dir", "/tmp/iss", "supplies", "--houston=http://127.0.0.1:8765", "consume", "water", "--suit",
      "unix:/tmp/suit.sock", "2", "--log-level=debug", "--no-color", "--json")

    let globals = GlobalOptions(
      dataDirectory: "/tmp/iss", houston: "http://127.0.0.1:8765", suit: "unix:/tmp/suit.sock", logLevel: "debug",
      noColor: true)
    #expect(
      invocation
        == .command(globals, link: "supplies/consume", parameters: ["item": "water", "quantity": "2"], json: true))
  }

  @Test func anInlineGlobalValueMayContainEqualsSigns() throws {
    #expect(
      try parse("sync", "--houston=http://h/?a=b")
        == .command(GlobalOptions(houston: "http://h/?a=b"), link: "sync", parameters: [:], json: false))
  }

  @Test func doubleDashEndsGlobalOptions() {
    // Without "--" this is the version; after it, "--version" is a word (and no command).
    #expect(
      usageError("--", "--version") == "unknown command \"--version\". Run 'cosmonaut --help' for the list of commands")
    #expect(
      usageError("sync", "--", "--data-dir") == "unexpected argument \"--data-dir\". Usage: cosmonaut sync [--json]")
  }

  @Test func doubleDashEndsCommandOptionsToo() throws {
    let invocation = try InvocationParser.parse(["supplies", "consume", "--", "--odd-item", "2"])
    #expect(
      invocation
        == .command(
          GlobalOptions(), link: "supplies/consume", parameters: ["item": "--odd-item", "quantity": "2"], json: false)
    )
  }
}

@Suite("Invocation parser: interactive, help and version")
struct InvocationParserModeTests {
  @Test func noArgumentsStartsTheInteractiveApp() throws {
    #expect(try parse() == .interactive(GlobalOptions(), startLink: nil))
    #expect(try parse("--no-color") == .interactive(GlobalOptions(noColor: true), startLink: nil))
  }

  @Test func openStartsTheInteractiveAppAtALink() throws {
    #expect(try parse("open", "spacesuit/telemetry") == .interactive(GlobalOptions(), startLink: "spacesuit/telemetry"))
    #expect(
      try parse("--data-dir=/d", "open", "supplies/consume")
        == .interactive(GlobalOptions(dataDirectory: "/d"), startLink: "supplies/consume"))
  }

  @Test func openNeedsExactlyOneLink() {
    let message = "'open' takes one deep link, e.g. 'cosmonaut open spacesuit/telemetry'"
    #expect(usageError("open") == message)
    #expect(usageError("open", "a", "b") == message)
  }

  @Test func helpVariantsPrintTheMainHelp() throws {
    #expect(try parse("--help") == .help(HelpText.main))
    #expect(try parse("help") == .help(HelpText.main))
    #expect(try parse("--no-color", "--help") == .help(HelpText.main))
  }

  @Test func helpForOneCommandInEveryForm() throws {
    let spec = try #require(CommandCatalog.match(["supplies", "consume"]))
    #expect(try parse("supplies", "consume", "--help") == .help(spec.help))
    #expect(try parse("--help", "supplies", "consume") == .help(spec.help))
    #expect(try parse("help", "supplies", "consume") == .help(spec.help))
    #expect(try parse("supplies", "consume", "water", "--help") == .help(spec.help))
  }

  @Test func helpForAGroupListsItsCommands() throws {
    let expected = """
      Commands:
        cosmonaut supplies list [--json]
            The supplies inventory with quantities, units and low-stock warnings.
        cosmonaut supplies consume ITEM QUANTITY [--json]
            Take QUANTITY of ITEM from the inventory; never below zero.
        cosmonaut supplies restock ITEM QUANTITY [--json]
            Add QUANTITY of ITEM to the inventory.
      """
    #expect(try parse("help", "supplies") == .help(expected))
    #expect(try parse("supplies", "--help") == .help(expected))
  }

  @Test func helpForOpen() throws {
    #expect(try parse("help", "open") == .help(HelpText.open))
    #expect(try parse("open", "--help") == .help(HelpText.open))
  }

  @Test func helpForSomethingUnknownIsAUsageError() {
    #expect(
      usageError("help", "launch") == "no help for \"launch\"; run 'cosmonaut --help' for the list of commands")
  }

  @Test func versionWinsWhereverItStands() throws {
    #expect(try parse("--version") == .version)
    #expect(try parse("supplies", "list", "--version") == .version)
  }

  @Test func mainHelpListsEveryCommandAndGlobalOption() {
    for spec in CommandCatalog.commands {
      #expect(HelpText.main.contains(spec.words.joined(separator: " ")))
      #expect(HelpText.main.contains(spec.summary))
    }
    for option in ["--data-dir DIR", "--houston URL", "--suit SUIT", "--log-level LEVEL", "--no-color", "--version"] {
      #expect(HelpText.main.contains(option))
    }
  }
}

@Suite("Invocation parser: usage errors")
struct InvocationParserUsageErrorTests {
  @Test func unknownCommand() {
    #expect(usageError("launch") == "unknown command \"launch\". Run 'cosmonaut --help' for the list of commands")
  }

  @Test func groupWithoutSubCommand() {
    #expect(
      usageError("supplies")
        == "'supplies' needs a sub-command; try one of: supplies list, supplies consume, supplies restock")
    #expect(usageError("profile") == "'profile' needs a sub-command; try one of: profile show, profile set")
  }

  @Test func groupWithAnUnknownSubCommand() {
    #expect(
      usageError("suit", "fly") == "unknown command \"suit fly\"; try one of: suit status, suit watch, suit set")
  }

  @Test func missingPositional() {
    #expect(
      usageError("supplies", "consume", "water")
        == "missing QUANTITY. Usage: cosmonaut supplies consume ITEM QUANTITY [--json]")
    #expect(
      usageError("suit", "set")
        == "missing temperature|oxygen-flow|lights. Usage: cosmonaut suit set temperature|oxygen-flow|lights VALUE [--json]"
    )
  }

  @Test func extraPositional() {
    #expect(
      usageError("supplies", "consume", "water", "2", "3")
        == "unexpected argument \"3\". Usage: cosmonaut supplies consume ITEM QUANTITY [--json]")
    #expect(usageError("sync", "now") == "unexpected argument \"now\". Usage: cosmonaut sync [--json]")
  }

  @Test func unknownOption() {
    #expect(
      usageError("supplies", "list", "--verbose")
        == "unknown option --verbose for 'supplies list'. Usage: cosmonaut supplies list [--json]")
    #expect(
      usageError("profile", "show", "--name=Yuri")
        == "unknown option --name for 'profile show'. Usage: cosmonaut profile show [--json]")
  }

  @Test func commandOptionWithoutValue() {
    #expect(
      usageError("profile", "set", "--name")
        == "--name needs a value. Usage: cosmonaut profile set [--name N] [--agency A] [--role R] [--mission M] [--json]"
    )
  }

  @Test func globalOptionWithoutValue() {
    for option in ["--data-dir", "--houston", "--suit", "--log-level"] {
      #expect(usageError("sync", option) == "\(option) needs a value")
    }
  }

  @Test func jsonOnACommandWithoutJSONOutput() {
    // Every command of the catalog has --json today, so the refusal is only reachable through a
    // command without it; its usage line must then not offer --json either.
    let plain = CommandSpec("demo run", summary: "A command without JSON.", link: "demo/run")
    #expect(!plain.usage.contains("--json"))
    #expect(CommandCatalog.commands.allSatisfy { $0.allowsJSON })
  }
}
