import Foundation
import Testing

@testable import CosmonautApp

/// Command lines a person types that the first version got wrong.
@Suite("Invocation parser: acceptance findings")
struct AcceptanceParserTests {
  @Test func shortHelpFlagPrintsHelp() throws {
    guard case .help(let text) = try InvocationParser.parse(["-h"]) else {
      Issue.record("-h is help")
      return
    }
    #expect(text.contains("Usage: cosmonaut"))
    guard case .help(let command) = try InvocationParser.parse(["supplies", "consume", "-h"]) else {
      Issue.record("<command> -h is the command's help")
      return
    }
    #expect(command.contains("Usage: cosmonaut supplies consume ITEM QUANTITY"))
  }

  @Test func jsonBeforeTheCommandIsTheCommandsJSON() throws {
    let invocation = try InvocationParser.parse(["--json", "profile", "show"])
    #expect(invocation == .command(GlobalOptions(), link: "profile/show", parameters: [:], json: true))
  }

  @Test func inlineOptionBeforeTheCommandIsKept() throws {
    let invocation = try InvocationParser.parse(["--name=Yuri", "profile", "set"])
    #expect(invocation == .command(GlobalOptions(), link: "profile/set", parameters: ["name": "Yuri"], json: false))
  }

  @Test func separateValueOptionBeforeTheCommandIsExplained() {
    #expect(throws: UsageError.self) { try InvocationParser.parse(["--name", "Yuri", "profile", "set"]) }
    do {
      _ = try InvocationParser.parse(["--name", "Yuri", "profile", "set"])
    } catch {
      #expect(error.message.contains("--name belongs after the command"))
    }
  }

  @Test func emptyDataDirectoryIsRefusedNotTheDefault() {
    for arguments in [["--data-dir=", "profile", "show"], ["--data-dir", "", "profile", "show"]] {
      do {
        let invocation = try InvocationParser.parse(arguments)
        Issue.record("expected a usage error, got \(invocation)")
      } catch {
        #expect(error.message.contains("--data-dir needs a directory"))
      }
    }
  }
}

@Suite("Data directory: creation and damaged databases")
struct DataDirectoryCreationTests {
  private func temporaryDirectory() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("iss-app-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }

  @Test func aFileInThePathIsNamed() throws {
    let root = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: root) }
    let file = root.appendingPathComponent("plain-file")
    try Data("x".utf8).write(to: file)

    for wanted in [file, file.appendingPathComponent("sub/dir")] {
      do {
        try DataDirectory.create(wanted)
        Issue.record("\(wanted.path) cannot be a data directory")
      } catch {
        #expect(error.exitCode == 73)
        #expect(error.message.contains("\(file.path) is a file, not a directory"))
        #expect(!error.message.contains("\n"))
      }
    }
  }

  @Test func missingDirectoriesAreCreated() throws {
    let root = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: root) }
    let wanted = root.appendingPathComponent("a/b/c")
    try DataDirectory.create(wanted)
    var isDirectory: ObjCBool = false
    #expect(FileManager.default.fileExists(atPath: wanted.path, isDirectory: &isDirectory) && isDirectory.boolValue)
  }
}
