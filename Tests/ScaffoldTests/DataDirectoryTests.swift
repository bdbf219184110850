import Foundation
import Testing

@testable import Scaffold

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
}
