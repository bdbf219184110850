import Foundation
import Testing

/// Where the package and its built executables are, seen from the running tests.
public enum TestProducts {
  /// The package's root folder (this file is `Tests/TestHarness/TestProducts.swift`).
  public static let packageRoot: URL = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  /// The folder of the built products (the test bundle sits beside them).
  public static let directory: URL = {
    let candidates = [
      URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent(),
      Bundle.main.bundleURL, Bundle.main.bundleURL.deletingLastPathComponent(),
    ]
    return candidates.first {
      FileManager.default.fileExists(atPath: $0.appendingPathComponent("cosmonaut").path)
    } ?? candidates[0]
  }()

  /// The built executable `name` (e.g. `spacesuit-sim`).
  public static func executable(_ name: String) -> URL { directory.appendingPathComponent(name) }

  /// The test binary itself.
  public static var testBinary: URL { URL(fileURLWithPath: CommandLine.arguments[0]).standardizedFileURL }
}

/// Programs some tests need that a fresh machine may lack (`.ci/run` installs them); a test that
/// needs one is skipped, with the reason shown, where it is missing.
public enum Tool {
  /// The full path of the program `name`, looked up in `PATH` as a shell would; nil when absent.
  public static func path(_ name: String) -> String? {
    let folders = (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":").map(String.init)
    return folders.lazy.map { "\($0)/\(name)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
  }

  /// Whether the program `name` is installed.
  public static func isInstalled(_ name: String) -> Bool { path(name) != nil }

  /// Why a test that needs `name` is skipped, for `.enabled(if:_:)`.
  public static func missing(_ name: String, for purpose: String) -> Comment {
    Comment(rawValue: "\(name) is not installed (\(purpose)); .ci/run installs it")
  }
}

extension Trait where Self == ConditionTrait {
  /// Skips a test where python3 is missing: `Scripts/houston` and the tests' stand-in programs run on it.
  public static var needsPython3: Self {
    .enabled(
      if: Tool.isInstalled("python3"), Tool.missing("python3", for: "Scripts/houston and stand-in programs run on it"))
  }
}
