import Foundation
import Testing

@testable import LayerLintEngine
@testable import LayerLintManifestReader
@testable import LayerLintSwiftReader

/// No input stops the lint with a signal: random and adversarial Swift-like text (deep nesting, huge
/// files, invalid bytes) ends in a result or in one clear line and exit 2, in the lexer, the `#if`
/// evaluator, the readers the rules use, the whole lint in this process and the built binary.
@Suite(.serialized) struct FuzzTests {
  /// SplitMix64: the same seed, the same text, on every machine.
  struct Generator {
    var state: UInt64

    mutating func next() -> UInt64 {
      state &+= 0x9E37_79B9_7F4A_7C15
      var z = state
      z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
      z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
      return z ^ (z >> 31)
    }

    mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(bound)) }
  }

  /// Pieces of Swift and of what breaks lexers, glued at random.
  static let fragments: [String] = [
    "import ", "@testable import ", "@_exported import ", "public import ", "import struct ", "Foundation", "Log",
    "A.B", "#if ", "#elseif ", "#else", "#endif", "os(Linux)", "os(macOS)", "arch(x86_64)", "canImport(X)", "DEBUG",
    "SWIFT_PACKAGE", "swift(>=6)", "compiler(<5.9)", " && ", " || ", "!", "(", ")", "\"", "\"\"\"", "#\"", "\"#",
    "##\"\"\"", "\\(", "\\", "//", "/*", "*/", "/", "/x/", "#/re/#", "`", "@", ";", "{", "}", "[", "]", "\n", "\r",
    "\r\n", " ", "\t", "\u{0}", "\u{FEFF}", "é", "🚀", "struct ", "class ", "enum ", "FakeThing", "case ", ".screen",
    "let x = ", "logger.info(", "// untranslated: name", "\"Quit\"", "1", "_",
  ]

  /// Text made of `count` random fragments and, sometimes, random bytes (invalid UTF-8 too).
  static func randomSource(seed: UInt64, count: Int) -> [UInt8] {
    var generator = Generator(state: seed)
    var bytes: [UInt8] = []
    for _ in 0..<count {
      if generator.below(8) == 0 {
        bytes.append(UInt8(truncatingIfNeeded: generator.next()))
      } else {
        bytes += Array(fragments[generator.below(fragments.count)].utf8)
      }
    }
    return bytes
  }

  /// Everything the lint does with a file's bytes, with the invariants of each answer.
  static func readEverywhere(_ bytes: [UInt8]) {
    bytes.withUnsafeBufferPointer { buffer in
      let lines =
        1
        + (0..<buffer.count).filter { index in
          buffer[index] == 10 || (buffer[index] == 13 && (index + 1 == buffer.count || buffer[index + 1] != 10))
        }.count
      let (declarations, problem) = ImportScanner.read(buffer)
      #expect(declarations.allSatisfy { (1...lines).contains($0.line) })
      #expect(zip(declarations, declarations.dropFirst()).allSatisfy { $0.line <= $1.line })
      if let problem { #expect(problem.line.map { (1...lines).contains($0) } == true) }
      for declaration in declarations where declaration.isConditional {
        _ = BuildEnvironment().evaluate(declaration.branches)
        var linux = BuildEnvironment()
        linux.operatingSystem = "Linux"
        _ = linux.evaluate(declaration.branches)
      }
      let scan = TextScanner.scan(buffer, exemptCalls: .standard)
      #expect(scan.literals.allSatisfy { (1...lines).contains($0.line) && $0.line <= $0.endLine })
      _ = CodePresence.hasCode(in: buffer)
    }
    let text = String(decoding: bytes, as: UTF8.self)
    for line in SwiftCodeLines(text).lines {
      _ = SwiftCodeLines.declaredTypes(in: line.code)
    }
    _ = VocabularyRule.jsonStrings(Data(bytes))
  }

  @Test func fiveHundredSeedsOfRandomTextEndInAResult() {
    for seed in 0..<500 {
      Self.readEverywhere(Self.randomSource(seed: UInt64(seed), count: 50 + seed * 4))
    }
  }

  @Test func randomConditionsParseAndEvaluate() {
    var generator = Generator(state: 42)
    let atoms = ["A", "B", "DEBUG", "SWIFT_PACKAGE", "os(Linux)", "os(macOS)", "arch(arm64)", "canImport(X)", "true"]
    for _ in 0..<2_000 {
      var text = ""
      for _ in 0..<(1 + generator.below(30)) {
        switch generator.below(6) {
        case 0: text += "("
        case 1: text += ")"
        case 2: text += "!"
        case 3: text += [" && ", " || "][generator.below(2)]
        default: text += atoms[generator.below(atoms.count)]
        }
      }
      _ = BuildEnvironment().evaluate([ConditionalBranch(condition: text)])
      _ = BuildEnvironment().evaluate([ConditionalBranch(earlier: [text, text], condition: nil)])
    }
  }

  /// An input that breaks naive lexers, and what the lint must answer.
  struct Adversary: CustomTestStringConvertible, Sendable {
    let name: String
    let text: @Sendable () -> [UInt8]
    /// The words of the problem the lexer must stop with; `nil`: it reads the file to its end.
    let problem: String?
    /// Imports it must find (when it reads the file to its end).
    var imports: [String] = []

    var testDescription: String { name }
  }

  static func repeated(_ text: String, _ count: Int) -> String { String(repeating: text, count: count) }

  static let adversaries: [Adversary] = [
    Adversary(
      name: "10,000 nested string interpolations",
      text: { Array(("let x = " + repeated("\"\\(", 10_000) + "1" + repeated(")\"", 10_000) + "\nimport A\n").utf8) },
      problem: "string interpolations nest deeper than 255"),
    Adversary(
      name: "255 nested string interpolations (the compiler's limit)",
      text: { Array(("let x = " + repeated("\"\\(", 255) + "1" + repeated(")\"", 255) + "\nimport A\n").utf8) },
      problem: nil, imports: ["A"]),
    Adversary(
      name: "100,000 nested parentheses in an #if",
      text: { Array(("#if " + repeated("(", 100_000) + "A" + repeated(")", 100_000) + "\nimport A\n#endif\n").utf8) },
      problem: "parentheses of an #if condition nest deeper than 255"),
    Adversary(
      name: "255 nested parentheses in an #if",
      text: { Array(("#if " + repeated("(", 255) + "A" + repeated(")", 255) + "\nimport A\n#endif\n").utf8) },
      problem: nil, imports: ["A"]),
    Adversary(
      name: "20,000 conditions joined by ||",
      text: {
        Array(("#if " + (0..<20_000).map { "A\($0)" }.joined(separator: " || ") + "\nimport A\n#endif\n").utf8)
      }, problem: nil, imports: ["A"]),
    Adversary(
      name: "100,000 ! in a row",
      text: { Array(("#if " + repeated("!", 100_000) + "A\nimport A\n#endif\n").utf8) }, problem: nil,
      imports: ["A"]),
    Adversary(
      name: "300 nested #if blocks",
      text: { Array((repeated("#if A\n", 300) + "import A\n" + repeated("#endif\n", 300)).utf8) },
      problem: "#if blocks nest deeper than 255"),
    Adversary(
      name: "an #if chain of 5,000 branches",
      text: {
        Array(("#if A0\n" + (1..<5_000).map { "#elseif A\($0)\nimport M\($0)\n" }.joined() + "#endif\n").utf8)
      }, problem: "an #if chain has more than 1000 branches"),
    Adversary(
      name: "unterminated comment, strings and regex",
      text: { Array("import A\n/* /* open\n\"open\n\"\"\"\nopen\n#\"\nlet r = /open\n".utf8) }, problem: nil,
      imports: ["A"]),
    Adversary(
      name: "invalid UTF-8, NUL and lone carriage returns",
      text: {
        [0xFF, 0xFE, 0x00, 0x0D] + Array("import A\r".utf8) + [0xC3, 0x41, 0xE2, 0x82] + Array("\rimport B\n".utf8)
      },
      problem: nil, imports: ["A", "B"]),
    Adversary(
      name: "a 5 MB file",
      text: {
        Array((repeated("let s = \"some text \\(1) here\" // a comment\n", 120_000) + "import Late\n").utf8)
      }, problem: nil, imports: ["Late"]),
    Adversary(name: "an empty file", text: { [] }, problem: nil),
    Adversary(name: "a byte order mark alone", text: { [0xEF, 0xBB, 0xBF] }, problem: nil),
  ]

  @Test(arguments: adversaries)
  func adversarialInputsEndInAResultOrOneLine(_ adversary: Adversary) {
    let bytes = adversary.text()
    let (declarations, problem) = bytes.withUnsafeBufferPointer { ImportScanner.read($0) }
    if let expected = adversary.problem {
      #expect(problem?.reason.contains(expected) == true, "\(String(describing: problem))")
    } else {
      #expect(problem == nil)
      #expect(declarations.map(\.module) == adversary.imports)
    }
    Self.readEverywhere(bytes)
  }

  /// Every adversary in one package, linted in this process: one line on stderr naming each file the
  /// lexer stopped in, exit 2; without them, a result.
  @Test func theLintNamesTheFilesItCannotReadInOneLine() throws {
    var files: [String: [UInt8]] = [:]
    for (index, adversary) in Self.adversaries.enumerated() { files["Sources/A/F\(index).swift"] = adversary.text() }
    let package = try TemporaryPackage(files: [:])
    for (path, bytes) in files {
      let url = package.root.appendingPathComponent(path)
      try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try Data(bytes).write(to: url)
    }
    let names = files.keys.map { String($0.dropFirst("Sources/A/".count)) }.sorted()
    func lint(_ sources: [String]) -> (status: Int32, errors: String) {
      let manifest = PackageManifest(
        name: "P", targets: [ManifestTarget(name: "A", path: "Sources/A", kind: .library, sources: sources)])
      let captured = CapturedConsole()
      let status = LintCommand(console: captured.console, describe: { _ in manifest }, flags: { _ in TargetFlags([:]) })
        .run(["--package-path", package.path])
      return (status, captured.standardError)
    }
    let all = lint(names)
    #expect(all.status == ExitCode.cannotRun)
    #expect(all.errors.split(separator: "\n").count == 1)
    let stopped = Self.adversaries.enumerated().filter { $0.element.problem != nil }
    #expect(all.errors.hasPrefix("lint-layers: cannot read \(stopped.count) source files: "), "\(all.errors)")
    for (index, adversary) in stopped {
      #expect(all.errors.contains("Sources/A/F\(index).swift:"), "\(adversary.name)")
    }
    let readable = Self.adversaries.enumerated().filter { $0.element.problem == nil }.map { "F\($0.offset).swift" }
    #expect(lint(readable).status == ExitCode.success)
  }

  /// The built binary on the adversaries and on random text: never a signal (exit status 128 or more).
  @Test func theBinaryNeverDiesOfASignal() throws {
    let binary = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent(".build/debug/layer-lint")
    try #require(FileManager.default.isExecutableFile(atPath: binary.path), "build the lint first: \(binary.path)")
    let package = try TemporaryPackage(files: [:])
    var sources: [String] = []
    var contents: [(String, [UInt8])] = Self.adversaries.enumerated().map { ("F\($0.offset).swift", $0.element.text()) }
    for seed in 0..<40 {
      contents.append(("R\(seed).swift", Self.randomSource(seed: 1_000 + UInt64(seed), count: 400)))
    }
    for (name, bytes) in contents {
      let url = package.root.appendingPathComponent("Sources/A/\(name)")
      try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try Data(bytes).write(to: url)
      sources.append(name)
    }
    for subset in [sources, sources.filter { $0.hasPrefix("R") }] {
      let description: [String: Any] = [
        "name": "P", "tools_version": "6.0",
        "targets": [["name": "A", "path": "Sources/A", "type": "library", "sources": subset]],
      ]
      let json = package.root.appendingPathComponent("describe.json")
      try JSONSerialization.data(withJSONObject: description).write(to: json)
      let result = try ProcessRunner.run(
        binary.path, arguments: ["lint", "--package-path", package.path, "--manifest-json", json.path])
      #expect(result.status < 128, "the lint died of signal \(result.status - 128)")
      #expect([0, 1, 2].contains(result.status), "\(result.standardError)")
      if result.status == 2 {
        #expect(result.standardError.split(separator: "\n").count == 1, "\(result.standardError)")
      }
    }
  }
}
