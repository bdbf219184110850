import Foundation
import TestHarness
import Testing

@testable import CommandLineKit

@Suite(.serialized) struct CompletionTests {
  private func script(_ shell: String) throws -> String {
    guard case .print(let text) = try LabRoute.program.parse(["--generate-completion-script", shell]) else { return "" }
    return text
  }

  private func saved(_ text: String, _ suffix: String) throws -> URL {
    let file = FileManager.default.temporaryDirectory.appendingPathComponent("lab-\(UUID().uuidString).\(suffix)")
    try text.write(to: file, atomically: true, encoding: .utf8)
    return file
  }

  private func expectAccepted(by shell: Shell) async throws {
    let result = try await shell.checkSyntax(of: try script(shell.rawValue))
    #expect(result.status == 0, "\(shell): \(result.stdout)\(result.stderr)")
  }

  @Test func bashAcceptsItsScript() async throws { try await expectAccepted(by: .bash) }

  @Test(.enabled(if: Shell.zsh.isInstalled, Shell.zsh.absence))
  func zshAcceptsItsScript() async throws { try await expectAccepted(by: .zsh) }

  @Test(.enabled(if: Shell.fish.isInstalled, Shell.fish.absence))
  func fishAcceptsItsScript() async throws { try await expectAccepted(by: .fish) }

  @Test func bashCompletesWordsAliasesArgumentsAndOptionValues() async throws {
    let file = try saved(try script("bash"), "bash")
    defer { try? FileManager.default.removeItem(at: file) }
    func complete(_ words: [String]) async throws -> [String] {
      let quoted = words.map { "'\($0)'" }.joined(separator: " ")
      let command =
        "source '\(file.path)'; COMP_WORDS=(\(quoted)); COMP_CWORD=\(words.count - 1); _lab; printf '%s\\n' \"${COMPREPLY[@]}\""
      return try await Shell.bash.run(command).stdout.split(separator: "\n").map(String.init).sorted()
    }
    #expect(try await complete(["lab", ""]) == ["heat", "help", "racks", "samples", "status"])
    #expect(try await complete(["lab", "rack", ""]) == ["list", "show"])
    #expect(try await complete(["lab", "--region", "ru", "racks", "show", "e"]) == ["er1", "er2"])
    #expect(try await complete(["lab", "samples", "log", "b1", "m"]) == ["minus26", "minus80"])
    #expect(
      try await complete(["lab", "samples", "log", "--"]) == [
        "--generate-completion-script", "--help", "--note", "--region", "--urgent", "--verbose", "--version",
      ])
    #expect(try await complete(["lab", "--region", ""]) == ["ru", "us"])
  }

  @Test(.enabled(if: Shell.fish.isInstalled, Shell.fish.absence))
  func fishCompletesTheSameTree() async throws {
    let file = try saved(try script("fish"), "fish")
    defer { try? FileManager.default.removeItem(at: file) }
    func complete(_ line: String) async throws -> [String] {
      let output = try await Shell.fish.run("source '\(file.path)'; complete -C '\(line)'").stdout
      return output.split(separator: "\n").map { String($0.split(separator: "\t")[0]) }.sorted()
    }
    #expect(try await complete("lab ").contains("samples"))
    #expect(try await complete("lab rack ") == ["list", "show"])
    #expect(try await complete("lab samples log b1 ") == ["minus26", "minus80", "plus4"])
    #expect(try await complete("lab --region ") == ["ru", "us"])
  }
}
