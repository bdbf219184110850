import Dispatch
import Foundation

/// The imports of every Swift source of a package, read and lexed concurrently.
package struct ScannedSources {
  /// Imports per source path (relative to the package root).
  package let importsByPath: [String: [ImportDeclaration]]
  /// Source paths that could not be read, or not to their end (`problems` says why).
  package let unreadablePaths: [String]
  /// Why each unreadable path could not be read.
  package var problems: [String: SourceProblem] = [:]

  /// Reads and lexes `paths` (relative to `root`) on all cores; files in `prescanned` are not read again.
  package static func scan(
    paths: [String], root: String, prescanned: [String: [ImportDeclaration]] = [:]
  ) -> ScannedSources {
    let missing = paths.filter { prescanned[$0] == nil }
    let results = IndexedResults<Result<[ImportDeclaration], SourceProblem>>(count: missing.count)
    let rootPrefix = root.hasSuffix("/") ? root : root + "/"
    DispatchQueue.concurrentPerform(iterations: missing.count) { index in
      let path = missing[index]
      results.store(ImportScanner.read(fileAt: path.hasPrefix("/") ? path : rootPrefix + path), at: index)
    }
    var imports: [String: [ImportDeclaration]] = [:]
    var unreadable: [String] = []
    var problems: [String: SourceProblem] = [:]
    for path in paths { imports[path] = prescanned[path] }
    for (index, path) in missing.enumerated() {
      switch results.value(at: index) {
      case .success(let found): imports[path] = found
      case .failure(let problem):
        unreadable.append(path)
        problems[path] = problem
      case nil:
        unreadable.append(path)
        problems[path] = SourceProblem(line: nil, reason: "not readable")
      }
    }
    var scanned = ScannedSources(importsByPath: imports, unreadablePaths: unreadable)
    scanned.problems = problems
    return scanned
  }
}

/// A fixed-size buffer that concurrent workers fill at distinct indices; read it after they are done.
package final class IndexedResults<Value>: @unchecked Sendable {
  private var values: [Value?]
  private let lock = NSLock()

  package init(count: Int) {
    values = Array(repeating: nil, count: count)
  }

  package func store(_ value: Value?, at index: Int) {
    lock.lock()
    values[index] = value
    lock.unlock()
  }

  package func value(at index: Int) -> Value? {
    values[index]
  }
}
