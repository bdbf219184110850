import Foundation
import Testing

@testable import Scaffold

#if canImport(Glibc)
  import Glibc
#endif

@Suite("Data directory")
struct DataDirectoryTests {
  let home = "/home/valentina"

  private func resolve(_ option: String?, _ environment: [String: String] = [:]) -> String {
    DataDirectory.resolve(option: option, environment: environment, home: home).path
  }

  @Test func optionWinsOverXDG() {
    #expect(resolve("/data/iss", ["XDG_DATA_HOME": "/xdg"]) == "/data/iss")
  }

  @Test func emptyValuesAreIgnored() {
    #expect(resolve("", ["XDG_DATA_HOME": "/xdg"]) == "/xdg/iss")
    #expect(resolve(nil, ["XDG_DATA_HOME": ""]) == "/home/valentina/.local/share/iss")
  }

  @Test func xdgDataHomeIsUsedOnlyWhenAbsolute() {
    #expect(resolve(nil, ["XDG_DATA_HOME": "/xdg"]) == "/xdg/iss")
    #expect(resolve(nil, ["XDG_DATA_HOME": "relative/data"]) == "/home/valentina/.local/share/iss")
  }

  @Test func defaultIsUnderTheHomeDirectory() {
    #expect(resolve(nil) == "/home/valentina/.local/share/iss")
  }

  @Test func tildeExpandsToHome() {
    #expect(resolve("~") == "/home/valentina")
    #expect(resolve("~/iss-data") == "/home/valentina/iss-data")
  }

  @Test func resultIsADirectoryURL() {
    #expect(DataDirectory.resolve(option: "/data", environment: [:], home: home).hasDirectoryPath)
  }

  @Test func aFileInThePathIsNamedAndIsCannotCreate() throws {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("iss-dd-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: root) }
    let file = root.appendingPathComponent("plain-file")
    try Data("x".utf8).write(to: file)
    for wanted in [file, file.appendingPathComponent("sub/dir")] {
      let error = #expect(throws: DataDirectoryError.self) { try DataDirectory.create(wanted) }
      #expect(error?.kind == .cannotCreate)
      #expect(error?.userMessage.contains("\(file.path) is a file, not a directory") == true)
    }
    let nested = root.appendingPathComponent("a/b/c")
    try DataDirectory.create(nested)
    var isDirectory: ObjCBool = false
    #expect(FileManager.default.fileExists(atPath: nested.path, isDirectory: &isDirectory) && isDirectory.boolValue)
  }

  /// A fresh directory under /tmp, removed afterwards.
  private func scratch() throws -> URL {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("iss-dd-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
    return root
  }

  @Test func aSymbolicLinkLoopIsNamedAsOne() throws {
    let root = try scratch()
    defer { try? FileManager.default.removeItem(at: root) }
    let (a, b) = (root.appendingPathComponent("a"), root.appendingPathComponent("b"))
    try FileManager.default.createSymbolicLink(atPath: a.path, withDestinationPath: b.path)
    try FileManager.default.createSymbolicLink(atPath: b.path, withDestinationPath: a.path)
    for wanted in [a, a.appendingPathComponent("data")] {
      let error = #expect(throws: DataDirectoryError.self) { try DataDirectory.create(wanted) }
      #expect(error?.kind == .cannotCreate)
      let message = error?.userMessage ?? ""
      #expect(message.contains("symbolic link loop"), "\(message)")
      #expect(!message.contains("permission") && !message.contains("read-only"), "\(message)")
    }
  }

  @Test func aSymbolicLinkThatLeadsNowhereIsNamedAsOneNotAsAFile() throws {
    let root = try scratch()
    defer { try? FileManager.default.removeItem(at: root) }
    let link = root.appendingPathComponent("data")
    try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: "/nonexistent/iss")
    for wanted in [link, link.appendingPathComponent("iss")] {
      let error = #expect(throws: DataDirectoryError.self) { try DataDirectory.create(wanted) }
      let message = error?.userMessage ?? ""
      #expect(message.contains("is a symbolic link to /nonexistent/iss, which does not exist"), "\(message)")
      #expect(!message.contains("is a file"), "\(message)")
    }
  }

  @Test func aNameTooLongForTheFileSystemIsSaidSo() throws {
    let root = try scratch()
    defer { try? FileManager.default.removeItem(at: root) }
    let error = #expect(throws: DataDirectoryError.self) {
      try DataDirectory.create(root.appendingPathComponent(String(repeating: "x", count: 300)))
    }
    #expect(error?.kind == .cannotCreate)
    #expect(error?.userMessage.contains("too long") == true, "\(error?.userMessage ?? "")")
  }

  @Test func anExistingDirectoryThatCannotBeWrittenIsUsedForReading() throws {
    let root = try scratch()
    defer {
      chmod(root.path, 0o755)
      try? FileManager.default.removeItem(at: root)
    }
    chmod(root.path, 0o555)
    try DataDirectory.create(root)
  }

  @Test func everySystemReasonHasItsOwnLine() {
    let directory = URL(fileURLWithPath: "/data/iss")
    let codes: [Int32] = [ELOOP, ENAMETOOLONG, EROFS, ENOSPC, EDQUOT, EACCES, EIO, ENOTDIR, EOVERFLOW]
    let lines = codes.map { DataDirectory.failure($0, at: "/data/iss", of: directory, creating: true).userMessage }
    #expect(Set(lines).count == codes.count, "\(lines)")
    #expect(DataDirectory.failure(EIO, at: "/data/iss", of: directory, creating: true).kind == .io)
    #expect(
      DataDirectory.failure(EACCES, at: "/data/iss", of: directory, creating: true).userMessage
        != DataDirectory.failure(EACCES, at: "/data/iss", of: directory, creating: false).userMessage)
  }
}

/// The files an app appends to in its data directory (its log, analytics) are written only as plain
/// files of their own: a link or a special file in their place is refused with one line (73).
@MainActor @Suite("Line files in the data directory")
struct LineFileTests {
  @Test(arguments: ["station.log", "analytics.jsonl"])
  func aSymbolicLinkInPlaceOfALineFileIsRefusedAndItsTargetUntouched(name: String) async throws {
    let harness = LaunchHarness()
    let data = harness.root.appendingPathComponent("data")
    try FileManager.default.createDirectory(at: data, withIntermediateDirectories: true)
    let victim = harness.root.appendingPathComponent("victim")
    try Data("kept\n".utf8).write(to: victim)
    try FileManager.default.createSymbolicLink(
      atPath: data.appendingPathComponent(name).path, withDestinationPath: victim.path)
    #expect(await harness.run(["galley", "serve", "tea", "2"]) == 73)
    let lines = harness.errors.text.split(separator: "\n")
    #expect(lines.count == 1, "\(harness.errors.text)")
    #expect(
      lines.first?.contains("\(data.path)/\(name) is a symbolic link, not a plain file") == true,
      "\(harness.errors.text)")
    #expect(try String(contentsOf: victim, encoding: .utf8) == "kept\n")
    #expect(!harness.journal.entries.contains { $0.hasPrefix("services.start") })
  }

  @Test func aFIFOInPlaceOfTheLogIsRefusedNotWaitedOn() async throws {
    let harness = LaunchHarness()
    let data = harness.root.appendingPathComponent("data")
    try FileManager.default.createDirectory(at: data, withIntermediateDirectories: true)
    #expect(mkfifo(data.appendingPathComponent("station.log").path, 0o644) == 0)
    #expect(await harness.run(["galley", "serve", "tea", "2"]) == 73)
    #expect(harness.errors.text.contains("is a named pipe (FIFO), not a plain file"), "\(harness.errors.text)")
  }
}
