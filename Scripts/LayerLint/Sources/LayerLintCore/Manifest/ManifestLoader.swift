import Foundation

/// Why the package manifest could not be loaded.
public enum ManifestLoadError: Error, Equatable, Sendable {
  /// The manifest's own layering check refused a dependency; these are its `error: [layer-direction] …` lines.
  case manifestRejectedDependencies([String])
  /// `describe` failed or printed something that is not a package description; the reason is one line.
  case failed(String)
}

/// Loads a package's manifest by running `swift package describe --type json` exactly once.
public struct ManifestLoader: Sendable {
  /// The `swift` executable to run; `swift` on `PATH` unless `SWIFT_EXEC_FOR_LINT` names another.
  let swiftExecutable: String

  /// Creates a loader that runs `swiftExecutable` (resolved through `PATH` when it has no slash).
  public init(swiftExecutable: String = ProcessInfo.processInfo.environment["SWIFT_EXEC_FOR_LINT"] ?? "swift") {
    self.swiftExecutable = swiftExecutable
  }

  /// Describes the package at `packagePath`.
  public func load(packagePath: String) throws(ManifestLoadError) -> PackageManifest {
    let output: ProcessOutput
    do {
      output = try ProcessRunner.run(
        swiftExecutable, arguments: ["package", "--package-path", packagePath, "describe", "--type", "json"])
    } catch {
      throw .failed("cannot run `\(swiftExecutable) package describe`: \(error)")
    }
    guard output.status == 0 else {
      throw Self.classifyFailure(standardError: output.standardError)
    }
    return try Self.decode(output.standardOutput)
  }

  /// Decodes `describe` JSON; tests feed checked-in JSON through here.
  public static func decode(_ data: Data) throws(ManifestLoadError) -> PackageManifest {
    // `describe` may print warnings before the JSON when stdout and stderr are merged; skip to the first `{`.
    let start = data.firstIndex(of: UInt8(ascii: "{")) ?? data.startIndex
    do {
      return try JSONDecoder().decode(PackageManifest.self, from: data[start...])
    } catch {
      throw .failed("`swift package describe` printed no valid package description (\(error))")
    }
  }

  /// Turns `describe`'s standard error into the manifest's layer violations or a one-line reason.
  static func classifyFailure(standardError: String) -> ManifestLoadError {
    let lines = standardError.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }
    let layerLines = lines.filter { $0.contains("[layer-direction]") }
    if !layerLines.isEmpty {
      return .manifestRejectedDependencies(layerLines)
    }
    let errorLines = lines.filter { $0.hasPrefix("error:") }
    let reason = (errorLines.isEmpty ? Array(lines.suffix(1)) : errorLines).joined(separator: " | ")
    return .failed("`swift package describe` failed: \(reason.isEmpty ? "no output" : reason)")
  }
}
