import Foundation
import Testing

@testable import LayerLintEngine
@testable import LayerLintManifestReader
@testable import LayerLintSwiftReader

/// Imports of another package's modules and the conditions SwiftPM applies to dependencies and defines,
/// on `Fixtures/ProductImports` (package Root, which depends on package Dep by path), against what
/// `swift build` decides on this machine: every import the build refuses (`no such module`) is a finding,
/// and every other finding is an import the build compiles only because a declared product's target
/// depends on the module (swift-nio's shape), which the lint's own rule refuses like any undeclared module.
@Suite(.serialized) struct ProductImportTests {
  /// A resolved copy of the fixture, shared by the suite (`swift package resolve` writes its `.build`).
  static let package: TemporaryPackage = {
    let copy = try! TemporaryPackage(copying: fixturePath("ProductImports"))
    let resolved = try! ProcessRunner.run("swift", arguments: ["package", "--package-path", copy.path, "resolve"])
    precondition(resolved.status == 0, resolved.standardError)
    return copy
  }()

  private func lint(_ options: [String] = []) -> (status: Int32, output: String, errors: String) {
    let captured = CapturedConsole()
    let status = LintCommand(console: captured.console).run(["--package-path", Self.package.path] + options)
    return (status, captured.standardOutput, captured.standardError)
  }

  /// `file:line module` of each undeclared-import finding.
  private func findings(_ output: String) -> Set<String> {
    Set(
      output.split(separator: "\n").filter { $0.contains("[undeclared-import]") }.compactMap { line -> String? in
        guard let colon = line.range(of: ": error: "), let arrow = line.range(of: " -> ") else { return nil }
        let module = line[arrow.upperBound...].prefix { $0 != ":" && $0 != " " }
        return "\(line[..<colon.lowerBound]) \(module)"
      })
  }

  /// `file:line module` of each `no such module` error of `swift build --target <target>` with `options`.
  static func buildRefusals(target: String, options: [String] = []) throws -> Set<String> {
    // A scratch folder of its own: a module another target's build left behind would hide an undeclared import.
    let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("layerlint-build-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: scratch) }
    let result = try ProcessRunner.run(
      "swift",
      arguments: ["build", "--package-path", package.path, "--scratch-path", scratch.path, "--target", target] + options
    )
    let output = String(decoding: result.standardOutput, as: UTF8.self) + result.standardError
    var refusals: Set<String> = []
    for line in output.split(separator: "\n") where line.contains("error: no such module '") {
      guard let module = line.split(separator: "'").dropFirst().first,
        let file = line.range(of: package.path + "/")
      else { continue }
      let location = line[file.upperBound...].split(separator: ":").prefix(2).joined(separator: ":")
      refusals.insert("\(location) \(module)")
    }
    if refusals.isEmpty && result.status != 0 { throw BuildFailed(target: target, output: output) }
    return refusals
  }

  struct BuildFailed: Error, CustomStringConvertible {
    let target: String
    let output: String
    var description: String { "swift build --target \(target) failed for another reason:\n\(output)" }
  }

  static let targets = ["App", "Lib", "NioShape", "Mac", "Traited", "Contradiction", "UsesReexport"]

  @Test func theLintReportsEveryImportTheBuildRefusesAndTheNioShape() throws {
    let result = lint()
    #expect(result.status == 1, "\(result.errors)")
    var refused: Set<String> = []
    for target in Self.targets { refused.formUnion(try Self.buildRefusals(target: target)) }
    #expect(
      refused == [
        "Sources/App/App.swift:2 DepA", "Sources/Lib/Lib.swift:1 DepC", "Sources/Mac/Unguarded.swift:1 DepA",
      ])
    let found = findings(result.output)
    #expect(refused.isSubset(of: found), "the build refuses, the lint is silent: \(refused.subtracting(found))")
    // The only finding the build does not refuse: DepC's target depends on DepB, so the build has DepB.
    #expect(found.subtracting(refused) == ["Sources/NioShape/Shape.swift:2 DepB"])
    #expect(
      result.output.contains(
        "Sources/NioShape/Shape.swift:2: error: [undeclared-import] NioShape -> DepB: imports DepB, a module of package dep, without declaring a product that brings it. Fix: add .product(name: \"DepB\", package: \"dep\") to NioShape's dependencies in Package.swift"
      ))
    #expect(
      result.output.contains(
        "Sources/Mac/Unguarded.swift:1: error: [undeclared-import] Mac -> DepA: imports DepA, which only the dependency \"DepA\" (.when(platforms: [.macOS])) brings: a build for Linux has no DepA (swift build fails with no such module 'DepA'). Fix: import DepA under #if os(macOS), or add .linux to the dependency's platforms in Package.swift"
      ))
  }

  @Test func aPlatformConditionedDependencyIsCheckedForThePlatformTheLintRunsFor() {
    let macOS = findings(lint(["--platform", "macos"]).output)
    #expect(!macOS.contains { $0.hasPrefix("Sources/Mac/") })
    #expect(findings(lint(["--platform", "linux"]).output).contains("Sources/Mac/Unguarded.swift:1 DepA"))
    let unknown = lint(["--platform", "amiga"])
    #expect(unknown.status == ExitCode.usage)
    #expect(unknown.errors.hasPrefix("lint-layers: --platform must be one of "))
  }

  @Test func anImportUnderATraitConditionedDefineIsUsedAndBuildsWithTheTrait() throws {
    let byDefault = lint()
    #expect(!byDefault.output.contains("[redundant-dependency] Traited"))
    #expect(try Self.buildRefusals(target: "Traited", options: ["--traits", "Extras"]).isEmpty)
    let withTrait = lint(["--traits", "Extras"])
    #expect(!withTrait.output.contains("Traited"))
    // The compiler, with SwiftPM's flags for that build, imports DepA in Traited.swift; the lint counts it.
    let flags = try SwiftPMConditionsTests.swiftPMCompileFlags(
      package: Self.package.path, traitOptions: ["--traits", "Extras"])
    let traited = try #require(flags["Traited"])
    #expect(traited.contains("-DEXTRAS"))
    let file = Self.package.root.appendingPathComponent("Sources/Traited/Traited.swift").path
    #expect(try LexerCorpusTests.compilerImports(path: file, flags: traited).contains("DepA"))
  }

  @Test func contradictoryOperatingSystemsAreNeverCompiled() throws {
    let result = lint()
    #expect(
      result.output.contains(
        "Package.swift:25: error: [redundant-dependency] Contradiction -> DepA: declares \"DepA\" as a dependency, but no source file of Contradiction imports it (Sources/Contradiction/Never.swift:2 imports it under #if os(macOS) && os(Linux), which no build compiles)"
      ))
    let evaluation = BuildEnvironment().evaluate([ConditionalBranch(condition: "os(macOS) && os(Linux)")])
    #expect(evaluation.truth == .no)
    #expect(BuildEnvironment().evaluate([ConditionalBranch(condition: "os(Linux) || !os(Linux)")]).truth == .yes)
    #expect(
      BuildEnvironment().evaluate([
        ConditionalBranch(condition: "DEBUG"), ConditionalBranch(earlier: ["DEBUG"], condition: nil),
      ]).truth == .no)
    #expect(BuildEnvironment().evaluate([ConditionalBranch(condition: "os(macOS) || os(Linux)")]).truth == .maybe)
    let flags = try SwiftPMConditionsTests.swiftPMCompileFlags(package: Self.package.path, traitOptions: [])
    let file = Self.package.root.appendingPathComponent("Sources/Contradiction/Never.swift").path
    #expect(try !LexerCorpusTests.compilerImports(path: file, flags: #require(flags["Contradiction"])).contains("DepA"))
    // And the build compiles without DepA's module being needed.
    #expect(try Self.buildRefusals(target: "Contradiction").isEmpty)
  }

  @Test func aModuleAProductReExportsIsDeclared() throws {
    #expect(!lint().output.contains("UsesReexport"))
    #expect(try Self.buildRefusals(target: "UsesReexport").isEmpty)
  }

  @Test func withoutAResolvedGraphTheLintSaysWhatItCouldNotCheck() throws {
    let copy = try TemporaryPackage(copying: fixturePath("ProductImports"))
    let captured = CapturedConsole()
    let status = LintCommand(console: captured.console).run(["--package-path", copy.path])
    // Contradiction's DepA cannot be checked either: whether DepA brings other modules is not known.
    #expect(status == ExitCode.success, "\(captured.standardOutput)")
    #expect(
      captured.standardOutput.contains(
        "Package.swift:1: note: [undeclared-import] Root -> dep: imports of other packages' modules are not checked: the package's dependencies are not resolved (swift package resolve, then lint again)"
      ))
    #expect(captured.standardOutput.contains("dependencies not checked (see the notes)"))
  }
}
