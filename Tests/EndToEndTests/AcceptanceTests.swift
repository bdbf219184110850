import EndToEndSupport
import Foundation
import TestHarness
import Testing

/// What an acceptance run of `cosmonaut` found broken, kept fixed.
@Suite("cosmonaut acceptance findings")
struct AcceptanceTests {
  @Test("suit watch ends when the reader of its output goes away (| head -2)")
  func watchEndsWhenTheReaderCloses() async throws {
    let sandbox = try Sandbox()
    let process = try ChildProcess(
      Executables.cosmonaut, ["--data-dir", sandbox.dataDirectory, "suit", "watch", "--interval-ms", "20"],
      environment: sandbox.environment, output: .capture, errors: .discard)
    // Read the header and one sample, then close the reading end, as `head -2` does.
    try await process.waitForOutput("\n", occurrence: 2)
    process.closeOutput()
    let exit = try #require(await process.exit(within: .seconds(30)), "still running after its reader went away")
    #expect(process.output.hasPrefix("time"))
    #expect(exit == .exited(0), "ended by itself, not by a signal: \(exit)")
  }

  @Test("a data directory under a regular file: exit 73, one line naming the file")
  func dataDirectoryUnderAFile() async throws {
    let sandbox = try Sandbox()
    let file = sandbox.directory.appendingPathComponent("plain")
    try Data("x".utf8).write(to: file)
    let result = try await sandbox.run(
      Executables.cosmonaut, ["--data-dir", file.appendingPathComponent("iss").path, "supplies", "list"],
      environment: sandbox.environment)
    #expect(result.status == 73)
    #expect(result.stdout.isEmpty)
    #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
    #expect(result.stderr.contains("\(file.path) is a file, not a directory"))
  }

  @Test("an empty --data-dir is bad usage, not the default directory")
  func emptyDataDirectory() async throws {
    let sandbox = try Sandbox()
    let result = try await sandbox.run(
      Executables.cosmonaut, ["--data-dir=", "profile", "show"], environment: sandbox.environment)
    #expect(result.status == 64)
    #expect(result.stderr.contains("--data-dir needs a value"))
    #expect(!FileManager.default.fileExists(atPath: sandbox.directory.appendingPathComponent(".local").path))
  }

  @Test(
    "a damaged database: one clear line, exit 74 (the file's fault, not the program's), and the file is left as it was")
  func damagedDatabase() async throws {
    let sandbox = try Sandbox()
    let data = URL(fileURLWithPath: sandbox.dataDirectory, isDirectory: true)
    try FileManager.default.createDirectory(at: data, withIntermediateDirectories: true)
    let database = data.appendingPathComponent("cosmonaut.sqlite")
    let garbage = Data((0..<4096).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) })
    try garbage.write(to: database)

    let result = try await sandbox.cosmonaut(["supplies", "consume", "water", "1"])

    #expect(result.status == 74)
    #expect(result.stdout.isEmpty)
    #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
    #expect(result.stderr.contains("is damaged"))
    #expect(result.stderr.contains(database.path))
    #expect(try Data(contentsOf: database) == garbage, "nothing is written over the user's file")
  }

  @Test("--json and -h may come before the command")
  func flagsBeforeTheCommand() async throws {
    let sandbox = try Sandbox()
    let show = try await sandbox.cosmonaut(["--json", "profile", "show"])
    #expect(show.status == 0, "\(show.stderr)")
    #expect(try show.stdout.json() is [String: Any])
    let help = try await sandbox.cosmonaut(["-h"])
    #expect(help.status == 0)
    #expect(help.stdout.contains("USAGE: cosmonaut"))
  }

  @Test("supplies by name in any case; an absurd restock is refused and changes nothing")
  func suppliesByNameAndAbsurdQuantities() async throws {
    let sandbox = try Sandbox()
    let consume = try await sandbox.cosmonaut(["supplies", "consume", "Drinking Water", "1", "--json"])
    #expect(consume.status == 0, "\(consume.stderr)")
    let item = try #require(try consume.stdout.json() as? [String: Any])
    #expect(item["id"] as? String == "water")
    let before = try #require(item["quantity"] as? Int)

    let absurd = try await sandbox.cosmonaut(["supplies", "restock", "water", "9223372036854775000"])
    #expect(absurd.status == 64)
    #expect(absurd.stderr.split(separator: "\n").count == 1)
    let list = try await sandbox.cosmonaut(["supplies", "list", "--json"])
    let items = try #require(try list.stdout.json() as? [[String: Any]])
    #expect(items.first { $0["id"] as? String == "water" }?["quantity"] as? Int == before)
  }

  @Test("open with extra path parts is an unknown link: exit 64 before anything starts")
  func openWithExtraPathParts() async throws {
    let sandbox = try Sandbox()
    let result = try await sandbox.cosmonaut(["open", "profile/show/extra"], input: "q\n")
    #expect(result.status == 64)
    #expect(result.stderr.split(separator: "\n").count == 1)
    #expect(result.stderr.contains("profile/show/extra"))
    #expect(result.stdout.isEmpty, "no screen and no menu for a link nobody owns")
  }
}
