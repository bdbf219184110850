import Foundation
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

  @Test(arguments: [("bash", "-n"), ("zsh", "-n"), ("fish", "--no-execute")])
  func everyScriptPassesItsShellsSyntaxCheck(_ shell: String, _ flag: String) throws {
    let path = "/usr/bin/\(shell)"
    guard FileManager.default.isExecutableFile(atPath: path) else {
      Issue.record("\(shell) is not installed (.ci/run installs zsh and fish)")
      return
    }
    let file = try saved(try script(shell), shell)
    defer { try? FileManager.default.removeItem(at: file) }
    let result = try runShell(path, [flag, file.path])
    #expect(result.status == 0, "\(shell): \(result.output)")
  }

  @Test func bashCompletesWordsAliasesArgumentsAndOptionValues() throws {
    let file = try saved(try script("bash"), "bash")
    defer { try? FileManager.default.removeItem(at: file) }
    func complete(_ words: [String]) throws -> [String] {
      let quoted = words.map { "'\($0)'" }.joined(separator: " ")
      let command =
        "source '\(file.path)'; COMP_WORDS=(\(quoted)); COMP_CWORD=\(words.count - 1); _lab; printf '%s\\n' \"${COMPREPLY[@]}\""
      return try runShell("/bin/bash", ["-c", command]).output.split(separator: "\n").map(String.init).sorted()
    }
    #expect(try complete(["lab", ""]) == ["heat", "help", "racks", "samples", "status"])
    #expect(try complete(["lab", "rack", ""]) == ["list", "show"])
    #expect(try complete(["lab", "--region", "ru", "racks", "show", "e"]) == ["er1", "er2"])
    #expect(try complete(["lab", "samples", "log", "b1", "m"]) == ["minus26", "minus80"])
    #expect(
      try complete(["lab", "samples", "log", "--"]) == [
        "--generate-completion-script", "--help", "--note", "--region", "--urgent", "--verbose", "--version",
      ])
    #expect(try complete(["lab", "--region", ""]) == ["ru", "us"])
  }

  @Test func fishCompletesTheSameTree() throws {
    guard FileManager.default.isExecutableFile(atPath: "/usr/bin/fish") else {
      Issue.record("fish is not installed (.ci/run installs it)")
      return
    }
    let file = try saved(try script("fish"), "fish")
    defer { try? FileManager.default.removeItem(at: file) }
    func complete(_ line: String) throws -> [String] {
      let output = try runShell("/usr/bin/fish", ["--no-config", "-c", "source '\(file.path)'; complete -C '\(line)'"])
        .output
      return output.split(separator: "\n").map { String($0.split(separator: "\t")[0]) }.sorted()
    }
    #expect(try complete("lab ").contains("samples"))
    #expect(try complete("lab rack ") == ["list", "show"])
    #expect(try complete("lab samples log b1 ") == ["minus26", "minus80", "plus4"])
    #expect(try complete("lab --region ") == ["ru", "us"])
  }
}
