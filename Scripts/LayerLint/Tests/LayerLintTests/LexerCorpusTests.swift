import Foundation
import Testing

@testable import LayerLintManifestReader
@testable import LayerLintSwiftReader

/// The lexer checked against the compiler itself: for every file of `Fixtures/LexerCorpus`, the modules
/// `swiftc -emit-imported-modules` reports equal the imports the lint finds in the branches that build compiles.
@Suite struct LexerCorpusTests {
  static let corpus = URL(fileURLWithPath: fixturePath("LexerCorpus"))

  static let files: [String] = {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: corpus.path)) ?? []
    return names.filter { $0.hasSuffix(".swift") }.sorted()
  }()

  @Test func theCorpusIsThere() {
    #expect(Self.files.count >= 4)
  }

  @Test(arguments: files)
  func lintSeesTheImportsTheCompilerSees(file: String) throws {
    let path = Self.corpus.appendingPathComponent(file).path
    let source = try String(contentsOfFile: path, encoding: .utf8)
    let flags = Self.corpusFlags(in: source)
    let compiler = try Self.compilerImports(path: path, flags: flags)
    let environment = try Self.environment(flags: flags)
    let (lint, undecided) = Self.compiledImports(ImportScanner.imports(in: source), in: environment)
    #expect(undecided.isEmpty, "conditions the corpus environment should decide: \(undecided)")
    #expect(
      lint == compiler, "only the lint: \(lint.subtracting(compiler)); only swiftc: \(compiler.subtracting(lint))")
  }

  /// The modules `declarations` import in branches `environment` compiles, and the imports it cannot decide.
  static func compiledImports(
    _ declarations: [ImportDeclaration], in environment: BuildEnvironment
  ) -> (compiled: Set<String>, undecided: [String]) {
    var compiled: Set<String> = []
    var undecided: [String] = []
    for declaration in declarations {
      let evaluation = environment.evaluate(declaration.branches)
      switch evaluation.truth {
      case .yes: compiled.insert(declaration.module)
      case .no: break
      case .maybe: undecided.append("\(declaration.module) (\(evaluation.assumptions.joined(separator: "; ")))")
      }
    }
    return (compiled, undecided)
  }

  /// The environment `swiftc` compiles the corpus in: this machine's platform and compiler, the
  /// file's `-D` flags, no `DEBUG`, and `canImport` answered by the compiler itself.
  static func environment(flags: [String]) throws -> BuildEnvironment {
    #if os(Linux)
      let operatingSystem = "Linux"
    #elseif os(macOS)
      let operatingSystem = "macOS"
    #else
      let operatingSystem = "unknown"
    #endif
    #if arch(x86_64)
      let architecture = "x86_64"
    #elseif arch(arm64)
      let architecture = "arm64"
    #else
      let architecture = "unknown"
    #endif
    var environment = BuildEnvironment(
      flags: Dictionary(uniqueKeysWithValues: TargetFlags.definedFlags(in: flags).map { ($0, Truth.yes) }))
    environment.debug = .no
    environment.operatingSystem = operatingSystem
    environment.architecture = architecture
    environment.compiler = try compilerVersion()
    environment.canImport = { module in (try? canImport(module)) == true ? .yes : .no }
    return environment
  }

  static func corpusFlags(in source: String) -> [String] {
    let marker = "// corpus-flags:"
    guard let line = source.split(separator: "\n").first(where: { $0.hasPrefix(marker) }) else { return [] }
    return line.dropFirst(marker.count).split(separator: " ").map(String.init)
  }

  static func compilerImports(path: String, flags: [String]) throws -> Set<String> {
    let mode = flags.contains("-swift-version") ? [] : ["-swift-version", "6"]
    let output = try ProcessRunner.run(
      "swiftc", arguments: ["-emit-imported-modules"] + mode + [path, "-o", "-"] + flags)
    guard output.status == 0 else {
      throw CorpusError(message: "swiftc failed on \(path): \(output.standardError)")
    }
    return Set(String(decoding: output.standardOutput, as: UTF8.self).split(separator: "\n").map(String.init))
  }

  /// `swiftc --version` → `[6, 3, 1]`.
  static func compilerVersion() throws -> [Int] {
    let output = try ProcessRunner.run("swiftc", arguments: ["--version"])
    let text = String(decoding: output.standardOutput, as: UTF8.self) + output.standardError
    guard let range = text.range(of: "Swift version ") else {
      throw CorpusError(message: "no version in `swiftc --version`: \(text)")
    }
    let version = text[range.upperBound...].prefix { $0.isNumber || $0 == "." }
    return version.split(separator: ".").compactMap { Int($0) }
  }

  /// Asks the compiler whether `canImport(module)` holds.
  static func canImport(_ module: String) throws -> Bool {
    let file = FileManager.default.temporaryDirectory.appendingPathComponent("can-import-\(UUID().uuidString).swift")
    try Data("#if canImport(\(module))\nimport CanImportYes\n#endif\n".utf8).write(to: file)
    defer { try? FileManager.default.removeItem(at: file) }
    return try compilerImports(path: file.path, flags: []).contains("CanImportYes")
  }

  struct CorpusError: Error, CustomStringConvertible {
    let message: String
    var description: String { message }
  }
}
