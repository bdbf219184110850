import Foundation
import LayerLintManifestReader
import LayerLintSwiftReader

/// Lexes the Swift files under a package's source folders on a background thread while SwiftPM
/// answers (`PackageReader`), so the lint costs little more than `describe` itself: their
/// imports, the string literals of the files below a folder with translation tables (what the
/// untranslated-text rule reads), and the code lines of the files below the layers' folders (what the
/// vocabulary and test-double rules read). What it lexes goes to the run's `SourceFiles`, where the rules
/// find it. Files `describe` lists that the prescan did not get to are lexed afterwards, on all cores: the
/// lint stops the prescan when `describe` is done and does not wait for the rest.
package final class SourcePrescan: @unchecked Sendable {
  /// The files the prescan lexed, by path relative to the root.
  package struct Lexed: Sendable, Equatable {
    /// Files whose imports it lexed.
    package var imports: [String] = []
    /// Files whose string literals it lexed too.
    package var texts: [String] = []
    /// Files it read as code lines too.
    package var codeLines: [String] = []
  }

  private let lock = NSLock()
  private let done = DispatchSemaphore(value: 0)
  private var lexed = Lexed()
  private var isStopped = false

  /// Starts lexing every `.swift` file under `folders` of `root` (hidden folders skipped) into `files`:
  /// the literals too with `texts` (when the untranslated-text rule is on), the code lines too of the files
  /// under `codeLineFolders` (the layers' folders, when a rule that reads code lines is on).
  package static func start(
    files: SourceFiles, root: String, folders: [String], texts: Bool, codeLineFolders: [String] = []
  ) -> SourcePrescan {
    let prescan = SourcePrescan()
    let codeLinePrefixes = codeLineFolders.map { $0 + "/" }
    Thread.detachNewThread {
      ProcessRunner.yieldToSwiftPM()
      prescan.run(files: files, root: root, folders: folders, texts: texts, codeLinePrefixes: codeLinePrefixes)
      prescan.done.signal()
    }
    return prescan
  }

  /// Stops the prescan; the caller lexes the files it did not get to.
  package func stop() {
    lock.lock()
    isStopped = true
    lock.unlock()
  }

  /// What the prescan lexed; waits for it to finish.
  package func wait() -> Lexed {
    done.wait()
    done.signal()
    lock.lock()
    defer { lock.unlock() }
    return lexed
  }

  private func run(files: SourceFiles, root: String, folders: [String], texts: Bool, codeLinePrefixes: [String]) {
    var paths: [String] = []
    var translatedFolders: [String] = []
    let tables = "/" + UntranslatedTextRule.tablesFolder
    for folder in folders {
      for (path, isFolder) in SourceTree.entries(below: folder, of: root) {
        if !isFolder && path.hasSuffix(".swift") {
          paths.append(path)
        } else if texts && isFolder && path.hasSuffix(tables) {
          translatedFolders.append(String(path.dropLast(tables.count - 1)))
        }
      }
    }
    // One thread: `describe` compiles the manifest on the other core meanwhile, and lexing on both
    // would slow it down by more than the lexing takes.
    for path in paths {
      lock.lock()
      let stopped = isStopped
      lock.unlock()
      if stopped { return }
      _ = files.imports(of: path)
      let lexesText = translatedFolders.contains(where: { path.hasPrefix($0) })
      if lexesText { _ = files.textScan(of: path) }
      let readsCodeLines = codeLinePrefixes.contains(where: { path.hasPrefix($0) })
      if readsCodeLines { _ = files.codeLines(of: path) }
      lock.lock()
      defer { lock.unlock() }
      lexed.imports.append(path)
      if lexesText { lexed.texts.append(path) }
      if readsCodeLines { lexed.codeLines.append(path) }
    }
  }
}
