import Foundation
import Testing

@testable import LayerLintEngine
@testable import LayerLintManifestReader
@testable import LayerLintWorkspaceTools

/// `affected`: the sets a change implies, on a hand-built manifest, and the command on a real git repository.
@Suite struct AffectedTests {
  private let manifest = PackageManifest(
    name: "T",
    targets: [
      target("Tool", "App/Tool", .executable, dependsOn: ["Feature", "Store"]),
      target("Feature", "Domain/Feature", dependsOn: ["Store", "Log"]),
      target("Other", "Domain/Other", dependsOn: ["Log"]),
      target("Store", "Core/Store", dependsOn: ["CLib", "Log"]),
      target("CLib", "Core/CLib", .systemLibrary),
      target("Log", "Shared/Log"),
      target("ToolTests", "Tests/ToolTests", .test, dependsOn: ["Tool"]),
      target("FeatureTests", "Tests/FeatureTests", .test, dependsOn: ["Feature", "Store"]),
      target("OtherTests", "Tests/OtherTests", .test, dependsOn: ["Other"]),
      target("StoreTests", "Tests/StoreTests", .test, dependsOn: ["Store"]),
      target("LogTests", "Tests/LogTests", .test, dependsOn: ["Log"]),
      target("EndToEndTests", "Tests/EndToEndTests", .test, dependsOn: ["Tool"]),
    ])

  private let owners = CodeOwners(
    text: """
      /Package.swift @arch
      /Scripts/ @arch
      /App/Tool/ @app
      /Domain/ @domain
      /Core/ @core
      /Tests/StoreTests/ @core
      *.md @docs
      """)

  private func impact(_ files: [String]) -> ChangeImpact {
    ChangeImpact.of(
      changedFiles: files, manifest: manifest, owners: owners,
      everythingFiles: AffectedCommand.everythingFiles(.standard))
  }

  @Test func aLeafChangeInADomainAffectsItAndTheAppsAbove() {
    let result = impact(["Domain/Feature/Flow.swift"])
    #expect(result.changedModules == ["Feature"])
    #expect(result.affectedModules == ["Feature", "Tool"])
    #expect(result.testTargets == ["EndToEndTests", "FeatureTests", "ToolTests"])
    #expect(result.approvals == [.init(owner: "@domain", items: ["Domain/Feature/Flow.swift"])])
    #expect(
      result.affectedOwners == [.init(owner: "@app", items: ["Tool"]), .init(owner: "@domain", items: ["Feature"])])
    #expect(!result.isEverything)
  }

  @Test func aCoreChangeAffectsEveryModuleAboveIt() {
    let result = impact(["Core/Store/Store.swift", "Core/CLib/module.modulemap"])
    #expect(result.changedModules == ["CLib", "Store"])
    #expect(result.affectedModules == ["CLib", "Feature", "Store", "Tool"])
    #expect(result.testTargets == ["EndToEndTests", "FeatureTests", "StoreTests", "ToolTests"])
    #expect(result.approvals.map(\.owner) == ["@core"])
  }

  @Test func aTestOnlyChangeRunsOnlyThatTestTarget() {
    let result = impact(["Tests/StoreTests/StoreTests.swift"])
    #expect(result.changedModules.isEmpty && result.affectedModules.isEmpty)
    #expect(result.changedTestTargets == ["StoreTests"])
    #expect(result.testTargets == ["StoreTests"])
  }

  @Test(arguments: [
    ("Package.swift", "Package.swift"), (".layering.json", ".layering.json"),
    ("Scripts/lint-layers", "Scripts/ (Scripts/lint-layers)"),
    (".github/workflows/ci.yml", ".github/ (.github/workflows/ci.yml)"),
  ])
  func theManifestConfigurationToolingAndCIAffectEverything(file: String, reason: String) {
    let result = impact([file, "Domain/Other/Other.swift"])
    #expect(result.everythingBecause == reason)
    #expect(result.affectedModules == ["CLib", "Feature", "Log", "Other", "Store", "Tool"])
    #expect(result.testTargets.count == 6)
    #expect(result.changedModules == ["Other"])
  }

  @Test func documentationAffectsNoBuildButNeedsItsOwners() {
    let result = impact(["Domain/Feature/README.md", "Core/Store/Store.docc/Store.md", "README.md"])
    #expect(result.affectedModules.isEmpty && result.testTargets.isEmpty)
    #expect(result.documentationFiles == ["Core/Store/Store.docc/Store.md", "Domain/Feature/README.md"])
    #expect(
      result.approvals == [
        .init(owner: "@docs", items: ["Core/Store/Store.docc/Store.md", "Domain/Feature/README.md", "README.md"])
      ])
  }

  @Test func filesOutsideEveryTargetAffectNothingAndMayHaveNoOwner() {
    let result = impact(["notes.txt", "Domain/Feature/Removed.swift"])
    #expect(result.affectedModules == ["Feature", "Tool"])
    #expect(result.unownedFiles == ["notes.txt"])
  }

  @Test func ownersOfFilesFollowGitHubsRules() {
    let owners = CodeOwners(text: "* @all\n/docs/ @docs\n*.md @writers\n/Core/Store @store\n/build/ @ci\n")
    #expect(owners.owners(ofFile: "Package.swift") == ["@all"])
    #expect(owners.owners(ofFile: "docs/guide.txt") == ["@docs"])
    #expect(owners.owners(ofFile: "docs/guide.md") == ["@writers"])
    #expect(owners.owners(ofFile: "Core/Store/A.swift") == ["@store"])
    #expect(owners.owners(ofFile: "build") == ["@all"])  // `/build/` names a folder, not this file
  }

  // MARK: The command on a real repository

  private func git(_ arguments: [String], in directory: String) throws {
    let output = try ProcessRunner.run("git", arguments: ["-C", directory] + arguments)
    if output.status != 0 { throw AffectedTestError(message: output.standardError) }
  }

  private func repository() throws -> TemporaryPackage {
    let package = try TemporaryPackage(copying: fixturePath("Plain"))
    try git(["init", "-q", "-b", "main"], in: package.path)
    try git(["-c", "user.name=t", "-c", "user.email=t@t", "add", "-A"], in: package.path)
    try git(["-c", "user.name=t", "-c", "user.email=t@t", "commit", "-q", "-m", "start"], in: package.path)
    try git(["checkout", "-q", "-b", "change"], in: package.path)
    return package
  }

  private func run(_ arguments: [String]) -> (status: Int32, output: String, errors: String) {
    let captured = CapturedConsole()
    let status = AffectedCommand(console: captured.console).run(arguments)
    return (status, captured.standardOutput, captured.standardError)
  }

  @Test func theCommandComparesWithTheMergeBaseAndSeesUntrackedFiles() throws {
    let package = try repository()
    try Data("public let gamma = 3 // changed\n".utf8).write(to: package.root.appendingPathComponent("Lib/Gamma.swift"))
    try Data("// new\n".utf8).write(to: package.root.appendingPathComponent("Sources/Beta/New.swift"))
    let result = run(["--package-path", package.path, "--json"])
    #expect(result.status == 0, "\(result.errors)")
    let object = try #require(try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any])
    #expect(object["base"] as? String == "main")
    #expect(object["changedFiles"] as? [String] == ["Lib/Gamma.swift", "Sources/Beta/New.swift"])
    #expect(object["changedModules"] as? [String] == ["Beta", "Gamma"])
    #expect(object["affectedModules"] as? [String] == ["Alpha", "Beta", "Gamma"])
    #expect(object["testTargets"] as? [String] == ["AlphaTests"])
    #expect(object["everything"] as? Bool == false)
    let text = run(["--package-path", package.path, "HEAD"])
    #expect(text.output.hasPrefix("affected: 2 files changed since HEAD ("))
    #expect(text.output.contains("  test targets:     AlphaTests\n"))
  }

  @Test func anUnknownBaseOrNoRepositoryCannotRun() throws {
    let package = try repository()
    let unknown = run(["--package-path", package.path, "no-such-branch"])
    #expect(unknown.status == 2)
    #expect(
      unknown.errors == "affected: unknown BASE \"no-such-branch\": not a commit, branch or tag of this repository\n")
    let plain = try TemporaryPackage(files: ["Package.swift": "// no repository\n"])
    let outside = run(["--package-path", plain.path])
    #expect(outside.status == 2)
    #expect(outside.errors.split(separator: "\n").count == 1)
    #expect(run(["a", "b"]).status == 64)
  }

  struct AffectedTestError: Error {
    let message: String
  }
}
