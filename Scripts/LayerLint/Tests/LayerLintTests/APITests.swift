import Foundation
import Testing

@testable import LayerLintEngine
@testable import LayerLintManifestReader
@testable import LayerLintWorkspaceTools

/// `api`: the API file a module's symbol graph renders to, how its lines are read back, and which
/// differences between two versions break the modules that import it.
@Suite struct APITests {
  // MARK: - Rendering, from what the compiler itself extracts

  static let probeSource = """
    /// A protocol.
    public protocol Client: Sendable {
      associatedtype Item: Codable = String
      func fetch(id: Int, force: Bool) async throws -> [Item]
      var name: String { get }
      var count: Int { get set }
      static func make() -> Self
      func describe() -> String
    }
    extension Client {
      public func describe() -> String { name }
      public func helper(_ x: Int = 3, label y: String...) {}
    }
    public enum Kind: String, Sendable { case b, a }
    public enum Failure: Error {
      case text(String, code: Int)
      @available(*, deprecated, message: "use text")
      case old
    }
    public struct Box<T: Sendable>: Sendable where T: Equatable {
      public let value: T
      public var mutable: Int { get { 1 } set {} }
      public private(set) var readOnly: Int = 0
      public init(value: T) { self.value = value }
      public init?(maybe: T?) { return nil }
      @discardableResult public mutating func bump(by amount: Int = 1) -> Int { 1 }
      public func map<U: Sendable & Equatable>(_ transform: (T) throws -> U) rethrows -> Box<U> where U: Hashable {
        fatalError()
      }
      public subscript(key: String) -> Int { get { 0 } set {} }
      public struct Inner: Hashable { public var x: Int }
    }
    extension Box: Equatable, Hashable where T: Hashable {}
    extension Box where T == Int { public func total() -> Int { value } }
    open class Base {
      public init() {}
      open func draw() {}
      public final func fixed() {}
      public class func shared() -> Base { Base() }
    }
    public final class Sub: Base, @unchecked Sendable {
      public override func draw() {}
    }
    public protocol Marker {}
    extension Int: Marker {}
    extension String {
      public var shouted: String { uppercased() }
    }
    public typealias Handler = @Sendable (Int) -> Void
    public func run<T>(_ items: inout [T], _ handler: Handler?) throws(Failure) where T: Comparable {}
    public let answer: Int = 42
    """

  static let probeAPI = """
    // The public API of Probe, one declaration a line (Scripts/README.md, "api"). Written by
    // `Scripts/api dump Probe` from the built module; `Scripts/api check` fails when they differ.
    // A removed or changed line breaks the modules that import this one: their owners review it.

    open class Base
      public init()
      open func draw()
      public final func fixed()
      public class func shared() -> Base

    public struct Box<T> : Sendable where T : Equatable, T : Sendable
      public init?(maybe: T?)
      public init(value: T)
      public subscript(key: String) -> Int { get set }
      public var mutable: Int { get set }
      public var readOnly: Int { get }
      public let value: T
      @discardableResult public mutating func bump(by amount: Int = 1) -> Int
      public func map<U>(_ transform: (T) throws -> U) rethrows -> Box<U> where U : Hashable, U : Sendable
      public func total() -> Int where T == Int
      extension Box : Equatable where T : Hashable
      extension Box : Hashable where T : Hashable

    public struct Box.Inner : Equatable, Hashable
      public var x: Int

    public protocol Client : Sendable
      associatedtype Item : Decodable, Encodable = String
      var count: Int { get set }
      var name: String { get }
      func describe() -> String  // has a default implementation
      func fetch(id: Int, force: Bool) async throws -> [Self.Item]
      public func helper(_ x: Int = 3, label y: String...)
      static func make() -> Self

    public enum Failure : Error, Sendable
      @available(*, deprecated, message: "use text") case old
      case text(String, code: Int)

    public enum Kind : Equatable, Hashable, RawRepresentable, Sendable
      case a
      case b
      public init?(rawValue: String)

    public protocol Marker

    public final class Sub : Base, Sendable
      public override func draw()

    extension Swift.Int : Marker

    extension Swift.String
      public var shouted: String { get }

    public typealias Handler = @Sendable (Int) -> Void
    public let answer: Int
    public func run<T>(_ items: inout [T], _ handler: Handler?) throws(Failure) where T : Comparable

    """

  @Test func theCompilersSymbolGraphRendersAsOneDeclarationALineGroupedByType() throws {
    let folder = try TemporaryPackage(files: ["Probe.swift": Self.probeSource])
    let graphs = try Self.symbolGraphs(
      ofModule: "Probe", source: folder.root.appendingPathComponent("Probe.swift"), in: folder.root)
    let text = APIRenderer(module: "Probe", graph: try SymbolGraph.load(graphs)).render()
    #expect(text == Self.probeAPI, "\(Self.firstDifference(text, Self.probeAPI))")
    // What it renders reads back as the same declarations, and compares equal to itself.
    let file = APIFile(parsing: text)
    #expect(file.groups.flatMap(\.members).allSatisfy { $0.isUnderstood })
    #expect(file.groups.map(\.header).allSatisfy { $0.isUnderstood } && file.loose.allSatisfy { $0.isUnderstood })
    #expect(APIComparison.changes(from: file, to: file).isEmpty)
  }

  /// `swiftc -emit-module` and `swift-symbolgraph-extract`, as `Scripts/api` extracts a built module.
  static func symbolGraphs(ofModule module: String, source: URL, in folder: URL) throws -> [URL] {
    let swiftc = try DocsBuild.toolchainExecutable("swiftc")
    let modules = folder.appendingPathComponent("modules")
    let compiled = try ProcessRunner.run(
      swiftc,
      arguments: [
        "-emit-module", "-parse-as-library", "-module-name", module, source.path, "-emit-module-path",
        modules.appendingPathComponent("\(module).swiftmodule").path,
      ])
    #expect(
      compiled.status == 0, "\(String(decoding: compiled.standardOutput, as: UTF8.self))\(compiled.standardError)")
    let output = folder.appendingPathComponent("graphs")
    try FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)
    let extracted = try ProcessRunner.run(
      try DocsBuild.toolchainExecutable("swift-symbolgraph-extract"),
      arguments: [
        "-module-name", module, "-I", modules.path, "-target", try Self.hostTriple(), "-minimum-access-level", "public",
        "-skip-synthesized-members", "-emit-extension-block-symbols", "-output-dir", output.path,
        "-module-cache-path", folder.appendingPathComponent("module-cache").path,
      ])
    #expect(extracted.status == 0, "\(extracted.standardError)")
    return SymbolGraphCoverage.files(of: module, in: output)
  }

  static func hostTriple() throws -> String {
    let output = try ProcessRunner.run(
      try DocsBuild.toolchainExecutable("swiftc"), arguments: ["-print-target-info"])
    let info = try JSONSerialization.jsonObject(with: output.standardOutput) as? [String: Any]
    return ((info?["target"] as? [String: Any])?["triple"] as? String) ?? "x86_64-unknown-linux-gnu"
  }

  static func firstDifference(_ a: String, _ b: String) -> String {
    let left = a.split(separator: "\n", omittingEmptySubsequences: false)
    let right = b.split(separator: "\n", omittingEmptySubsequences: false)
    for index in 0..<max(left.count, right.count) {
      let l = index < left.count ? String(left[index]) : "<end>"
      let r = index < right.count ? String(right[index]) : "<end>"
      if l != r { return "line \(index + 1): got \(l) | expected \(r)" }
    }
    return "equal"
  }

  // MARK: - Reading a line back

  @Test func aLineIsReadIntoItsKeyAndParts() {
    let method = APIDeclaration(
      parsing:
        "@discardableResult public mutating func bump<T>(by amount: Int = 1, _ other: [T : (Int) -> Void]) async throws(E) -> Int where T : Hashable"
    )
    #expect(method.isUnderstood)
    #expect(method.key == "func bump(by:_:)")
    #expect(
      method.attributes == ["@discardableResult"] && method.access == "public" && method.modifiers == ["mutating"])
    #expect(method.genericParameters == "<T>" && method.whereClause == "T : Hashable")
    #expect(method.parameters.map(\.type) == ["Int", "[T : (Int) -> Void]"])
    #expect(method.parameters.map(\.defaultValue) == ["1", nil])
    #expect(method.effects == ["async", "throws(E)"] && method.type == "Int")

    let subscriptLine = APIDeclaration(
      parsing: "public static subscript(key: String, at index: Int) -> Int { get set }")
    #expect(subscriptLine.key == "static subscript(_:at:)" && subscriptLine.accessors == ["get", "set"])
    let operatorLine = APIDeclaration(parsing: "public static func == (lhs: Box, rhs: Box) -> Bool")
    #expect(operatorLine.key == "static func ==(_:_:)" || operatorLine.key == "static func ==(lhs:rhs:)")
    #expect(operatorLine.isUnderstood && operatorLine.type == "Bool")
    let failable = APIDeclaration(parsing: "public init?(rawValue: String)")
    #expect(failable.key == "init(rawValue:)" && failable.failability == "?")
    let payload = APIDeclaration(parsing: "indirect case node(Tree, label: String)")
    #expect(payload.key == "case node" && payload.parameters.map(\.label) == ["_", "label"])
    let header = APIDeclaration(parsing: "@frozen public struct Box.Inner<T> : Equatable, Hashable where T : Sendable")
    #expect(header.key == "type Box.Inner" && header.inheritance == ["Equatable", "Hashable"] && header.isTypeLike)
    let conformance = APIDeclaration(parsing: "extension Box : Hashable where T : Hashable")
    #expect(conformance.memberKey == "extension Box : Hashable" && conformance.whereClause == "T : Hashable")
    let requirement = APIDeclaration(parsing: "func describe() -> String  // has a default implementation")
    #expect(
      requirement.hasDefaultImplementation && requirement.access == nil
        && requirement.text == "func describe() -> String")
    let associated = APIDeclaration(parsing: "associatedtype Item : Decodable, Encodable = String")
    #expect(associated.inheritance == ["Decodable", "Encodable"] && associated.defaultType == "String")
    let garbage = APIDeclaration(parsing: "this is no declaration")
    #expect(!garbage.isUnderstood && garbage.key == "this is no declaration")
  }

  @Test func commentsAndBlankLinesCarryNoAPIAndIndentedLinesBelongToTheirType() {
    let file = APIFile(
      parsing:
        "// header\n\npublic struct A\n  public var x: Int\n\npublic func f()\n  public var stray: Int\nextension Swift.Int\n  public var y: Int\n"
    )
    #expect(file.groups.map(\.header.key) == ["type A", "extension Swift.Int"])
    #expect(file.groups.map { $0.members.map(\.key) } == [["var x"], ["var y"]])
    #expect(file.loose.map(\.key) == ["func f()", "var stray"])
  }

  // MARK: - Breaking or additive

  /// The verdict on changing `old` into `new`, each a module's API file.
  func verdicts(_ old: String, _ new: String) -> [String] {
    APIComparison.changes(from: APIFile(parsing: old), to: APIFile(parsing: new)).map(\.rendered)
  }

  static let contract = """
    public struct Reading : Equatable, Sendable
      public init(value: Double, scale: Scale = .celsius)
      public var value: Double
      public let scale: Scale
      public func converted(to scale: Scale) -> Reading
      public static func parse(_ text: String) throws -> Reading

    public enum Scale : Sendable
      case celsius
      case kelvin

    public protocol Probe : Sendable
      var name: String { get }  // has a default implementation
      func read() async throws -> Reading

    open class Sensor
      public init()
      open func sample() -> Reading

    public func calibrate<T>(_ probe: T) where T : Probe

    """

  func changed(_ old: String, _ new: String) -> String {
    let text = Self.contract
    #expect(text.contains(old), "the contract has no line \(old)")
    return text.replacingOccurrences(of: old, with: new)
  }

  @Test func removalsAndChangedSignaturesBreak() {
    #expect(
      verdicts(Self.contract, changed("  public func converted(to scale: Scale) -> Reading\n", "")) == [
        "breaking: removed from struct Reading: public func converted(to scale: Scale) -> Reading"
      ])
    #expect(
      verdicts(Self.contract, changed("func converted(to scale:", "func convert(to scale:")) == [
        "additive: added to struct Reading: public func convert(to scale: Scale) -> Reading",
        "breaking: removed from struct Reading: public func converted(to scale: Scale) -> Reading",
      ])
    #expect(
      verdicts(Self.contract, changed("converted(to scale: Scale)", "converted(to scale: Double)")) == [
        "breaking: changed in struct Reading: public func converted(to scale: Scale) -> Reading → public func converted(to scale: Double) -> Reading (parameter 1 (to): Scale → Double)"
      ])
    #expect(
      verdicts(Self.contract, changed("(to scale: Scale) -> Reading", "(to scale: Scale) -> Reading?")).first?
        .hasPrefix(
          "breaking: changed in struct Reading") == true)
    #expect(
      verdicts(Self.contract, changed("(to scale: Scale) -> Reading", "(to scale: Scale) -> Reading?")).first?
        .hasSuffix("(returns Reading → Reading?)") == true)
    #expect(
      verdicts(Self.contract, changed("scale: Scale = .celsius)", "scale: Scale)")).first?.hasSuffix(
        "(parameter 2 (scale): no default value any more)") == true)
    #expect(
      verdicts(Self.contract, changed("public var value: Double", "public let value: Double")).first?.hasSuffix(
        "(no longer settable)") == true)
    #expect(verdicts(Self.contract, changed("public func converted", "public func converted")).isEmpty)
    #expect(verdicts(Self.contract, changed("public static func parse", "public func parse")).count == 2)
    #expect(
      verdicts(Self.contract, changed("where T : Probe", "where T : Probe, T : Hashable")).first?.hasPrefix(
        "breaking: changed: public func calibrate") == true)
    #expect(
      verdicts(Self.contract, changed("open func sample()", "public func sample()")).first?.hasSuffix(
        "(no longer open)") == true)
    #expect(
      verdicts(
        Self.contract, changed("public struct Reading : Equatable, Sendable", "public struct Reading : Sendable")) == [
          "breaking: changed: public struct Reading : Equatable, Sendable → public struct Reading : Sendable (no longer conforms to or inherits Equatable)"
        ])
    #expect(
      verdicts(Self.contract, changed("func read() async throws", "func read() throws")).first?.hasSuffix(
        "(no longer async)") == true)
    let removedType = verdicts(
      Self.contract, changed("public enum Scale : Sendable\n  case celsius\n  case kelvin\n\n", ""))
    #expect(removedType == ["breaking: removed: public enum Scale : Sendable (and its 2 members)"])
  }

  @Test func whatAClientReliesOnBeingCompleteBreaksWhenItGrows() {
    // A case: a switch without default stops compiling (every enum is exhaustive without library evolution).
    #expect(
      verdicts(Self.contract, changed("  case kelvin\n", "  case kelvin\n  case rankine\n")) == [
        "breaking: added to enum Scale: case rankine (a new case: a switch over Scale without a default stops compiling)"
      ])
    // A requirement without a default implementation (with one, every conforming type still compiles,
    // and SwiftPM agrees: Scripts/test-api-verdicts, requirement-with-default).
    #expect(
      verdicts(Self.contract, changed("  func read()", "  func reset()\n  func read()")).first?.hasPrefix(
        "breaking: added to protocol Probe: func reset()") == true)
    #expect(
      verdicts(
        Self.contract, changed("  func read()", "  func reset()  // has a default implementation\n  func read()")
      ) == ["additive: added to protocol Probe: func reset()"])
    // A protocol that refines another asks more of every conforming type.
    #expect(
      verdicts(Self.contract, changed("public protocol Probe : Sendable", "public protocol Probe : Hashable, Sendable"))
        .first?.hasSuffix("(now requires Hashable of every conforming type)") == true)
    // A designated initializer of an open class.
    #expect(
      verdicts(Self.contract, changed("  public init()\n", "  public init()\n  public init(rate: Int)\n")).first?
        .hasPrefix("breaking: added to class Sensor") == true)
    #expect(
      verdicts(Self.contract, changed("  public init()\n", "  public init()\n  public convenience init(rate: Int)\n"))
        .first?.hasPrefix("additive: added to class Sensor") == true)
    // No longer a default implementation: each conforming type must now implement it.
    #expect(
      verdicts(Self.contract, changed("  // has a default implementation", "")).first?.hasPrefix(
        "breaking: changed in protocol Probe") == true)
  }

  @Test func additionsAndRelaxationsAreAdditive() {
    let additive = [
      changed("  public var value: Double\n", "  public var value: Double\n  public var unit: String { get }\n"),
      changed("public let scale: Scale", "public var scale: Scale"),
      changed("public struct Reading : Equatable, Sendable", "public struct Reading : Equatable, Hashable, Sendable"),
      changed("converted(to scale: Scale)", "converted(to scale: Scale = .kelvin)"),
      changed("converted(to scale: Scale)", "converted(to other: Scale)"),
      changed("public static func parse(_ text: String) throws", "public static func parse(_ text: String)"),
      changed("  public func converted", "  @available(*, deprecated, message: \"use init\") public func converted"),
      changed(
        "public func calibrate<T>(_ probe: T) where T : Probe\n",
        "public func calibrate<T>(_ probe: T) where T : Probe\npublic func reset()\n"),
      changed(
        "public enum Scale : Sendable\n", "public enum Mode : Sendable\n  case fast\n\npublic enum Scale : Sendable\n"),
      changed(
        "  func read() async throws -> Reading\n",
        "  func read() async throws -> Reading\n  associatedtype Unit = Double\n"),
    ]
    for new in additive {
      let found = verdicts(Self.contract, new)
      #expect(found.allSatisfy { $0.hasPrefix("additive: ") }, "\(found)")
    }
    #expect(
      verdicts(Self.contract, additive[4]) == [
        "additive: changed in struct Reading: public func converted(to scale: Scale) -> Reading → public func converted(to other: Scale) -> Reading (only the names of parameters inside the body changed)"
      ])
  }

  @Test func aConformanceThatLosesItsConditionsIsNoBreak() {
    let conditional = """
      public struct Box<T> : Sendable
        extension Box : Equatable where T : Equatable
        public var value: T

      """
    let plain = conditional.replacingOccurrences(of: "  extension Box : Equatable where T : Equatable\n", with: "")
      .replacingOccurrences(of: "Box<T> : Sendable", with: "Box<T> : Equatable, Sendable")
    #expect(
      verdicts(conditional, plain) == [
        "additive: changed: public struct Box<T> : Sendable → public struct Box<T> : Equatable, Sendable (now conforms to Equatable)",
        "additive: removed from struct Box: extension Box : Equatable where T : Equatable (now without conditions: Box conforms to Equatable)",
      ])
    #expect(
      verdicts(
        conditional, conditional.replacingOccurrences(of: "  extension Box : Equatable where T : Equatable\n", with: "")
      )
        == ["breaking: removed from struct Box: extension Box : Equatable where T : Equatable"])
  }

  @Test func removingADeprecatedDeclarationStillBreaks() {
    let deprecated = changed("  public func converted", "  @available(*, deprecated) public func converted")
    let removed = deprecated.replacingOccurrences(
      of: "  @available(*, deprecated) public func converted(to scale: Scale) -> Reading\n", with: "")
    #expect(
      verdicts(deprecated, removed) == [
        "breaking: removed from struct Reading: @available(*, deprecated) public func converted(to scale: Scale) -> Reading"
      ])
  }

  // MARK: - The command, end to end on a fixture package

  @Test func removingADeclarationOfAnInterfaceFailsTheCheckNamingImportersAndOwners() throws {
    let package = try TemporaryPackage(copying: fixturePath("Contracted"))
    let clean = CapturedConsole()
    #expect(
      APICommand(console: clean.console).run(["check", "--package-path", package.path]) == ExitCode.success,
      "\(clean.standardOutput)\(clean.standardError)")
    #expect(clean.standardOutput.hasSuffix("api: 2 library modules: every API file matches the build\n"))

    let source = package.root.appendingPathComponent("Shared/UnitsInterface/Readings.swift")
    let text = try String(contentsOf: source, encoding: .utf8)
    try Data(
      text.replacingOccurrences(
        of:
          "  /// The reading on another scale.\n  public func converted(to scale: Scale) -> Reading { Reading(value: value, scale: scale) }\n",
        with: ""
      )
      .replacingOccurrences(
        of: "  case celsius, kelvin\n",
        with: "  case celsius, kelvin\n  /// Millikelvin.\n  public static let milli = 1000\n"
      ).utf8
    ).write(to: source)
    let broken = CapturedConsole()
    #expect(
      APICommand(console: broken.console).run(["check", "UnitsInterface", "--package-path", package.path])
        == ExitCode.violations)
    #expect(
      broken.standardOutput == """
        api: UnitsInterface: 2 differences from Shared/UnitsInterface/UnitsInterface.api (1 breaking)
          breaking: removed from struct Reading: public func converted(to scale: Scale) -> Reading
          additive: added to enum Scale: public static let milli: Int
          breaking for the modules that import UnitsInterface: Dial, Panel
          needs approval from @fixture/dials (owners of Dial), @fixture/panels (owners of Panel)
          accept after review: Scripts/api dump UnitsInterface
        api: 1 of 2 library modules: 1 differs from its API file (1 with breaking changes)

        """)

    let dumped = CapturedConsole()
    #expect(
      APICommand(console: dumped.console).run(["dump", "UnitsInterface", "--no-build", "--package-path", package.path])
        == ExitCode.success)
    #expect(dumped.standardOutput.contains("api: wrote Shared/UnitsInterface/UnitsInterface.api"))
    #expect(
      APICommand(console: CapturedConsole().console).run(["check", "--no-build", "--package-path", package.path])
        == ExitCode.success)
  }

  @Test func badUsageSaysWhyOnOneLine() {
    for arguments in [
      ["lint"], ["check", "NoSuchModule", "--package-path", fixturePath("Contracted")], ["dump", "--affected"],
      ["check", "--base", "main"], ["check", "--bogus"],
    ] {
      let captured = CapturedConsole()
      #expect(APICommand(console: captured.console).run(arguments) == ExitCode.usage, "\(arguments)")
      #expect(captured.standardError.split(separator: "\n").count == 1 && captured.standardError.hasPrefix("api: "))
    }
  }

  // MARK: - affected: a changed API file on a pull request

  @Test func affectedNamesTheOwnersWhoseModulesImportAContractThatBreaks() throws {
    let package = try TemporaryPackage(copying: fixturePath("Contracted"))
    for arguments in [["init", "-q", "-b", "main"], ["add", "-A"], ["commit", "-q", "-m", "start"]] {
      let output = try ProcessRunner.run(
        "git", arguments: ["-C", package.path, "-c", "user.name=t", "-c", "user.email=t@t"] + arguments)
      try #require(output.status == 0, "\(output.standardError)")
    }
    let file = package.root.appendingPathComponent("Shared/UnitsInterface/UnitsInterface.api")
    let recorded = try String(contentsOf: file, encoding: .utf8)
    func affected(_ text: String) throws -> (output: String, json: [String: Any]) {
      try Data(text.utf8).write(to: file)
      let captured = CapturedConsole()
      #expect(AffectedCommand(console: captured.console).run(["main", "--package-path", package.path]) == 0)
      let json = CapturedConsole()
      #expect(AffectedCommand(console: json.console).run(["main", "--json", "--package-path", package.path]) == 0)
      let object = try #require(
        try JSONSerialization.jsonObject(with: Data(json.standardOutput.utf8)) as? [String: Any])
      return (captured.standardOutput, object)
    }

    let removed = try affected(
      recorded.replacingOccurrences(of: "  public func converted(to scale: Scale) -> Reading\n", with: ""))
    #expect(
      removed.output.contains(
        """
          API contracts:    API of UnitsInterface changed (breaking): needs approval from @fixture/dials (owners of Dial), @fixture/panels (owners of Panel)
                              breaking: removed from struct Reading: public func converted(to scale: Scale) -> Reading

        """), "\(removed.output)")
    let changes = try #require(removed.json["apiChanges"] as? [[String: Any]])
    #expect(changes.count == 1)
    #expect(changes.first?["module"] as? String == "UnitsInterface")
    #expect(changes.first?["breaking"] as? Bool == true)
    #expect(changes.first?["importers"] as? [String] == ["Dial", "Panel"])

    let added = try affected(
      recorded.replacingOccurrences(of: "  case kelvin\n", with: "  case kelvin\n  public static let milli: Int\n"))
    #expect(
      added.output.contains("  API contracts:    API of UnitsInterface changed (additive): reviewed by its owners\n"),
      "\(added.output)")
    #expect((added.json["apiChanges"] as? [[String: Any]])?.first?["breaking"] as? Bool == false)

    let untouched = try affected(recorded)
    #expect(!untouched.output.contains("API contracts"))
    #expect((untouched.json["apiChanges"] as? [[String: Any]])?.isEmpty == true)
  }

}
