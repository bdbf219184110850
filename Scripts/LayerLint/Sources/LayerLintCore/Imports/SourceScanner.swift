import Dispatch
import Foundation

/// The imports of every Swift source of a package, read and lexed concurrently.
struct ScannedSources {
  /// Imports per source path (relative to the package root).
  let importsByPath: [String: [ImportDeclaration]]
  /// Source paths that could not be read.
  let unreadablePaths: [String]

  /// Reads and lexes `paths` (relative to `root`) on all cores.
  static func scan(paths: [String], root: String) -> ScannedSources {
    let results = ImportResults(count: paths.count)
    let rootPrefix = root.hasSuffix("/") ? root : root + "/"
    DispatchQueue.concurrentPerform(iterations: paths.count) { index in
      let path = paths[index]
      results.store(ImportScanner.imports(ofFileAt: path.hasPrefix("/") ? path : rootPrefix + path), at: index)
    }
    var imports: [String: [ImportDeclaration]] = [:]
    var unreadable: [String] = []
    for (index, path) in paths.enumerated() {
      if let found = results.value(at: index) { imports[path] = found } else { unreadable.append(path) }
    }
    return ScannedSources(importsByPath: imports, unreadablePaths: unreadable)
  }
}

/// A fixed-size buffer that concurrent workers fill at distinct indices.
private final class ImportResults: @unchecked Sendable {
  private var values: [[ImportDeclaration]?]
  private let lock = NSLock()

  init(count: Int) {
    values = Array(repeating: nil, count: count)
  }

  func store(_ value: [ImportDeclaration]?, at index: Int) {
    lock.lock()
    values[index] = value
    lock.unlock()
  }

  func value(at index: Int) -> [ImportDeclaration]? {
    values[index]
  }
}
