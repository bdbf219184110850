import EndToEndSupport
import Foundation
import TestHarness
import Testing

/// The command line and deep links of `cosmonaut` as a user types them: one grammar for both.
@Suite("cosmonaut command line and links")
struct CommandLineTests {
  @Test("a typed link that changes data asks first; yes changes it, no leaves it")
  func linksThatChangeDataAsk() async throws {
    let sandbox = try Sandbox()
    let before = try await stock(of: "water", in: sandbox)
    let declined = try await sandbox.cosmonaut(["open", "supplies/consume?item=water&quantity=2"], input: "n\nq\n")
    #expect(declined.status == 0, "\(declined.stderr)")
    #expect(declined.stdout.contains("changes data: take 2 of water from the inventory."))
    #expect(declined.stdout.contains("Nothing changed."))
    #expect(try await stock(of: "water", in: sandbox) == before)

    let accepted = try await sandbox.cosmonaut(["open", "supplies/consume?item=water&quantity=2"], input: "y\nb\nq\n")
    #expect(accepted.status == 0, "\(accepted.stderr)")
    #expect(accepted.stdout.contains("Consumed 2 L of Drinking water"))
    #expect(try await stock(of: "water", in: sandbox) == before - 2)
  }

  @Test("a typed profile link never renames silently; end of input declines")
  func profileLinkAsks() async throws {
    let sandbox = try Sandbox()
    let result = try await sandbox.cosmonaut(["open", "profile/set?name=Mallory"], input: "")
    #expect(result.status == 0)
    let show = try await sandbox.cosmonaut(["profile", "show", "--json"])
    #expect((try show.stdout.json() as? [String: Any])?["name"] as? String == "")
  }

  @Test(
    "links take exactly their command's parameters, validated like the command line",
    arguments: [
      "nowhere/at/all", "supplies/consume?item=water", "supplies/consume?item=water&quantity=lots",
      "supplies/consume?item=water&quantity=2&bogus=1", "supplies", "suit/set?setting=warp&value=9", "%zz",
    ])
  func badLinksAreUsageErrors(link: String) async throws {
    let sandbox = try Sandbox()
    let result = try await sandbox.cosmonaut(["open", link], input: "q\n")
    #expect(result.status == 64, "\(link): \(result.stderr)")
    #expect(result.stderr.split(separator: "\n").count == 1, "\(link): \(result.stderr)")
    #expect(result.stdout.isEmpty)
  }

  @Test("a value that looks like an option is refused, and nothing is stored")
  func optionLookingValue() async throws {
    let sandbox = try Sandbox()
    let result = try await sandbox.cosmonaut(["profile", "set", "--name", "--json"])
    #expect(result.status == 64)
    #expect(result.stderr.contains("write --name=--json"))
    let show = try await sandbox.cosmonaut(["profile", "show", "--json"])
    #expect((try show.stdout.json() as? [String: Any])?["name"] as? String == "")
    let explicit = try await sandbox.cosmonaut(["profile", "set", "--name=--json", "--json"])
    #expect(explicit.status == 0, "\(explicit.stderr)")
    #expect((try explicit.stdout.json() as? [String: Any])?["name"] as? String == "--json")
  }

  @Test("near misses suggest the right word")
  func didYouMean() async throws {
    let sandbox = try Sandbox()
    for (arguments, suggestion) in [
      (["suplies", "list"], "did you mean 'supplies'?"), (["supplies", "lst"], "did you mean 'supplies list'?"),
      (["suit", "watch", "--cont", "2"], "did you mean '--count'?"),
      (["suit", "set", "temprature", "22"], "did you mean 'temperature'?"),
    ] {
      let result = try await sandbox.cosmonaut(arguments)
      #expect(result.status == 64, "\(arguments)")
      #expect(result.stderr.contains(suggestion), "\(arguments): \(result.stderr)")
    }
  }

  @Test("help <command> and <command> --help are the same text")
  func helpForms() async throws {
    let sandbox = try Sandbox()
    let viaWord = try await sandbox.cosmonaut(["help", "suit", "watch"])
    let viaFlag = try await sandbox.cosmonaut(["suit", "watch", "--help"])
    #expect(viaWord.status == 0 && viaFlag.status == 0)
    #expect(viaWord.stdout == viaFlag.stdout)
    for section in ["OVERVIEW:", "USAGE: cosmonaut suit watch", "OPTIONS:", "--count <n>", "DEEP LINK: suit/watch"] {
      #expect(viaWord.stdout.contains(section), "\(section)")
    }
  }

  @Test("-- ends the options; --name=value works anywhere")
  func separators() async throws {
    let sandbox = try Sandbox()
    let result = try await sandbox.cosmonaut(["supplies", "consume", "--json", "--", "water", "1"])
    #expect(result.status == 0, "\(result.stderr)")
    #expect((try result.stdout.json() as? [String: Any])?["id"] as? String == "water")
  }

  @Test("the bash completion script completes commands, subcommands and argument values")
  func bashCompletion() async throws {
    let sandbox = try Sandbox()
    let script = try await sandbox.cosmonaut(["--generate-completion-script", "bash"])
    #expect(script.status == 0)
    let file = sandbox.directory.appendingPathComponent("cosmonaut.bash")
    try script.stdout.write(to: file, atomically: true, encoding: .utf8)
    func complete(_ words: [String]) async throws -> [String] {
      let quoted = words.map { "'\($0)'" }.joined(separator: " ")
      let command =
        "source '\(file.path)'; COMP_WORDS=(\(quoted)); COMP_CWORD=\(words.count - 1); _cosmonaut; "
        + "printf '%s\\n' \"${COMPREPLY[@]}\""
      let result = try await sandbox.run(
        URL(fileURLWithPath: "/bin/bash"), ["-c", command], environment: sandbox.environment)
      #expect(result.status == 0, "\(result.stderr)")
      return result.stdout.split(separator: "\n").map(String.init)
    }
    #expect(try await complete(["cosmonaut", "sup"]) == ["supplies"])
    #expect(try await complete(["cosmonaut", "supplies", ""]).sorted() == ["consume", "list", "restock"])
    #expect(try await complete(["cosmonaut", "spacesuit", "s"]).sorted() == ["set", "status"])
    #expect(try await complete(["cosmonaut", "suit", "set", "ox"]) == ["oxygen-flow"])
    #expect(try await complete(["cosmonaut", "supplies", "consume", "wa"]) == ["water"])
    #expect(try await complete(["cosmonaut", "--log-level", "deb"]) == ["debug"])
    #expect(try await complete(["cosmonaut", "suit", "watch", "--c"]).sorted() == ["--color", "--count"])
    #expect(try await complete(["cosmonaut", "suit", "watch", "--cou"]) == ["--count"])
  }

  private func stock(of item: String, in sandbox: Sandbox) async throws -> Int {
    let list = try await sandbox.cosmonaut(["supplies", "list", "--json"])
    let items = try #require(try list.stdout.json() as? [[String: Any]])
    return try #require(items.first { $0["id"] as? String == item }?["quantity"] as? Int)
  }
}
