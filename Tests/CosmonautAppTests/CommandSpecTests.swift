import Testing

@testable import CosmonautApp

@Suite("Command specs and help text")
struct CommandSpecTests {
  @Test func usageListsWordsArgumentsOptionsAndJSON() throws {
    let usages = Dictionary(uniqueKeysWithValues: CommandCatalog.commands.map { ($0.link, $0.usage) })
    #expect(usages["supplies/consume"] == "cosmonaut supplies consume ITEM QUANTITY [--json]")
    #expect(usages["profile/set"] == "cosmonaut profile set [--name N] [--agency A] [--role R] [--mission M] [--json]")
    #expect(usages["spacesuit/watch"] == "cosmonaut suit watch [--count N] [--interval-ms MS] [--json]")
    #expect(usages["spacesuit/set"] == "cosmonaut suit set temperature|oxygen-flow|lights VALUE [--json]")
    #expect(usages["sync"] == "cosmonaut sync [--json]")
  }

  @Test func helpShowsUsageSummaryAndAlignedOptions() throws {
    let watch = try #require(CommandCatalog.match(["suit", "watch"]))
    #expect(
      watch.help == """
        Usage: cosmonaut suit watch [--count N] [--interval-ms MS] [--json]

        Live suit telemetry, one line per sample (Ctrl-C stops; --json needs --count).

        Options:
          --count N             stop after N samples
          --interval-ms MS      time between samples (default 1000)
          --json                print one JSON document instead of text

        Global options (--data-dir, --houston, --suit, --log-level, --no-color): see 'cosmonaut --help'.
        """)
  }

  @Test func helpOfACommandWithoutOptionsOrJSONHasNoOptionsSection() {
    let spec = CommandSpec(
      "demo run", summary: "Runs the demo.", link: "demo/run", arguments: [("target", "TARGET")])
    #expect(spec.usage == "cosmonaut demo run TARGET")
    #expect(
      spec.help == """
        Usage: cosmonaut demo run TARGET

        Runs the demo.

        Global options (--data-dir, --houston, --suit, --log-level, --no-color): see 'cosmonaut --help'.
        """)
  }

  @Test func matchPrefersTheLongestCommand() {
    #expect(CommandCatalog.match(["sync", "status"])?.link == "sync/status")
    #expect(CommandCatalog.match(["sync"])?.link == "sync")
    #expect(CommandCatalog.match(["sync", "now"])?.link == "sync")
    #expect(CommandCatalog.match(["suit"]) == nil)
  }

  @Test func groupsAreTheWordsWithSubCommands() {
    #expect(CommandCatalog.groups == ["profile", "suit", "supplies", "sync"])
  }

  @Test func everyCommandHasAUniqueLinkAndWords() {
    let commands = CommandCatalog.commands
    #expect(Set(commands.map(\.link)).count == commands.count)
    #expect(Set(commands.map { $0.words.joined(separator: " ") }).count == commands.count)
    #expect(commands.allSatisfy { $0.arguments.count == $0.argumentLabels.count })
  }
}
