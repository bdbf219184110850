import Foundation
import Synchronization
import Testing

@testable import Logging

#if canImport(Glibc)
  import Glibc
#endif

private func temporaryDirectory() -> URL {
  FileManager.default.temporaryDirectory.appendingPathComponent("LoggingTests-\(UUID().uuidString)")
}

private func lines(_ url: URL) throws -> [String] {
  try String(contentsOf: url, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
}

@Test func aFileRotatesBySizeAndKeepsTheNewestOldFiles() throws {
  let directory = temporaryDirectory()
  defer { try? FileManager.default.removeItem(at: directory) }
  let url = directory.appendingPathComponent("app.log")
  let file = try RotatingLineFile(url: url, rotation: .init(maxBytes: 100, keep: 2))
  for index in 0..<20 { #expect(file.append("line \(index) " + String(repeating: "x", count: 20))) }
  let names = try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
  #expect(names == ["app.log", "app.log.1", "app.log.2"])
  for name in names {
    let size = try FileManager.default.attributesOfItem(atPath: directory.appendingPathComponent(name).path)[.size]
    #expect((size as? Int ?? .max) <= 100, "\(name) is within the limit")
  }
  let newest = try lines(url)
  #expect(newest.dropLast().last?.hasPrefix("line 19 ") == true)
  #expect(newest.last == "", "ends with a newline")
  // The oldest lines were dropped with the oldest file; the kept ones are whole and in order.
  let kept = try
    (lines(directory.appendingPathComponent("app.log.2")) + lines(directory.appendingPathComponent("app.log.1"))
    + newest)
    .filter { !$0.isEmpty }
  let numbers = kept.compactMap { Int($0.split(separator: " ")[1]) }
  #expect(numbers == Array((20 - numbers.count)..<20))
}

@Test func aLineLongerThanTheLimitStillGoesOutWhole() throws {
  let directory = temporaryDirectory()
  defer { try? FileManager.default.removeItem(at: directory) }
  let url = directory.appendingPathComponent("app.log")
  let file = try RotatingLineFile(url: url, rotation: .init(maxBytes: 10, keep: 1))
  let long = String(repeating: "y", count: 50)
  #expect(file.append(long))
  #expect(file.append(long))
  #expect(try String(contentsOf: url, encoding: .utf8) == long + "\n")
}

@Test func aWriteTheDiskCannotTakeLeavesNoHalfLine() throws {
  let directory = temporaryDirectory()
  defer { try? FileManager.default.removeItem(at: directory) }
  let url = directory.appendingPathComponent("events.jsonl")
  // The second line's write is cut short after 7 bytes, then the disk is full (ENOSPC).
  let calls = Mutex(0)
  let failing = SystemCalls { descriptor, bytes, count in
    let call = calls.withLock { calls in
      calls += 1
      return calls
    }
    switch call {
    case 2: return SystemCalls.live.write(descriptor, bytes, min(count, 7))
    case 3:
      errno = ENOSPC
      return -1
    default: return SystemCalls.live.write(descriptor, bytes, count)
    }
  }
  let file = try RotatingLineFile(url: url, rotation: .standard, system: failing)
  #expect(file.append(#"{"n":1}"#))
  #expect(!file.append(#"{"n":2,"padding":"long enough to be cut"}"#))
  #expect(file.append(#"{"n":3}"#))
  #expect(try String(contentsOf: url, encoding: .utf8) == "{\"n\":1}\n{\"n\":3}\n")
}

@Test func writersInSeveralProcessesShareRotationWithoutLosingLines() async throws {
  let directory = temporaryDirectory()
  defer { try? FileManager.default.removeItem(at: directory) }
  let url = directory.appendingPathComponent("shared.log")
  // Two open files on one path, as two processes have; each rotation by one is seen by the other.
  let rotation = RotatingLineFile.Rotation(maxBytes: 4_000, keep: 50)
  let first = try RotatingLineFile(url: url, rotation: rotation)
  let second = try RotatingLineFile(url: url, rotation: rotation)
  await withTaskGroup(of: Void.self) { group in
    for (writer, file) in [first, second].enumerated() {
      for task in 0..<3 {
        group.addTask {
          for index in 0..<60 {
            file.append("writer=\(writer) n=\(task)-\(index) " + String(repeating: "p", count: 60))
          }
        }
      }
    }
  }
  let names = try FileManager.default.contentsOfDirectory(atPath: directory.path)
  var all: [String] = []
  for name in names { all += try lines(directory.appendingPathComponent(name)).filter { !$0.isEmpty } }
  #expect(all.count == 360)
  #expect(Set(all).count == 360)
  #expect(all.allSatisfy { $0.hasPrefix("writer=") && $0.hasSuffix(String(repeating: "p", count: 60)) })
  for name in names {
    let size = try FileManager.default.attributesOfItem(atPath: directory.appendingPathComponent(name).path)[.size]
    #expect((size as? Int ?? .max) <= 4_000)
  }
}

@Test func aFileLogSinkWritesThroughTheRotatingFile() throws {
  let directory = temporaryDirectory()
  defer { try? FileManager.default.removeItem(at: directory) }
  let sink = try FileLogSink(
    url: directory.appendingPathComponent("a.log"), rotation: .init(maxBytes: 200, keep: 1), format: .asWritten)
  let logger = Logger(module: "A", level: .info, sinks: [sink], clock: { Date(timeIntervalSince1970: 0) })
  for index in 0..<10 { logger.info("message \(index)") }
  #expect(FileManager.default.fileExists(atPath: directory.appendingPathComponent("a.log.1").path))
  #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent("a.log.2").path))
  #expect(try lines(sink.url).dropLast().last == "1970-01-01T00:00:00Z INFO [A] message 9")
}

@Test func aSymbolicLinkInTheFilesPlaceIsRefusedAndTheFileItNamesIsNeverWritten() throws {
  let directory = temporaryDirectory()
  try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
  defer { try? FileManager.default.removeItem(at: directory) }
  let victim = directory.appendingPathComponent("victim")
  try Data("kept\n".utf8).write(to: victim)
  let log = directory.appendingPathComponent("app.log")
  try FileManager.default.createSymbolicLink(atPath: log.path, withDestinationPath: victim.path)
  let error = #expect(throws: LogFileError.self) { try RotatingLineFile(url: log) }
  #expect(error?.found == .symbolicLink)
  #expect(error?.description == "cannot open log file \(log.path): it is a symbolicLink, not a regular file")
  #expect(try String(contentsOf: victim, encoding: .utf8) == "kept\n")
  // A link to nowhere is not followed to create its target either.
  let dangling = directory.appendingPathComponent("other.log")
  try FileManager.default.createSymbolicLink(atPath: dangling.path, withDestinationPath: directory.path + "/created")
  #expect(throws: LogFileError(path: dangling.path, reason: "Too many levels of symbolic links", found: .symbolicLink))
  {
    try RotatingLineFile(url: dangling)
  }
  #expect(!FileManager.default.fileExists(atPath: directory.path + "/created"))
}

@Test func aFIFOOrADirectoryInTheFilesPlaceIsRefusedAtOnceNeverWaitedOn() throws {
  let directory = temporaryDirectory()
  try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
  defer { try? FileManager.default.removeItem(at: directory) }
  let fifo = directory.appendingPathComponent("analytics.jsonl")
  #expect(mkfifo(fifo.path, 0o644) == 0)
  // No reader: a blocking open would wait forever; a reader: writes would block once the pipe is full.
  #expect(throws: LogFileError.self) { try RotatingLineFile(url: fifo) }
  let reader = open(fifo.path, O_RDONLY | O_NONBLOCK)
  #expect(reader >= 0)
  defer { close(reader) }
  let error = #expect(throws: LogFileError.self) { try RotatingLineFile(url: fifo) }
  #expect(error?.found == .fifo)
  let folder = directory.appendingPathComponent("folder.log")
  try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
  #expect(throws: LogFileError.self) { try RotatingLineFile(url: folder) }
}

@Test func aReadOnlyDirectoryIsNoMisplacedFile() throws {
  guard getuid() != 0 else { return }  // root may write anywhere
  let directory = temporaryDirectory()
  try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
  defer {
    chmod(directory.path, 0o755)
    try? FileManager.default.removeItem(at: directory)
  }
  #expect(chmod(directory.path, 0o555) == 0)
  let error = #expect(throws: LogFileError.self) {
    try RotatingLineFile(url: directory.appendingPathComponent("a.log"))
  }
  #expect(error?.found == nil)
}

/// Counts the writes a line file makes (and makes them).
private final class WriteCounter: Sendable {
  private let writes = Mutex(0)
  var count: Int { writes.withLock { $0 } }

  var calls: SystemCalls {
    SystemCalls { descriptor, bytes, count in
      self.writes.withLock { $0 += 1 }
      return SystemCalls.live.write(descriptor, bytes, count)
    }
  }
}

/// A file in a fresh directory (removed at the end) that holds its lines, counting its writes.
private final class HeldFile {
  let directory = temporaryDirectory()
  let writes = WriteCounter()
  let url: URL
  let file: RotatingLineFile

  init() throws {
    url = directory.appendingPathComponent("app.log")
    file = try RotatingLineFile(url: url, rotation: .standard, system: writes.calls)
    file.hold()
  }

  deinit { try? FileManager.default.removeItem(at: directory) }
}

@Test func aFileHoldingItsLinesWritesThemWithOneWriteWhenFlushed() throws {
  let held = try HeldFile()
  defer { withExtendedLifetime(held) {} }
  let (url, file, writes) = (held.url, held.file, held.writes)
  for index in 0..<7 { #expect(file.append("line \(index)")) }
  #expect(try String(contentsOf: url, encoding: .utf8).isEmpty, "held, not written yet")
  #expect(writes.count == 0)
  #expect(file.flush())
  #expect(try lines(url) == (0..<7).map { "line \($0)" } + [""])
  #expect(writes.count == 1, "seven lines, one write")
  #expect(file.flush(), "nothing held: nothing to write")
  #expect(writes.count == 1)
}

@Test func anUrgentLineGoesOutAtOnceAfterTheHeldOnes() throws {
  let held = try HeldFile()
  defer { withExtendedLifetime(held) {} }
  let (url, file, writes) = (held.url, held.file, held.writes)
  file.append("start")
  file.append("open")
  #expect(file.append("something failed", urgent: true))
  #expect(try lines(url) == ["start", "open", "something failed", ""])
  #expect(writes.count == 1)
  file.append("shut down")
  #expect(try lines(url) == ["start", "open", "something failed", ""], "held again after the urgent one")
  #expect(file.release())
  file.append("after the end")
  #expect(try lines(url) == ["start", "open", "something failed", "shut down", "after the end", ""])
  #expect(writes.count == 3, "released: every line at once")
}

@Test func aFileHoldsAtMostItsLimitOfLines() throws {
  let held = try HeldFile()
  defer { withExtendedLifetime(held) {} }
  let (url, file, writes) = (held.url, held.file, held.writes)
  for index in 0..<(RotatingLineFile.heldLineLimit * 2 + 3) { file.append("line \(index)") }
  #expect(writes.count == 2)
  #expect(try lines(url).count == RotatingLineFile.heldLineLimit * 2 + 1)
  file.append(String(repeating: "z", count: RotatingLineFile.heldByteLimit))
  #expect(writes.count == 3, "as many bytes as the limit: written")
  #expect(try lines(url).count == RotatingLineFile.heldLineLimit * 2 + 5)
}

@Test func heldLinesAreWrittenWhenTheFileCloses() throws {
  let directory = temporaryDirectory()
  defer { try? FileManager.default.removeItem(at: directory) }
  let url = directory.appendingPathComponent("app.log")
  do {
    let file = try RotatingLineFile(url: url)
    file.hold()
    file.append("kept until the end")
  }
  #expect(try lines(url) == ["kept until the end", ""])
}
