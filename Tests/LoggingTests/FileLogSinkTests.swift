import Foundation
import Testing

@testable import Logging

extension LogLineFormat {
  /// Lines with text from outside as it is (the tests' texts need no escaping; the apps hand over
  /// Localization's rule, which ScaffoldTests check the lines with).
  static let asWritten = LogLineFormat(inert: { text, _ in text })
}

private func temporaryDirectory() -> URL {
  FileManager.default.temporaryDirectory.appendingPathComponent("LoggingTests-\(UUID().uuidString)")
}

@Test func fileSinkCreatesParentDirectoryAndAppends() throws {
  let directory = temporaryDirectory()
  defer { try? FileManager.default.removeItem(at: directory) }
  let url = directory.appendingPathComponent("nested/dir/app.log")
  let date = Date(timeIntervalSince1970: 0)
  do {
    let logger = Logger(
      module: "A", level: .info, sinks: [try FileLogSink(url: url, format: .asWritten)], clock: { date })
    logger.info("first", metadata: ["k": "v"])
  }
  do {
    let logger = Logger(
      module: "B", level: .info, sinks: [try FileLogSink(url: url, format: .asWritten)], clock: { date })
    logger.error("second")
  }
  let text = try String(contentsOf: url, encoding: .utf8)
  #expect(text == "1970-01-01T00:00:00Z INFO [A] first k=v\n1970-01-01T00:00:00Z ERROR [B] second\n")
}

@Test func fileSinkWritesWholeLinesFromManyThreads() async throws {
  let directory = temporaryDirectory()
  defer { try? FileManager.default.removeItem(at: directory) }
  let url = directory.appendingPathComponent("concurrent.log")
  let sink = try FileLogSink(url: url, format: .asWritten)
  let logger = Logger(module: "Load", level: .info, sinks: [sink])
  let padding = String(repeating: "x", count: 300)
  await withTaskGroup(of: Void.self) { group in
    for task in 0..<6 {
      group.addTask {
        for index in 0..<50 { logger.info("task=\(task) index=\(index) \(padding)") }
      }
    }
  }
  let lines = try String(contentsOf: url, encoding: .utf8).split(separator: "\n")
  #expect(lines.count == 300)
  #expect(lines.allSatisfy { $0.contains("INFO [Load] task=") && $0.hasSuffix(padding) })
}

@Test func fileSinkReportsUnopenablePath() throws {
  let directory = temporaryDirectory()
  defer { try? FileManager.default.removeItem(at: directory) }
  try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
  // A directory cannot be opened as a log file.
  #expect(throws: LogFileError.self) { try FileLogSink(url: directory, format: .asWritten) }
}

@Test func aWarningGoesOutAtOnceWithTheLinesAFileHolds() throws {
  let directory = temporaryDirectory()
  defer { try? FileManager.default.removeItem(at: directory) }
  let url = directory.appendingPathComponent("app.log")
  let date = Date(timeIntervalSince1970: 0)
  let file = try RotatingLineFile(url: url)
  file.hold()
  let logger = Logger(module: "A", level: .info, sinks: [FileLogSink(file: file, format: .asWritten)], clock: { date })
  logger.info("start")
  logger.notice("still held")
  #expect(try String(contentsOf: url, encoding: .utf8).isEmpty)
  logger.warning("something to know now")
  #expect(
    try String(contentsOf: url, encoding: .utf8)
      == "1970-01-01T00:00:00Z INFO [A] start\n1970-01-01T00:00:00Z NOTICE [A] still held\n"
      + "1970-01-01T00:00:00Z WARNING [A] something to know now\n")
}
