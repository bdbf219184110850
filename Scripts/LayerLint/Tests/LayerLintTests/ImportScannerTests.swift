import Testing

@testable import LayerLintSwiftReader

/// The lexer on its own: no files, no `describe`.
@Suite struct ImportScannerTests {
  private func modules(_ source: String) -> [String] { ImportScanner.imports(in: source).map(\.module) }

  @Test func plainImportsWithLineNumbers() {
    let found = ImportScanner.imports(in: "import Foundation\n\nimport Logging\n")
    #expect(found == [ImportDeclaration(module: "Foundation", line: 1), ImportDeclaration(module: "Logging", line: 3)])
  }

  @Test func attributesAndAccessLevels() {
    let source = """
      @testable import A
      @_exported import B
      @preconcurrency import C
      @_implementationOnly import D
      public import E
      internal import F
      package import G
      @_spi(Internal) @testable import H
      @testable
      import I
      private import J
      fileprivate import K
      """
    #expect(modules(source) == ["A", "B", "C", "D", "E", "F", "G", "H", "I", "J", "K"])
  }

  @Test func importKindsAndSubmodules() {
    let source = """
      import struct A.Thing
      import class B.Thing
      import enum C.Thing
      import protocol D.Thing
      import func E.run
      import var F.value
      import let G.constant
      import typealias H.Alias
      import CSQLite.Something
      import Foundation.NSString.Nested
      """
    #expect(modules(source) == ["A", "B", "C", "D", "E", "F", "G", "H", "CSQLite", "Foundation"])
  }

  @Test func commentsAreSkipped() {
    let source = """
      // import LineComment
      /* import Block */
      /* outer /* import Nested */ import StillInside */
      /** doc: import Doc */
      import Real // import Trailing
      """
    #expect(ImportScanner.imports(in: source) == [ImportDeclaration(module: "Real", line: 5)])
  }

  @Test func stringsAreSkipped() {
    let lines: [String] = [
      ###"let a = "import InString""###,
      ###"let b = """"###,
      ###"  import InMultiline"###,
      ###"  "quoted" and \"escaped\" and \""" still inside"###,
      ###"  """"###,
      ###"let c = #"import InRaw "with quotes" "#"###,
      ###"let d = ##""""###,
      ###"  import InRawMultiline"###,
      ###"  """# still inside"###,
      ###"  """##"###,
      ###"let e = "interpolated \("import InInterpolation" + "x") done""###,
      ###"let f = #"raw \#("nested \("deep")") import InRawInterpolation"#"###,
      ###"import Real"###,
    ]
    #expect(ImportScanner.imports(in: lines.joined(separator: "\n")) == [ImportDeclaration(module: "Real", line: 13)])
  }

  @Test func lineNumbersCountLinesInsideCommentsAndStrings() {
    let source = "/*\n\n*/\nlet s = \"\"\"\n\n\"\"\"\nimport Late\n"
    #expect(ImportScanner.imports(in: source) == [ImportDeclaration(module: "Late", line: 7)])
  }

  @Test func conditionalImportsAreFoundAndMarked() {
    let source = """
      #if canImport(Glibc)
        import Glibc
      #elseif os(macOS)
        import Darwin
      #else
        import Foundation
      #endif
      import Always
      """
    #expect(
      ImportScanner.imports(in: source) == [
        ImportDeclaration(module: "Glibc", line: 2, branches: [ConditionalBranch(condition: "canImport(Glibc)")]),
        ImportDeclaration(
          module: "Darwin", line: 4,
          branches: [ConditionalBranch(earlier: ["canImport(Glibc)"], condition: "os(macOS)")]),
        ImportDeclaration(
          module: "Foundation", line: 6,
          branches: [ConditionalBranch(earlier: ["canImport(Glibc)", "os(macOS)"], condition: nil)]),
        ImportDeclaration(module: "Always", line: 8),
      ])
  }

  @Test func importAnywhereInTheFileAndAfterSemicolons() {
    let source = "struct S {}\nfunc f() {}\nimport A; import B\n"
    #expect(modules(source) == ["A", "B"])
  }

  @Test func importAsAnIdentifierIsNotAnImport() {
    let source = """
      func load(import value: Int) {}
      load(
        import: 1)
      let x = thing.import
      let `import` = 1
      let y = [import]
      """
    #expect(modules(source).isEmpty)
  }

  @Test func shebangAndBacktickedModules() {
    #expect(modules("#!/usr/bin/env swift\nimport `Weird`\n") == ["Weird"])
  }

  @Test func unterminatedConstructsDoNotCrash() {
    #expect(modules("let s = \"open\nimport Next\n/* never closed import X") == ["Next"])
  }
}
