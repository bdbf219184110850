import Testing

@testable import CommandLineKit

@Suite struct ParsingTests {
  private func route(_ line: String, environment: [String: String] = [:]) throws -> LabRoute? {
    guard case .run(let route, _, _) = try LabRoute.program.parse(words(line), environment: environment) else {
      return nil
    }
    return route
  }

  private func words(_ line: String) -> [String] { line.split(separator: " ").map(String.init) }

  private func error(_ line: String, environment: [String: String] = [:]) -> String {
    do {
      _ = try LabRoute.program.parse(words(line), environment: environment)
      return "(no error)"
    } catch {
      return error.userMessage
    }
  }

  @Test func everyKindOfParameterIsRead() throws {
    #expect(try route("racks list") == .racks)
    #expect(try route("racks show er2") == .rack(id: "er2"))
    #expect(
      try route("samples log b1 minus26 --note=frozen --urgent")
        == .log(
          sample: "b1", freezer: .minus26, note: "frozen", urgent: true))
    #expect(
      try route("samples log b1 MINUS26 --note frozen")
        == .log(
          sample: "b1", freezer: .minus26, note: "frozen", urgent: false))
    #expect(try route("heat -20.5") == .heat(celsius: -20.5), "a negative number is a value, not an option")
  }

  @Test func aliasesAndAnyCaseReachTheSameRoute() throws {
    #expect(try route("rack view er1") == .rack(id: "er1"))
    #expect(try route("RACKS Show er1") == .rack(id: "er1"))
  }

  @Test func noCommandRunsWithoutARouteAndGlobalOptionsStandAnywhere() throws {
    guard case .run(nil, false, let options) = try LabRoute.program.parse(["--region", "ru", "--verbose"]) else {
      Issue.record("no command runs the interactive lab")
      return
    }
    #expect(options[LabRoute.region] == "ru")
    #expect(options[LabRoute.verbose])
    guard case .run(.status, true, let after) = try LabRoute.program.parse(["status", "--json", "--region=us"]) else {
      Issue.record("options after the command")
      return
    }
    #expect(after[LabRoute.region] == "us")
  }

  @Test func theEnvironmentGivesAMissingOptionAndIsValidated() throws {
    guard case .run(_, _, let options) = try LabRoute.program.parse(["status"], environment: ["LAB_REGION": "ru"])
    else { return }
    #expect(options[LabRoute.region] == "ru")
    #expect(error("status", environment: ["LAB_REGION": "eu"]).hasPrefix("invalid value \"eu\" for $LAB_REGION"))
    #expect(try route("status --region us", environment: ["LAB_REGION": "eu"]) == .status, "the line wins")
    guard case .print = try LabRoute.program.parse(["--help"], environment: ["LAB_REGION": "eu"]) else {
      Issue.record("help works whatever the environment says")
      return
    }
  }

  @Test func doubleDashEndsOptions() throws {
    #expect(
      try route("samples log -- --weird plus4")
        == .log(
          sample: "--weird", freezer: .plus4, note: nil, urgent: false))
  }

  @Test func optionsBeforeTheCommandMoveBehindItUnlessTheyNeedASeparateValue() throws {
    guard case .run(.status, true, _) = try LabRoute.program.parse(["--json", "status"]) else {
      Issue.record("--json before the command")
      return
    }
    #expect(try route("--note=x samples log a plus4") == .log(sample: "a", freezer: .plus4, note: "x", urgent: false))
    #expect(error("--note x samples log a plus4").contains("--note belongs after the command"))
  }

  @Test(arguments: [
    ("rackz list", "unknown command 'rackz' (did you mean 'racks'?); see 'lab --help'"),
    ("racks lst", "unknown command 'racks lst' (did you mean 'racks list'?); see 'lab --help'"),
    ("racks", "'racks' needs a subcommand: list, show"),
    ("racks show", "missing <rack>; usage: lab racks show <rack> [--json]"),
    ("racks show er1 er2", "unexpected argument \"er2\" for 'racks show'; see 'lab racks show --help'"),
    (
      "samples log a plus4 --not x",
      "unknown option '--not' for 'samples log' (did you mean '--note'?); see 'lab samples log --help'"
    ),
    ("samples log a plus4 --note", "--note needs a value; see 'lab samples log --help'"),
    (
      "samples log a plus4 --note --urgent",
      "--note needs a value, and \"--urgent\" looks like an option; write --note=--urgent if that is the value"
    ),
    (
      "samples log a minus90",
      "invalid value \"minus90\" for <freezer>: expected one of minus80, minus26, plus4 (did you mean 'minus80'?)"
    ),
    ("samples log a plus4 --urgent=perhaps", "--urgent is a flag; give it alone, or as --urgent=on or --urgent=off"),
    ("heat warm", "invalid value \"warm\" for <celsius>: expected a number from -80 to 40"),
    ("heat 13", "13 °C is unlucky; pick another"),
    ("samples log a plus4 --json", "'samples log' has no --json output"),
    ("--region", "--region needs a value; see 'lab --help'"),
    ("--verbos status", "unknown option '--verbos' for 'status' (did you mean '--verbose'?); see 'lab status --help'"),
    ("--json", "--json belongs to a command, e.g. 'lab racks list --json'"),
    ("status --region=", "--region needs a value: one of us, ru"),
    (
      "--generate-completion-script tcsh",
      "invalid value \"tcsh\" for --generate-completion-script: expected one of bash, zsh, fish"
    ),
  ])
  func badLinesSayWhatIsWrongInOneLine(_ line: String, _ expected: String) {
    #expect(error(line) == expected)
    #expect(!expected.contains("\n"))
  }

  @Test(arguments: [
    ("--regoin us status", "unknown option '--regoin' (did you mean '--region'?); see 'lab --help'"),
    ("--regoin us racks list", "unknown option '--regoin' (did you mean '--region'?); see 'lab --help'"),
    ("--zone us status", "unknown option '--zone' (did you mean '--region'?); see 'lab --help'"),
    ("racks --regoin us list", "unknown option '--regoin' (did you mean '--region'?); see 'lab --help'"),
    ("status --zone us", "unknown option '--zone' for 'status' (did you mean '--region'?); see 'lab status --help'"),
    ("--nte x samples log a plus4", "unknown option '--nte' (did you mean '--note'?); see 'lab --help'"),
    // A mistyped command with a mistyped option after it: the command is the first mistake.
    ("rackz list --verbos", "unknown command 'rackz' (did you mean 'racks'?); see 'lab --help'"),
  ])
  func anUnknownOptionIsNamedBeforeItsValueIsTakenForACommand(_ line: String, _ expected: String) {
    #expect(error(line) == expected)
  }

  @Test func echoedWordsAreInertAndShort() {
    let escape = error("racks show er1 \u{1B}[2J")
    #expect(escape == "unexpected argument \"\\e[2J\" for 'racks show'; see 'lab racks show --help'")
    let long = String(repeating: "x", count: 120_000)
    let cut = error("samples log a " + long)
    #expect(cut.count < 300, "\(cut.count) characters")
    #expect(cut.contains("\"" + String(repeating: "x", count: 39) + "…\""))
    #expect(!error("--\u{7}\u{1B}]0;title\u{7} status").contains("\u{1B}"))
  }

  @Test func anArgumentThatIsNotUTF8IsRefusedNotReplaced() throws {
    #expect(try ProcessArguments.decode([Array("status".utf8), Array("Ана".utf8)]) == ["status", "Ана"])
    #expect(throws: UsageError("argument 2 is not UTF-8 text: a\\xFFb; give the command line in UTF-8")) {
      try ProcessArguments.decode([Array("status".utf8), [0x61, 0xFF, 0x62]])
    }
    #expect(throws: UsageError("argument 1 is not UTF-8 text: \\xC3; give the command line in UTF-8")) {
      try ProcessArguments.decode([[0xC3]])
    }
  }

  @Test func helpIsTheSameTextEveryWayItIsAskedFor() throws {
    let forms = [
      ["help", "samples", "log"], ["samples", "log", "--help"], ["samples", "log", "-h"], ["-h", "samples", "log"],
    ]
    let texts = try forms.map { arguments -> String in
      guard case .print(let text) = try LabRoute.program.parse(arguments) else { return "" }
      return text
    }
    #expect(Set(texts).count == 1)
    #expect(texts[0].hasPrefix("OVERVIEW: Log a sample into a freezer."))
  }

  @Test func versionPrintsNameAndVersion() throws {
    guard case .print(let text) = try LabRoute.program.parse(["--version"]) else { return }
    #expect(text == "lab 1.2.3")
  }
}
