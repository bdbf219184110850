import Dispatch
import Foundation

/// The imports of every Swift source of a package, lexed concurrently.
package struct ScannedSources {
  /// Imports per source path (relative to the package root).
  package let importsByPath: [String: [ImportDeclaration]]
  /// Source paths that could not be read, or not to their end (`problems` says why).
  package let unreadablePaths: [String]
  /// Why each unreadable path could not be read.
  package var problems: [String: SourceProblem] = [:]
  /// The files the imports were read from, for the rules that read more of them.
  package let files: SourceFiles

  /// Lexes the imports of `paths` (relative to the root of `files`) on all cores; files whose imports
  /// `files` holds already (the prescan's) are not lexed again.
  package static func scan(paths: [String], files: SourceFiles) -> ScannedSources {
    files.prepare(paths) { files, path in _ = files.imports(of: path) }
    var imports: [String: [ImportDeclaration]] = [:]
    var unreadable: [String] = []
    var problems: [String: SourceProblem] = [:]
    for path in paths {
      switch files.imports(of: path) {
      case .success(let found): imports[path] = found
      case .failure(let problem):
        unreadable.append(path)
        problems[path] = problem
      }
    }
    var scanned = ScannedSources(importsByPath: imports, unreadablePaths: unreadable, files: files)
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
