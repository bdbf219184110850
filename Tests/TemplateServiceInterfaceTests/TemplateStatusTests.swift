import FoundationEssentials
import TemplateServiceInterface
import Testing

/// The status every implementation of `TemplateClient` reports and applies updates to.
@Suite("Template status")
struct TemplateStatusTests {
  @Test func anUpdateIsTheNextRevision() {
    let first = TemplateStatus.initial.updated(state: .degraded, note: "one antenna")
    #expect(first == TemplateStatus(state: .degraded, note: "one antenna", revision: 1))
    #expect(first.updated(state: .ready, note: "").revision == 2)
    #expect(TemplateStatus.initial == TemplateStatus(state: .ready, note: "", revision: 0))
  }

  @Test func theStatusIsStableJSON() throws {
    let status = TemplateStatus(state: .offline, note: "maintenance", revision: 3)
    let encoder = JSONEncoder()
    encoder.outputFormatting = .sortedKeys
    let json = String(decoding: try encoder.encode(status), as: UTF8.self)
    #expect(json == #"{"note":"maintenance","revision":3,"state":"offline"}"#)
    #expect(try JSONDecoder().decode(TemplateStatus.self, from: Data(json.utf8)) == status)
  }

  @Test func everyStateReadsBackFromItsName() {
    #expect(TemplateState.allCases.map(\.rawValue) == ["ready", "degraded", "offline"])
    for state in TemplateState.allCases { #expect(TemplateState(rawValue: state.rawValue) == state) }
  }
}
