import Testing

@testable import TemplateDesk

/// How any answer becomes the screen's rows: fields in key order, list items numbered, a single
/// value on one row, nested values as compact JSON.
@Suite("TemplateDesk fields")
struct TemplateDeskFieldTests {
  private struct Answer: Encodable {
    let name: String
    let count: Int
    let ratio: Double
    let ready: Bool
    let note: String?
    let tags: [String]
  }

  @Test func anObjectIsOneRowPerFieldInKeyOrder() throws {
    let answer = Answer(name: "Zarya", count: 3, ratio: 0.5, ready: true, note: nil, tags: ["a/b", "c"])
    #expect(
      try TemplateDeskField.fields(of: answer) == [
        TemplateDeskField(label: "count", value: "3"), TemplateDeskField(label: "name", value: "Zarya"),
        TemplateDeskField(label: "ratio", value: "0.5"), TemplateDeskField(label: "ready", value: "true"),
        TemplateDeskField(label: "tags", value: #"["a/b","c"]"#),
      ])
  }

  @Test func aListIsOneRowPerItemAndASingleValueOneRow() throws {
    #expect(
      try TemplateDeskField.fields(of: ["water", "food"]) == [
        TemplateDeskField(label: "1", value: "water"), TemplateDeskField(label: "2", value: "food"),
      ])
    #expect(try TemplateDeskField.fields(of: 42) == [TemplateDeskField(label: nil, value: "42")])
    #expect(try TemplateDeskField.fields(of: [[String: Int]]()) == [])
  }
}
