import Dispatch
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The Swift files of one lint run, each read from disk once. Every rule asks this store for a file's
/// imports, literals, code lines or whether it holds code; each of those readings is made on first use
/// and kept, so a file is lexed once per kind of reading however many rules ask, and a reading no
/// enabled rule asks for costs nothing. Safe to use from several threads; a reading that one thread is
/// making is waited for, not made twice.
package final class SourceFiles: @unchecked Sendable {
  /// Reads the bytes of the file at an absolute path; `nil` when it cannot be read.
  package typealias Reader = @Sendable (String) -> Data?

  /// The package root with a trailing `/`; relative paths are below it.
  private let rootPrefix: String
  private let reader: Reader
  private let lock = NSLock()
  private var files: [String: StoredFile] = [:]

  /// A store of the files below `root`, read with `reader` (the file system by default).
  package init(root: String, reader: @escaping Reader = SourceFiles.contents(atPath:)) {
    rootPrefix = root.hasSuffix("/") ? root : root + "/"
    self.reader = reader
  }

  /// The imports of the file at `path` (relative to the root, or absolute), or why they cannot be known:
  /// the file is unreadable, or the lexer had to stop.
  package func imports(of path: String) -> Result<[ImportDeclaration], SourceProblem> {
    file(path).imports { contents in
      guard let contents else { return .failure(SourceProblem(line: nil, reason: "not readable")) }
      let (declarations, problem) = contents.withUnsafeBytes { ImportScanner.read($0.bindMemory(to: UInt8.self)) }
      return problem.map { .failure($0) } ?? .success(declarations)
    }
  }

  /// The string literals and opt-out comments of the file at `path` (`TextScanner`, the standard exempt
  /// calls); `nil` when it cannot be read.
  package func textScan(of path: String) -> TextScan? {
    file(path).textScan { contents in
      contents.map { TextScanner.scan($0, ofFileAt: path, exemptCalls: .standard) }
    }
  }

  /// The file at `path` line by line as code and strings (`SwiftCodeLines`); `nil` when it cannot be read.
  package func codeLines(of path: String) -> SwiftCodeLines? {
    file(path).codeLines { contents in contents.map { SwiftCodeLines(String(decoding: $0, as: UTF8.self)) } }
  }

  /// Whether the file at `path` holds code, not only comments (`CodePresence`); an unreadable file counts as
  /// having some.
  package func hasCode(_ path: String) -> Bool {
    file(path).hasCode { contents in
      contents.map { $0.withUnsafeBytes { CodePresence.hasCode(in: $0.bindMemory(to: UInt8.self)) } } ?? true
    }
  }

  /// Whether the bytes of the file at `path` hold one of `parts` (UTF-8, byte for byte); `false` when it
  /// cannot be read.
  package func contains(anyOf parts: [String], in path: String) -> Bool {
    guard let contents = file(path).contents() else { return false }
    return contents.withUnsafeBytes { (text: UnsafeRawBufferPointer) in
      parts.contains { part in
        var part = part
        return part.withUTF8 { Self.find(UnsafeRawBufferPointer($0), in: text) }
      }
    }
  }

  /// Whether `text` holds the bytes of `part` (not empty) somewhere.
  private static func find(_ part: UnsafeRawBufferPointer, in text: UnsafeRawBufferPointer) -> Bool {
    guard let first = part.first, let start = text.baseAddress, let needle = part.baseAddress,
      part.count <= text.count
    else { return false }
    let last = start + (text.count - part.count)
    var position = start
    while position <= last, let hit = memchr(position, Int32(first), last - position + 1) {
      if memcmp(hit, needle, part.count) == 0 { return true }
      position = UnsafeRawPointer(hit) + 1
    }
    return false
  }

  /// The bytes of the file at `path`, as `FileManager.contents(atPath:)` reads them (`nil` when it cannot be
  /// opened or read), with one `open`, `fstat` and as many `read`s as it takes.
  package static func contents(atPath path: String) -> Data? {
    let descriptor = open(path, O_RDONLY)
    guard descriptor >= 0 else { return nil }
    defer { close(descriptor) }
    var status = stat()
    guard fstat(descriptor, &status) == 0 else { return nil }
    // One byte more than its size: the read that finds the end needs no larger buffer.
    var data = Data(count: max(Int(status.st_size), 0) + 1)
    var filled = 0
    while true {
      if filled == data.count { data.count += max(4096, data.count) }
      let count = data.withUnsafeMutableBytes { buffer in
        read(descriptor, buffer.baseAddress! + filled, buffer.count - filled)
      }
      if count < 0 && errno == EINTR { continue }
      guard count >= 0 else { return nil }
      if count == 0 { break }
      filled += count
    }
    data.count = filled
    return data
  }

  /// Makes `reading` of every file of `paths` on all cores, so that the rules that ask one file after
  /// another find it made; readings made already are kept.
  package func prepare(_ paths: [String], _ reading: @Sendable (SourceFiles, String) -> Void) {
    DispatchQueue.concurrentPerform(iterations: paths.count) { reading(self, paths[$0]) }
  }

  private func file(_ path: String) -> StoredFile {
    let absolute = path.hasPrefix("/") ? path : rootPrefix + path
    lock.lock()
    defer { lock.unlock() }
    if let file = files[absolute] { return file }
    let file = StoredFile(path: absolute, reader: reader)
    files[absolute] = file
    return file
  }
}

/// One file of a `SourceFiles` store: its bytes, read on first use, and the readings made of them.
private final class StoredFile: @unchecked Sendable {
  private let path: String
  private let reader: SourceFiles.Reader
  private let lock = NSLock()
  /// The bytes once read (`.some(nil)`: the file could not be read).
  private var readBytes: Data??
  private var imports: Result<[ImportDeclaration], SourceProblem>?
  private var textScan: TextScan??
  private var codeLines: SwiftCodeLines??
  private var hasCode: Bool?

  init(path: String, reader: @escaping SourceFiles.Reader) {
    self.path = path
    self.reader = reader
  }

  func imports(
    _ make: (Data?) -> Result<[ImportDeclaration], SourceProblem>
  ) -> Result<
    [ImportDeclaration], SourceProblem
  > {
    reading(\.imports, make)
  }

  func textScan(_ make: (Data?) -> TextScan?) -> TextScan? { reading(\.textScan, make) }

  func codeLines(_ make: (Data?) -> SwiftCodeLines?) -> SwiftCodeLines? { reading(\.codeLines, make) }

  func hasCode(_ make: (Data?) -> Bool) -> Bool { reading(\.hasCode, make) }

  /// The file's bytes, read now if they were not; `nil` when it cannot be read.
  func contents() -> Data? {
    lock.lock()
    defer { lock.unlock() }
    return bytes()
  }

  /// The reading kept at `slot`, made from the file's bytes (read now if they were not) when it is missing.
  private func reading<Value>(_ slot: ReferenceWritableKeyPath<StoredFile, Value?>, _ make: (Data?) -> Value) -> Value {
    lock.lock()
    defer { lock.unlock() }
    if let kept = self[keyPath: slot] { return kept }
    let made = make(bytes())
    self[keyPath: slot] = made
    return made
  }

  /// The file's bytes, read now if they were not; the caller holds `lock`.
  private func bytes() -> Data? {
    if let kept = readBytes { return kept }
    let read = reader(path)
    readBytes = .some(read)
    return read
  }
}
