import Foundation
import LayerLintManifestReader
import LayerLintSwiftReader

/// Lexes the Swift files under a package's source folders on a background thread while SwiftPM
/// answers (`PackageReader`), so the lint costs little more than `describe` itself: their
/// imports, and the string literals of the files below a folder with translation tables (what the
/// untranslated-text rule reads). Files `describe` lists that the prescan did not see are lexed afterwards,
/// on all cores: the lint takes what the prescan has when `describe` is done and does not wait for
/// the rest.
package final class SourcePrescan: @unchecked Sendable {
  /// What the prescan found, by path relative to the root.
  package struct Result: Sendable {
    package var imports: [String: [ImportDeclaration]] = [:]
    package var texts: [String: TextScan] = [:]
  }

  private let lock = NSLock()
  private let done = DispatchSemaphore(value: 0)
  private var result = Result()
  private var isStopped = false

  /// Starts lexing every `.swift` file under `folders` of `root` (hidden folders and `.build` skipped).
  package static func start(root: String, folders: [String]) -> SourcePrescan {
    let prescan = SourcePrescan()
    Thread.detachNewThread {
      ProcessRunner.yieldToSwiftPM()
      prescan.run(root: root, folders: folders)
      prescan.done.signal()
    }
    return prescan
  }

  /// What was found so far; the prescan stops (the caller lexes the files it did not get to).
  package func stop() -> Result {
    lock.lock()
    defer { lock.unlock() }
    isStopped = true
    return result
  }

  /// Everything the prescan finds; waits for it to finish.
  package func wait() -> Result {
    done.wait()
    done.signal()
    return stop()
  }

  private func run(root: String, folders: [String]) {
    let rootPrefix = root.hasSuffix("/") ? root : root + "/"
    var paths: [String] = []
    var translatedFolders: [String] = []
    for folder in folders {
      guard let enumerator = FileManager.default.enumerator(atPath: rootPrefix + folder) else { continue }
      while let relative = enumerator.nextObject() as? String {
        let name = (relative as NSString).lastPathComponent
        if name.hasPrefix(".") {
          enumerator.skipDescendants()
        } else if name.hasSuffix(".swift") {
          paths.append(folder + "/" + relative)
        } else if name == UntranslatedTextRule.tablesFolder {
          translatedFolders.append(folder + "/" + (relative as NSString).deletingLastPathComponent + "/")
        }
      }
    }
    // One thread: `describe` compiles the manifest on the other core meanwhile, and lexing on both
    // would slow it down by more than the lexing takes.
    for path in paths {
      let imports = ImportScanner.imports(ofFileAt: rootPrefix + path)
      let text =
        translatedFolders.contains(where: { path.hasPrefix($0) })
        ? TextScanner.scan(fileAt: rootPrefix + path, exemptCalls: .standard) : nil
      lock.lock()
      defer { lock.unlock() }
      if isStopped { return }
      result.imports[path] = imports
      result.texts[path] = text
    }
  }
}
