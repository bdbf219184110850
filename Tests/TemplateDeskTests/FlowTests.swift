import FoundationEssentials
import Localization
import Testing
import UIComponents

@testable import TemplateDesk

/// The Template Desk screen on the service's fake, as a script and a person see it: what the client
/// answers as text and as JSON, in Russian, and on the interactive screen.
@MainActor
@Suite("TemplateDesk flow")
struct TemplateDeskFlowTests {
  @Test func theTextShowsEveryFieldOfWhatTheClientAnswers() async throws {
    let harness = TemplateDeskHarness(.once(json: false))
    try await harness.open(["template-desk"])
    let fields = try TemplateDeskField.fields(of: try await harness.client.status())
    #expect(harness.output.lines.first == "Template Desk")
    #expect(harness.output.lines.count == fields.count + 1)
    for field in fields {
      let label = "  \(field.label ?? "Value"):"
      #expect(harness.output.lines.contains { $0.hasPrefix(label) && $0.hasSuffix(field.value) }, "\(label)")
    }
    #expect(harness.errorOutput.text.isEmpty)
  }

  @Test func theJSONIsTheClientsAnswerAsOneDocument() async throws {
    let harness = TemplateDeskHarness(.once(json: true))
    try await harness.open(["template-desk"])
    let answer = try await harness.client.status()
    let expected = try JSONOutput.render(
      TemplateDeskSummary(domain: "TemplateDesk", reading: answer, fields: []))
    #expect(harness.output.text == expected + "\n")
    #expect(harness.output.text.contains(#""domain" : "TemplateDesk""#))
  }

  @Test func russianReadersSeeRussianWordsAndTheSameJSON() async throws {
    let russian = Translator(language: .russian)
    let interactive = TemplateDeskHarness(.interactive, input: ["b"], translator: russian)
    await interactive.coordinator.start()
    #expect(interactive.output.lines.contains("  1) Обновить  [r]"))
    let english = TemplateDeskHarness(.once(json: true))
    let json = TemplateDeskHarness(.once(json: true), translator: russian)
    try await english.open(["template-desk"])
    try await json.open(["template-desk"])
    #expect(json.output.text == english.output.text)
  }

  @Test func theScreenReadsAgainOnRefreshThenGoesBack() async {
    let harness = TemplateDeskHarness(.interactive, input: ["r", "b"])
    await harness.coordinator.start()
    // The screen twice: each time the panel's title and the menu's.
    #expect(harness.output.lines.filter { $0 == "Template Desk" }.count == 4)
    #expect(harness.output.lines.contains("  1) Refresh  [r]"))
    #expect(harness.output.lines.contains("  2) Back     [b]"))
    #expect(harness.input.unreadCount == 0)
  }

  @Test func theEndOfInputLeavesTheScreen() async throws {
    let harness = TemplateDeskHarness(.interactive)
    try await harness.open(["template-desk"])
    #expect(harness.output.lines.filter { $0 == "Template Desk" }.count == 2)
  }
}
