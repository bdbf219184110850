import Foundation

/// Why the package manifest could not be loaded.
package enum ManifestLoadError: Error, Equatable, Sendable {
  /// The manifest's own layering check (`error: [layer-direction] …`) or SwiftPM's cycle check refused a dependency.
  case manifestRejectedDependencies([String])
  /// `describe` failed or printed something that is not a package description; the reason is one line.
  case failed(String)
}

/// Loads a package's manifest by running `swift package describe --type json` exactly once.
package struct ManifestLoader: Sendable {
  /// Describes a package; the real one runs `swift package describe`.
  package typealias Describe = @Sendable (String) throws -> PackageManifest

  /// How SwiftPM reports a cycle: `error: cyclic dependency declaration found: A -> B -> A`.
  package static let swiftPMCycleMarker = "cyclic dependency declaration found:"

  /// The `swift` executable to run; `swift` on `PATH` unless `SWIFT_EXEC_FOR_LINT` names another.
  package let swiftExecutable: String

  /// Creates a loader that runs `swiftExecutable` (resolved through `PATH` when it has no slash).
  package init(swiftExecutable: String = ProcessInfo.processInfo.environment["SWIFT_EXEC_FOR_LINT"] ?? "swift") {
    self.swiftExecutable = swiftExecutable
  }

  /// Describes the package at `packagePath`; `options` go to `swift package` (trait options).
  package func load(packagePath: String, options: [String] = []) throws(ManifestLoadError) -> PackageManifest {
    let output: ProcessOutput
    do {
      output = try ProcessRunner.run(
        swiftExecutable,
        arguments: ["package", "--package-path", packagePath] + options + ["describe", "--type", "json"])
    } catch {
      throw .failed("cannot run `\(swiftExecutable) package describe`: \(error)")
    }
    guard output.status == 0 else {
      throw Self.classifyFailure(standardError: output.standardError)
    }
    return try Self.decode(output.standardOutput)
  }

  /// Runs `swift package describe` with a fresh loader; the commands' default `describe`.
  package static let describe: Describe = { path in try ManifestLoader().load(packagePath: path) }

  /// The manifest a command works on: decoded from `manifestJSON` (a saved `describe --type json`
  /// output) when given, else from `describe(packagePath)`.
  package static func manifest(
    packagePath: String, manifestJSON: String?, describe: Describe
  ) throws -> PackageManifest {
    guard let manifestJSON else { return try describe(packagePath) }
    guard let data = FileManager.default.contents(atPath: manifestJSON) else {
      throw ManifestLoadError.failed("--manifest-json \(manifestJSON) is not readable")
    }
    return try decode(data)
  }

  /// Decodes `describe` JSON; tests feed checked-in JSON through here.
  package static func decode(_ data: Data) throws(ManifestLoadError) -> PackageManifest {
    // `describe` may print warnings before the JSON when stdout and stderr are merged; skip to the first `{`.
    let start = data.firstIndex(of: UInt8(ascii: "{")) ?? data.startIndex
    do {
      return try JSONDecoder().decode(PackageManifest.self, from: data[start...])
    } catch {
      throw .failed("`swift package describe` printed no valid package description (\(error))")
    }
  }

  /// Turns `describe`'s standard error into the manifest's layer violations or a one-line reason.
  package static func classifyFailure(standardError: String, command: String = "describe") -> ManifestLoadError {
    let lines = standardError.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }
    var rejected: [String] = []
    for line in lines {
      if let printed = manifestPrintedError(in: line), !rejected.contains(printed) { rejected.append(printed) }
    }
    if !rejected.isEmpty { return .manifestRejectedDependencies(rejected) }
    let diagnostics = lines.filter { $0.hasPrefix("/") && $0.contains(": error: ") }.map {
      String($0.split(separator: "/").last ?? Substring($0))
    }
    let errors = lines.filter { $0.hasPrefix("error:") && $0 != "error: fatalError" }.map {
      $0.components(separatedBy: " (compiled with").first ?? $0
    }
    let reason = (diagnostics.isEmpty ? errors : errors.prefix(1) + diagnostics).joined(separator: " | ")
    return .failed("`swift package \(command)` failed: \(reason.isEmpty ? lines.last ?? "no output" : reason)")
  }

  /// A `[layer-direction]` line the manifest printed, or SwiftPM's cycle error — but not the
  /// manifest's source code that the compiler echoes around a warning (`7 |   Data("error: …`).
  package static func manifestPrintedError(in line: String) -> String? {
    for marker in ["error: [layer-direction]", "error: \(swiftPMCycleMarker)"] {
      guard let range = line.range(of: marker) else { continue }
      let prefix = line[..<range.lowerBound].filter { !$0.isWhitespace }
      let isEcho = !(prefix.isEmpty || (prefix.hasSuffix("|") && prefix.dropLast().allSatisfy(\.isNumber)))
      if !isEcho { return String(line[range.lowerBound...]) }
    }
    return nil
  }
}
