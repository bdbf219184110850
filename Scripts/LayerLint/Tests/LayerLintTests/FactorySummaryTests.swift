import Foundation
import Testing

@testable import LayerLintWorkspaceTools

/// The factory's closing summary: the files it touched and the lines it wrote, counted as a line
/// diff counts them.
@Suite struct FactorySummaryTests {
  private func lines(_ text: String) -> [Substring] { ChangeSummary.lines(of: text) }

  @Test func anInsertedLineIsOneAddedAndNoneRemoved() {
    let before = lines("a\nb\nc\n")
    let after = lines("a\nb\nnew\nc\n")
    #expect(ChangeSummary.commonLineCount(before, after) == 3)
  }

  @Test func aChangedLineIsOneAddedAndOneRemoved() {
    let before = lines("import A\nlet x = [1, 2]\nend\n")
    let after = lines("import A\nlet x = [1, 2, 3]\nend\n")
    #expect(ChangeSummary.commonLineCount(before, after) == 2)
  }

  @Test func movedAndScatteredLinesKeepTheLongestCommonRun() {
    let before = lines("a\nb\nc\nd\ne\n")
    let after = lines("x\nb\nd\ny\ne\nz\n")
    #expect(ChangeSummary.commonLineCount(before, after) == 3)
    #expect(ChangeSummary.commonLineCount([], after) == 0)
    #expect(lines("").isEmpty)
    #expect(lines("one\ntwo").count == 2)
  }

  @Test func theSummaryCountsNewFilesAndEditsFromTheDisk() throws {
    let package = try TemporaryPackage(files: [
      "Domain/Galley/Galley.swift": "struct Galley {}\n// two\n",
      "Package.swift": "let a = 1\nlet b = 3\n",
    ])
    let plan = ModulePlan(
      root: URL(fileURLWithPath: package.path), modules: ["Galley"],
      newFiles: [(path: "Domain/Galley/Galley.swift", contents: "")],
      editedFiles: [.init(path: "Package.swift", contents: "", original: "let a = 1\nlet b = 2\n")], report: [])
    let summary = ChangeSummary(plan: plan)
    #expect(summary.newFiles == [.init(path: "Domain/Galley/Galley.swift", lines: 2)])
    #expect(summary.editedFiles == [.init(path: "Package.swift", added: 1, removed: 1)])
    #expect(summary.linesWritten == 3)
    #expect(
      summary.lines == [
        "touched 2 files, 3 lines written by the factory, 0 by hand: 1 new (2 lines), 1 edited (+1 -1)",
        "  new    Domain/Galley/Galley.swift (2 lines)",
        "  edited Package.swift (+1 -1)",
      ])
  }
}
