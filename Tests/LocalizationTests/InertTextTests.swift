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

@Suite struct InertColourTests {
  @Test func aScreenInColourKeepsOnlyItsColours() {
    let styled = "\u{1B}[1;36mTitle\u{1B}[0m Ann\u{1B}[2J\u{1B}]0;x\u{7}\u{1B}[31"
    #expect(
      InertText(styled, limit: nil, keepingLayout: true, keepingColours: true).text
        == "\u{1B}[1;36mTitle\u{1B}[0m Ann\\e[2J\\e]0;x\\u{7}\\e[31",
      "a colour sequence stays; a clear-screen, a title and an unfinished sequence do not")
    #expect(InertText(styled, limit: nil, keepingLayout: true).text.contains("\\e[1;36m"), "without colour none stays")
  }

  @Test func aWholeScreenWithNothingToEscapeIsLeftAsItIs() {
    let screen = "Supplies\n  Water\t12 L\n"
    #expect(InertText(screen, limit: nil, keepingLayout: true).text == screen)
  }
}

@Suite struct WrittenNumberTests {
  @Test(arguments: ["16", "016", "16.0", "16.", "1.6e1"])
  func sixteen(text: String) {
    if text.contains("e") {
      #expect(WrittenNumber.decimal(text) == nil, "no exponent")
    } else {
      #expect(WrittenNumber.decimal(text) == 16)
    }
  }

  @Test func aPromptMayTakeADecimalComma() {
    #expect(WrittenNumber.decimal("21,5", decimalComma: true) == 21.5)
    #expect(WrittenNumber.decimal("21,5") == nil)
    #expect(WrittenNumber.decimal("1,000,5", decimalComma: true) == nil)
    #expect(WrittenNumber.decimal("1,5.5", decimalComma: true) == nil)
  }

  @Test(arguments: [
    "0x10", "0X10", "0x1p4", "1e3", "+5", "+16", "nan", "inf", "-infinity", "1_000", "1,5", " 1", "1 ", "", "-", "+",
    ".", "--1",
    "1.2.3", "٣", "１", "½", "1\u{0}", "0b1",
  ])
  func notANumberAPersonWrites(text: String) {
    #expect(WrittenNumber.decimal(text) == nil, "\(text)")
    #expect(WrittenNumber.integer(text) == nil, "\(text)")
    #expect(WrittenNumber.unsigned(text) == nil, "\(text)")
  }

  @Test func wholeNumbersHaveNoPoint() {
    #expect(WrittenNumber.integer("-30") == -30)
    #expect(WrittenNumber.integer("30.0") == nil)
    #expect(WrittenNumber.integer("99999999999999999999") == nil, "too large for an Int")
    #expect(WrittenNumber.unsigned("-1") == nil)
    #expect(WrittenNumber.unsigned("18446744073709551615") == .max)
    #expect(WrittenNumber.decimal("-.5") == -0.5)
    #expect(WrittenNumber.decimal("1" + String(repeating: "0", count: 400)) == nil, "not finite")
  }
}
