import Foundation
import Glibc
import Testing

@testable import Radio

/// A fresh directory under /tmp (short enough for socket paths), removed afterwards.
final class ScratchDirectory {
  let path: String

  init() throws {
    path = "/tmp/iss-radio-\(UUID().uuidString.prefix(8))"
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
  }

  deinit { try? FileManager.default.removeItem(atPath: path) }

  func file(_ name: String) -> String { "\(path)/\(name)" }
}

/// What is at a path when a listener is asked to bind there: only a stale socket may be replaced.
@Suite struct ListenerPathTests {
  @Test func neverReplacesARegularFile() throws {
    let scratch = try ScratchDirectory()
    let path = scratch.file("notes.txt")
    try Data("flight notes\n".utf8).write(to: URL(fileURLWithPath: path))

    #expect(throws: RadioError.notASocket(path: path, kind: .regularFile)) { try UnixSocketListener(path: path) }
    #expect(try String(contentsOfFile: path, encoding: .utf8) == "flight notes\n")
  }

  @Test func refusesADirectoryAndSaysSo() throws {
    let scratch = try ScratchDirectory()
    let path = scratch.file("dir")
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)

    let error = #expect(throws: RadioError.self) { try UnixSocketListener(path: path) }
    #expect(error == .notASocket(path: path, kind: .directory))
    #expect(error?.description == "\(path) is a directory, not a socket")
    #expect(error?.translatedMessage.resolved(in: .russian) == "\(path) — не сокет (каталог)")
    var isDirectory: ObjCBool = false
    #expect(FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue)
  }

  @Test func neverFollowsOrRemovesASymbolicLink() throws {
    let scratch = try ScratchDirectory()
    let target = scratch.file("target.txt")
    let link = scratch.file("link.sock")
    try Data("keep".utf8).write(to: URL(fileURLWithPath: target))
    try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: target)

    #expect(throws: RadioError.notASocket(path: link, kind: .symbolicLink)) { try UnixSocketListener(path: link) }
    #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == target)
    #expect(try String(contentsOfFile: target, encoding: .utf8) == "keep")
  }

  @Test func refusesANamedPipe() throws {
    let scratch = try ScratchDirectory()
    let path = scratch.file("fifo")
    #expect(mkfifo(path, 0o600) == 0)
    #expect(throws: RadioError.notASocket(path: path, kind: .namedPipe)) { try UnixSocketListener(path: path) }
    #expect(FileManager.default.fileExists(atPath: path))
  }

  @Test func replacesOnlyAStaleSocket() throws {
    let scratch = try ScratchDirectory()
    let path = scratch.file("suit.sock")
    let crashed = try UnixSocketListener(path: path)
    crashed.closeKeepingFile()  // like a server killed with -9: the file stays, nobody accepts
    let live = try UnixSocketListener(path: path)
    #expect(throws: RadioError.addressInUse(path: path)) { try UnixSocketListener(path: path) }
    live.close()
    #expect(!FileManager.default.fileExists(atPath: path))
  }

  @Test func closeRemovesOnlyItsOwnSocketFile() throws {
    let scratch = try ScratchDirectory()
    let path = scratch.file("suit.sock")
    let listener = try UnixSocketListener(path: path)
    // Someone replaces the socket file while the listener runs; closing must not delete theirs.
    #expect(unlink(path) == 0)
    try Data("theirs".utf8).write(to: URL(fileURLWithPath: path))
    listener.close()
    #expect(try String(contentsOfFile: path, encoding: .utf8) == "theirs")
  }

  @Test func saysWhenTheDirectoryDoesNotExist() throws {
    let scratch = try ScratchDirectory()
    let path = scratch.file("missing/suit.sock")
    #expect(throws: RadioError.system(call: "bind", reason: "No such file or directory", code: ENOENT)) {
      try UnixSocketListener(path: path)
    }
  }

  @Test func validatesPathLengthWithoutTouchingTheFileSystem() {
    let longest = "/" + String(repeating: "a", count: maximumUnixSocketPathLength - 1)
    #expect(throws: Never.self) { try UnixSocketPath.validate(longest) }
    #expect(throws: RadioError.socketPathTooLong(path: longest + "b", maximum: maximumUnixSocketPathLength)) {
      try UnixSocketPath.validate(longest + "b")
    }
  }
}
