import Foundation
import LayerLintManifestReader

/// Formats the Swift files the factory wrote with the toolchain's `swift format` and the workspace's
/// `.swift-format`, so a long module name cannot leave a line the format check would refuse. The
/// templates are formatted already (`FactoryTests` checks it); this only reflows what a name makes long.
struct SourceFormatter: Sendable {
  /// Formats `paths` (relative to `root`) in place; returns why it could not, or nil.
  let format: @Sendable (_ paths: [String], _ root: URL) -> String?

  /// `swift format format --in-place` (`swift` on `PATH` unless `SWIFT_EXEC_FOR_LINT` names another).
  static let swiftFormat = SourceFormatter { paths, root in
    guard !paths.isEmpty else { return nil }
    let swift = ProcessInfo.processInfo.environment["SWIFT_EXEC_FOR_LINT"] ?? "swift"
    let files = paths.map { root.appendingPathComponent($0).path }
    do {
      let output = try ProcessRunner.run(swift, arguments: ["format", "format", "--in-place"] + files)
      guard output.status == 0 else {
        return output.standardError.split(separator: "\n").first.map(String.init) ?? "exit \(output.status)"
      }
      return nil
    } catch {
      return "\(error)"
    }
  }

  /// Leaves every file as written (tests that compare the templates' text).
  static let none = SourceFormatter { _, _ in nil }
}
