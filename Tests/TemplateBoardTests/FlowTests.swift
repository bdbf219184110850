import FoundationEssentials
import Localization
import Testing
import UIComponents

@testable import TemplateBoard

/// The TemplateBoard screen as a script and a person see it: text, JSON, Russian, the interactive menu.
@MainActor
@Suite("TemplateBoard flow")
struct TemplateBoardFlowTests {
  /// The `template-board --json` document as a script reads it.
  private struct SummaryJSON: Decodable, Equatable {
    let domain: String
    let status: String
    let commands: [String]
  }

  @Test func theTextShowsTheDomainsStatusAndCommands() async throws {
    let harness = TemplateBoardHarness(.once(json: false))
    try await harness.open(["template-board"])
    #expect(harness.output.lines == ["Template Board", "  Status:    ready", "  Commands:  template-board"])
    #expect(harness.errorOutput.text.isEmpty)
  }

  @Test func theJSONIsTheSameSummaryAsOneDocument() async throws {
    let harness = TemplateBoardHarness(.once(json: true))
    try await harness.open(["template-board"])
    let document = try JSONDecoder().decode(SummaryJSON.self, from: Data(harness.output.text.utf8))
    #expect(document == SummaryJSON(domain: "TemplateBoard", status: "ready", commands: ["template-board"]))
  }

  @Test func russianReadersSeeRussianWordsAndTheSameJSON() async throws {
    let russian = Translator(language: .russian)
    let text = TemplateBoardHarness(.once(json: false), translator: russian)
    try await text.open(["template-board"])
    #expect(text.output.lines == ["Template Board", "  Состояние:  готов", "  Команды:    template-board"])
    let english = TemplateBoardHarness(.once(json: true))
    let json = TemplateBoardHarness(.once(json: true), translator: russian)
    try await english.open(["template-board"])
    try await json.open(["template-board"])
    #expect(json.output.text == english.output.text)
  }

  @Test func theScreenRefreshesThenGoesBack() async {
    let harness = TemplateBoardHarness(.interactive, input: ["r", "b"])
    await harness.coordinator.start()
    #expect(harness.output.lines.filter { $0 == "  Status:    ready" }.count == 2)
    #expect(harness.output.lines.contains("  1) Refresh  [r]"))
    #expect(harness.output.lines.contains("  2) Back     [b]"))
    #expect(harness.input.unreadCount == 0)
  }

  @Test func theEndOfInputLeavesTheScreen() async throws {
    let harness = TemplateBoardHarness(.interactive)
    try await harness.open(["template-board"])
    #expect(harness.output.lines.filter { $0 == "  Status:    ready" }.count == 1)
  }
}
