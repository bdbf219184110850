import Foundation
import Testing

@testable import LayerLintEngine
@testable import LayerLintManifestReader
@testable import LayerLintSwiftReader

/// `#if` conditions evaluated as SwiftPM builds a package, checked against SwiftPM and the compiler:
/// `swift build --print-manifest-job-graph` writes the build plan (`debug.yaml`) with every `swiftc`
/// command and its flags (`-DSWIFT_PACKAGE`, `-D<trait>`, the manifest's defines, `-swift-version`)
/// without compiling anything, and `swiftc -emit-imported-modules` with those flags says which imports
/// of each file a build compiles. The lint, with the same trait options, must decide every import of
/// the fixtures the same way (none left undecided).
@Suite(.serialized) struct SwiftPMConditionsTests {
  /// One fixture built with one set of trait options.
  struct Case: CustomTestStringConvertible, Sendable {
    let fixture: String
    let traitOptions: [String]

    var testDescription: String { "\(fixture) \(traitOptions.joined(separator: " "))" }

    var selection: TraitSelection {
      func value(_ option: String) -> String? {
        traitOptions.firstIndex(of: option).map { traitOptions[$0 + 1] }
      }
      return TraitSelection(
        traits: value("--traits"), disableDefaults: traitOptions.contains("--disable-default-traits"),
        enableAll: traitOptions.contains("--enable-all-traits"))
    }
  }

  static let cases: [Case] = [
    Case(fixture: "GRDBShape", traitOptions: []),
    Case(fixture: "CollectionsShape", traitOptions: []),
    Case(fixture: "CollectionsShape", traitOptions: ["--traits", "UnstableSortedCollections"]),
    Case(fixture: "CollectionsShape", traitOptions: ["--traits", "UnstableAll"]),
    Case(fixture: "CollectionsShape", traitOptions: ["--disable-default-traits"]),
    Case(fixture: "CollectionsShape", traitOptions: ["--enable-all-traits"]),
  ]

  @Test(arguments: cases)
  func theLintDecidesEveryImportAsTheCompilerDoesWithSwiftPMsFlags(_ testCase: Case) throws {
    let root = fixturePath(testCase.fixture)
    let commands = try Self.swiftPMCompileFlags(package: root, traitOptions: testCase.traitOptions)
    let manifest = try ManifestLoader().load(packagePath: root, options: testCase.selection.arguments)
    let flags = TargetFlags.dumpPackage(packagePath: root, traits: testCase.selection)
    let compilerVersion = try LexerCorpusTests.compilerVersion()
    var checked = 0
    for target in manifest.targets where !target.swiftSourcePaths.isEmpty {
      let swiftcFlags = try #require(commands[target.moduleName], "no swiftc command for \(target.name)")
      var environment = flags.environment(of: target, toolsVersion: manifest.toolsVersion)
      // The plan is a debug build on this machine with this compiler.
      environment.debug = .yes
      environment.operatingSystem = "Linux"
      environment.compiler = compilerVersion
      for path in target.swiftSourcePaths {
        let file = (root as NSString).appendingPathComponent(path)
        let compiler = try LexerCorpusTests.compilerImports(path: file, flags: swiftcFlags)
        let (lint, undecided) = LexerCorpusTests.compiledImports(
          ImportScanner.imports(ofFileAt: file) ?? [], in: environment)
        #expect(undecided.isEmpty, "\(path): conditions SwiftPM's flags decide: \(undecided)")
        #expect(
          lint == compiler,
          "\(path) with \(swiftcFlags): only the lint: \(lint.subtracting(compiler)); only swiftc: \(compiler.subtracting(lint))"
        )
        checked += 1
      }
    }
    #expect(checked >= 4)
  }

  @Test func theFlagsAreSwiftPMs() throws {
    let flags = try Self.swiftPMCompileFlags(
      package: fixturePath("CollectionsShape"), traitOptions: ["--traits", "UnstableAll"])
    let sorted = try #require(flags["SortedCollections"])
    #expect(sorted.contains("-DSWIFT_PACKAGE") && sorted.contains("-DUnstableAll"))
    #expect(sorted.contains("-DUnstableSortedCollections") && sorted.contains("-DSORTED_CHECKS"))
    #expect(!sorted.contains("-DUnstableContainersPreview"))
    let grdb = try Self.swiftPMCompileFlags(package: fixturePath("GRDBShape"), traitOptions: [])
    let testFlags = try #require(grdb["GRDBTests"])
    #expect(zip(testFlags, testFlags.dropFirst()).contains { $0 == "-swift-version" && $1 == "5" })
    #expect(grdb["GRDB"]?.contains("-DSWIFT_MODULE_RESOURCE_BUNDLE_AVAILABLE") == true)
  }

  // MARK: The findings the lint used to miss

  private func run(_ arguments: [String]) -> (status: Int32, output: String, errors: String) {
    let captured = CapturedConsole()
    let status = LintCommand(console: captured.console).run(arguments)
    return (status, captured.standardOutput, captured.standardError)
  }

  private func lines(_ output: String, _ rule: String) -> [String] {
    output.split(separator: "\n").map(String.init).filter { $0.contains("[\(rule)]") }
  }

  @Test func importsUnderSwiftPackageAreFindingsAndUnderNotSwiftPackageAreNot() {
    let result = run(["--package-path", fixturePath("GRDBShape")])
    #expect(result.status == 1, "\(result.errors)")
    let findings = lines(result.output, "undeclared-import").filter { $0.contains(": error: ") }
    #expect(findings.count == 7)
    #expect(
      findings.allSatisfy {
        $0.hasPrefix("Tests/GRDBTests/")
          && $0.contains("GRDBTests -> GRDBSQLite: imports GRDBSQLite without declaring it")
          && $0.contains("(under #elseif SWIFT_PACKAGE (not GRDBCIPHER), which a build may compile: ")
      })
    #expect(!findings.contains { $0.contains("ManualInstallTests") })
    #expect(
      result.output.contains(
        "Tests/GRDBTests/ManualInstallTests.swift:3: note: [undeclared-import] GRDBTests -> GRDBSQLite: import GRDBSQLite skipped: no build compiles #if !SWIFT_PACKAGE (SwiftPM sets SWIFT_PACKAGE for this target)"
      ))
    #expect(
      result.output.hasSuffix(
        "lint-layers: 7 violations in 1 target — 2 modules, 9 files scanned; 1 import under #if skipped (see the notes)\n"
      ))
  }

  @Test func aDefaultTraitIsSetAndOtherTraitsFollowTheOptions() {
    let byDefault = run(["--package-path", fixturePath("CollectionsShape")])
    #expect(byDefault.status == 1)
    #expect(
      lines(byDefault.output, "undeclared-import").filter { $0.contains(": error: ") } == [
        "Sources/ContainersPreview/Container.swift:3: error: [undeclared-import] ContainersPreview -> InternalCollectionsUtilities: imports InternalCollectionsUtilities without declaring it as a direct dependency (under #if UnstableContainersPreview, which every build compiles). Fix: add \"InternalCollectionsUtilities\" to ContainersPreview's dependencies in Package.swift"
      ])
    #expect(
      byDefault.output.contains(
        "Sources/DequeModule/Deque.swift:5: note: [undeclared-import] DequeModule -> SortedCollections: import SortedCollections skipped: no build compiles #if UnstableSortedCollections (UnstableSortedCollections is a trait of the package not enabled by default, assumed unset (lint with --traits UnstableSortedCollections or --enable-all-traits to check it))"
      ))
    func targets(_ options: [String]) -> [String] {
      lines(run(["--package-path", fixturePath("CollectionsShape")] + options).output, "undeclared-import")
        .filter { $0.contains(": error: ") }.compactMap { line in
          line.range(of: "] ").map { String(line[$0.upperBound...].prefix { $0 != ":" }) }
        }
    }
    #expect(targets([]) == ["ContainersPreview -> InternalCollectionsUtilities"])
    #expect(
      targets(["--traits", "UnstableSortedCollections"]) == [
        "DequeModule -> SortedCollections", "DequeModule -> ContainersPreview",
      ])
    #expect(targets(["--traits", "UnstableAll"]) == targets(["--traits", "UnstableSortedCollections"]))
    #expect(targets(["--traits", "default,UnstableSortedCollections"]).count == 2)
    #expect(targets(["--disable-default-traits"]) == ["DequeModule -> ContainersPreview"])
    #expect(
      targets(["--enable-all-traits"]) == [
        "ContainersPreview -> InternalCollectionsUtilities", "DequeModule -> SortedCollections",
      ])
  }

  @Test func theEightImportsTheLintUsedToMiss() {
    let grdb = run(["--package-path", fixturePath("GRDBShape")]).output
    let collections = run(["--package-path", fixturePath("CollectionsShape")]).output
    let missed = (lines(grdb, "undeclared-import") + lines(collections, "undeclared-import")).filter {
      $0.contains(": error: ")
    }
    #expect(missed.count == 8)
  }

  @Test func aDependencyUsedOnlyUnderATraitIsNotRedundant() {
    let result = run(["--package-path", fixturePath("CollectionsShape"), "--disable-default-traits"])
    #expect(!result.output.contains("[redundant-dependency]"))
  }

  // MARK: Evaluation

  @Test func swiftVersionFollowsTheLanguageMode() {
    func truth(_ condition: String, mode: String, tools: [Int]) -> Truth {
      var environment = BuildEnvironment()
      environment.languageMode = mode
      environment.minimumCompiler = tools
      return environment.evaluate([ConditionalBranch(condition: condition)]).truth
    }
    #expect(truth("swift(<5)", mode: "6", tools: [6, 0]) == .no)
    #expect(truth("swift(>=6)", mode: "6", tools: [6, 0]) == .yes)
    #expect(truth("swift(>=6.2)", mode: "6", tools: [6, 0]) == .maybe)
    #expect(truth("swift(>=6.2)", mode: "6", tools: [6, 2]) == .yes)
    #expect(truth("swift(>=6)", mode: "5", tools: [6, 0]) == .no)
    #expect(truth("swift(>=5.10)", mode: "5", tools: [6, 0]) == .yes)
    #expect(truth("swift(>=5.10)", mode: "5", tools: [5, 9]) == .maybe)
    #expect(truth("swift(>=5.9)", mode: "5", tools: [5, 9]) == .yes)
    #expect(truth("swift(>=4.2)", mode: "4.2", tools: [5, 0]) == .yes)
    #expect(truth("swift(>=5)", mode: "4", tools: [5, 0]) == .no)
  }

  @Test func theLanguageModeIsSwiftPMs() {
    let settings = PackageSettings(
      languageModes: ["5", "6"],
      settings: [
        "Five": [.init(kind: .languageMode("5"), condition: nil)],
        "Varies": [.init(kind: .languageMode("5"), condition: .init(platforms: ["linux"]))],
      ])
    #expect(settings.languageMode(of: "Five", toolsVersion: [6, 0], traits: []) == "5")
    #expect(settings.languageMode(of: "Other", toolsVersion: [5, 9], traits: []) == "6")
    #expect(settings.languageMode(of: "Varies", toolsVersion: [6, 0], traits: []) == nil)
    #expect(PackageSettings().languageMode(of: "A", toolsVersion: [5, 9], traits: []) == "5")
    #expect(PackageSettings().languageMode(of: "A", toolsVersion: [6, 0], traits: []) == "6")
    #expect(PackageSettings().languageMode(of: "A", toolsVersion: [4, 2], traits: []) == "4.2")
  }

  @Test func traitsAreEnabledAsSwiftPMEnablesThem() {
    let settings = PackageSettings(traits: [
      "default": ["A"], "A": [], "B": ["C"], "C": [], "D": [],
    ])
    #expect(settings.enabledTraits(.defaults) == ["A"])
    #expect(settings.enabledTraits(.listed(["B"])) == ["B", "C"])
    #expect(settings.enabledTraits(.listed(["default", "D"])) == ["A", "D"])
    #expect(settings.enabledTraits(.listed([])) == [])
    #expect(settings.enabledTraits(.all) == ["A", "B", "C", "D"])
    #expect(
      TraitSelection(traits: nil, disableDefaults: true, enableAll: false).arguments == ["--disable-default-traits"])
    #expect(TraitSelection(traits: "B,A", disableDefaults: false, enableAll: false).arguments == ["--traits", "A,B"])
  }

  @Test func onlyConditionsOnDefinesTraitsAndLanguageModesNeedTheManifest() {
    #expect(
      !BuildCondition.parse("SWIFT_PACKAGE && DEBUG || os(Linux) || canImport(Foo) || compiler(>=6)")!
        .needsManifestSettings)
    #expect(BuildCondition.parse("!SWIFT_PACKAGE || MY_FLAG")!.needsManifestSettings)
    #expect(BuildCondition.parse("swift(>=6)")!.needsManifestSettings)
  }

  // MARK: dump-package's output kept between runs

  @Test func dumpPackageOutputIsKeptWhileTheManifestsToolchainAndEnvironmentStay() throws {
    let package = try TemporaryPackage(files: ["Package.swift": "// one\n", ".build/build.db": ""])
    let environment = ["PATH": "/nowhere", "HOME": "/home/someone", "PWD": "/a", "TERM": "xterm"]
    func cache(_ changes: [String: String] = [:]) -> SettingsCache? {
      SettingsCache(
        packagePath: package.path, swift: "swift", environment: environment.merging(changes) { _, new in new })
    }
    let first = try #require(cache())
    #expect(first.file.path.hasPrefix(package.root.appendingPathComponent(".build/layer-lint").path))
    #expect(first.read() == nil)
    first.write(Data("{\"targets\": []}".utf8))
    #expect(cache(["PWD": "/b", "TERM": "dumb", "LAYER_LINT_PROFILE": "1"])?.read() == Data("{\"targets\": []}".utf8))
    #expect(cache(["SQLITE_ENABLE_PREUPDATE_HOOK": "1"])?.read() == nil)
    #expect(cache(["PATH": "/elsewhere"])?.read() == nil)
    try Data("// two\n".utf8).write(to: package.root.appendingPathComponent("Package.swift"))
    #expect(cache()?.read() == nil)
  }

  @Test func describeOutputIsKeptForTheFoldersShapeAsItIsNow() throws {
    let package = try TemporaryPackage(files: ["Package.swift": "// one\n", ".build/build.db": "", "A/A.swift": ""])
    let settings = try #require(SettingsCache(packagePath: package.path, swift: "swift", environment: [:]))
    func layout() -> LayoutCache { LayoutCache(cache: settings, evaluation: ["name": "P"], packagePath: package.path) }
    let description = Data("{\"targets\": []}".utf8)
    #expect(layout().read() == nil)
    layout().write(description)
    #expect(layout().read() == description)
    // A new file: SwiftPM may see another layout; once described again, the same description is kept for it.
    try Data().write(to: package.root.appendingPathComponent("A/B.swift"))
    #expect(layout().read() == nil)
    layout().write(description)
    #expect(layout().read() == description)
  }

  @Test func aPackageWithoutABuildFolderGetsNoneTheCacheGoesToTheUsers() throws {
    let package = try TemporaryPackage(files: ["Package.swift": "// one\n"])
    let cache = try #require(
      SettingsCache(packagePath: package.path, swift: "swift", environment: ["XDG_CACHE_HOME": "/caches"]))
    #expect(cache.file.path.hasPrefix("/caches/layer-lint/"))
    #expect(SettingsCache(packagePath: package.path, swift: "swift", environment: [:]) == nil)
    #expect(!FileManager.default.fileExists(atPath: package.root.appendingPathComponent(".build").path))
  }

  // MARK: SwiftPM's build plan

  /// Each Swift module's flags that decide `#if` (`-D…`, `-swift-version N`), from the plan SwiftPM writes
  /// for `swift build --build-tests` with `traitOptions`, without compiling.
  static func swiftPMCompileFlags(package: String, traitOptions: [String]) throws -> [String: [String]] {
    let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("layerlint-plan-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: scratch) }
    let output = try ProcessRunner.run(
      "swift",
      arguments: ["build", "--package-path", package, "--scratch-path", scratch.path, "--build-tests"] + traitOptions
        + ["--print-manifest-job-graph"])
    guard output.status == 0 else {
      throw LexerCorpusTests.CorpusError(
        message: "swift build --print-manifest-job-graph failed: \(output.standardError)")
    }
    let plan = try String(contentsOf: scratch.appendingPathComponent("debug.yaml"), encoding: .utf8)
    var flags: [String: [String]] = [:]
    for line in plan.split(separator: "\n") where line.contains("args: [") && line.contains("\"-module-name\"") {
      let arguments = try JSONDecoder().decode(
        [String].self, from: Data(line[line.range(of: "args: ")!.upperBound...].utf8))
      guard let index = arguments.firstIndex(of: "-module-name"), arguments.contains("-c") else { continue }
      var kept: [String] = []
      var position = 0
      while position < arguments.count {
        if arguments[position].hasPrefix("-D") && arguments[position].count > 2 {
          kept.append(arguments[position])
        } else if arguments[position] == "-swift-version", position + 1 < arguments.count {
          kept += ["-swift-version", arguments[position + 1]]
          position += 1
        }
        position += 1
      }
      flags[arguments[index + 1]] = kept
    }
    return flags
  }
}
