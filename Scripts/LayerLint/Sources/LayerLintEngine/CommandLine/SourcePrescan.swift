import Foundation
import LayerLintSwiftReader

/// Lexes the Swift files under a package's source folders on a background thread while
/// `swift package describe` runs, so the lint costs little more than `describe` itself: their
/// imports, and the string literals of the files below a folder with translation tables (what the
/// untranslated-text rule reads). Files `describe` lists that the prescan did not see are lexed afterwards,
/// on all cores: the lint takes what the prescan has when `describe` is done and does not wait for
/// the rest (on a busy machine a thread of idle priority may not run at all).
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
  /// `needsSettings` is called (once) as soon as an import turns up whose `#if` may need the manifest's
  /// settings, so that `dump-package` can start while `describe` still runs.
  package static func start(
    root: String, folders: [String], needsSettings: @escaping @Sendable () -> Void = {}
  ) -> SourcePrescan {
    let prescan = SourcePrescan()
    Thread.detachNewThread {
      Self.yieldToOtherProcesses()
      prescan.run(root: root, folders: folders, needsSettings: needsSettings)
      prescan.done.signal()
    }
    return prescan
  }

  /// Modules of the toolchain and the platforms' SDKs: an import of one never makes a finding, so its
  /// `#if` is no reason to read the manifest's settings early.
  package static let platformModules: Set<String> = [
    "Swift", "Foundation", "FoundationEssentials", "FoundationInternationalization", "FoundationNetworking",
    "FoundationXML", "Dispatch", "Glibc", "Musl", "Bionic", "Android", "Darwin", "WinSDK", "ucrt", "CRT",
    "WASILibc", "XCTest", "Testing", "Synchronization", "_Concurrency", "_StringProcessing", "RegexBuilder",
    "Observation", "Combine", "SwiftUI", "UIKit", "AppKit", "os", "ObjectiveC", "CoreFoundation", "Distributed",
  ]

  /// Whether deciding `declaration`'s `#if` may need the manifest's settings, and it matters.
  package static func mayNeedSettings(_ declaration: ImportDeclaration) -> Bool {
    declaration.isConditional && !platformModules.contains(declaration.module)
      && declaration.branches.contains(where: \.needsManifestSettings)
  }

  /// Runs the calling thread only when a core is otherwise idle (`SCHED_IDLE`): on a machine of
  /// two cores the prescan would otherwise slow `describe`, which the lint waits for anyway.
  private static func yieldToOtherProcesses() {
    #if os(Linux)
      let schedIdle: Int32 = 5  // SCHED_IDLE (<sched.h> defines it only for _GNU_SOURCE)
      var parameters = sched_param()
      _ = pthread_setschedparam(pthread_self(), schedIdle, &parameters)
    #endif
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

  private func run(root: String, folders: [String], needsSettings: @Sendable () -> Void) {
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
    var askedForSettings = false
    for path in paths {
      let imports = ImportScanner.imports(ofFileAt: rootPrefix + path)
      if !askedForSettings, let imports, imports.contains(where: Self.mayNeedSettings) {
        askedForSettings = true
        needsSettings()
      }
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
