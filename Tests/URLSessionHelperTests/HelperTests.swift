import Foundation
import Testing

/// The helper as its build plugin runs it: `--write-location FILE` writes a Swift file (comments
/// only) naming where the helper was built.
@Test func theHelperWritesWhereItWasBuilt() throws {
  let folder = URL(fileURLWithPath: try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
    .deletingLastPathComponent()
  let helper = folder.appendingPathComponent("URLSessionHelper-tool")
  try #require(
    FileManager.default.isExecutableFile(atPath: helper.path), "swift build puts the helper next to the tests")
  let output = FileManager.default.temporaryDirectory.appendingPathComponent("helper-location-\(getpid()).swift")
  defer { try? FileManager.default.removeItem(at: output) }
  let process = Process()
  process.executableURL = helper
  process.arguments = ["--write-location", output.path]
  try process.run()
  process.waitUntilExit()
  #expect(process.terminationStatus == 0)
  let text = try String(contentsOf: output, encoding: .utf8)
  #expect(text.contains(helper.path))
  #expect(text.split(separator: "\n").allSatisfy { $0.hasPrefix("//") })
}

/// Fed a frame it cannot read, the helper ends with 65; fed the end of its input, with 0.
@Test func theHelperEndsWithItsInput() throws {
  let folder = URL(fileURLWithPath: try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
    .deletingLastPathComponent()
  for (input, status) in [(Data(), Int32(0)), (Data([3, 0, 0, 0, 9, 9, 9]), Int32(65))] {
    let process = Process()
    process.executableURL = folder.appendingPathComponent("URLSessionHelper-tool")
    let pipe = Pipe()
    process.standardInput = pipe
    process.standardOutput = FileHandle.nullDevice
    try process.run()
    pipe.fileHandleForWriting.write(input)
    try pipe.fileHandleForWriting.close()
    process.waitUntilExit()
    #expect(process.terminationStatus == status)
  }
}
