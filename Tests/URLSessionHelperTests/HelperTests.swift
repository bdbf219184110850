import Foundation
import TestHarness
import Testing

/// The helper as SwiftPM builds it: the tool of the `URLSessionHelperLocation` plugin, next to the tests.
private var helper: URL { TestProducts.executable("URLSessionHelper-tool") }

/// The helper as its build plugin runs it: `--write-location FILE` writes a Swift file (comments
/// only) naming where the helper was built.
@Test func theHelperWritesWhereItWasBuilt() async throws {
  try #require(
    FileManager.default.isExecutableFile(atPath: helper.path), "swift build puts the helper next to the tests")
  let output = FileManager.default.temporaryDirectory.appendingPathComponent("helper-location-\(getpid()).swift")
  defer { try? FileManager.default.removeItem(at: output) }
  let result = try await ChildProcess.run(helper, ["--write-location", output.path])
  #expect(result.status == 0, "\(result.stderr)")
  let text = try String(contentsOf: output, encoding: .utf8)
  #expect(text.contains(helper.resolvingSymlinksInPath().path))
  #expect(text.split(separator: "\n").allSatisfy { $0.hasPrefix("//") })
}

/// Fed the end of its input, the helper ends with 0; fed a frame it cannot read, with 65.
@Test(arguments: [("", Int32(0)), ("\u{3}\0\0\0\t\t\t", Int32(65))])
func theHelperEndsWithItsInput(input: String, status: Int32) async throws {
  let result = try await ChildProcess.run(helper, input: input, timeLimit: .seconds(30))
  #expect(result.status == status)
}
