import Testing

@testable import Localization

@Suite struct InertTextTests {
  @Test func controlCharactersAreWrittenAsEscapes() {
    #expect(InertText("\u{1B}[A").text == "\\e[A")
    #expect(InertText("a\tb\r\nc").text == "a\\tb\\r\\nc")
    #expect(InertText("\u{7}\u{0}\u{7F}\u{9B}").text == "\\u{7}\\u{0}\\u{7F}\\u{9B}")
    #expect(InertText("left\u{202E}right").text == "left\\u{202E}right", "a bidi override cannot reorder the line")
    #expect(InertText("a\u{2028}b\u{200B}c").text == "a\\u{2028}b\\u{200B}c")
  }

  @Test func printableTextStaysAsItIs() {
    #expect(InertText("Вода, 2 л · 22 °C").text == "Вода, 2 л · 22 °C")
    #expect(InertText("👩‍🚀 \\e").text == "👩‍🚀 \\e", "emoji joiners and backslashes stay")
    #expect(InertText("\u{FFFD}").text == "\u{FFFD}", "a byte that was no UTF-8 reads as the replacement character")
  }

  @Test func aLongTextIsCutWithAnEllipsis() {
    let long = String(repeating: "x", count: 100)
    let shown = InertText(long).text
    #expect(shown.count == InertText.defaultLimit)
    #expect(shown == String(repeating: "x", count: InertText.defaultLimit - 1) + "…")
    #expect(InertText(String(repeating: "y", count: 40)).text == String(repeating: "y", count: 40), "40 fit")
    #expect(InertText("abcdef", limit: 4).text == "abc…")
    #expect(InertText(long, limit: nil).text == long)
    #expect(InertText("\u{1B}\u{1B}\u{1B}", limit: 2).text == "\\e…", "the cut counts characters typed, not escapes")
  }

  @Test func aWholeMessageMayKeepItsLinesAndTabs() {
    #expect(InertText("one\n\ttwo\u{1B}", limit: nil, keepingLayout: true).text == "one\n\ttwo\\e")
  }

  @Test func itFillsAPlaceholderAsItIsShown() {
    let table = StringTable(module: "Example", texts: [.english: ["no": "\"{answer}\" is not a choice"]])
    let line = LocalizedText("no", in: table, arguments: ["answer": InertText("\u{1B}x").localizedText])
    #expect(line.description == "\"\\ex\" is not a choice")
  }
}
