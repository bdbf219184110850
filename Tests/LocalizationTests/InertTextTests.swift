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
    #expect(InertText("\u{1B}\u{1B}\u{1B}", limit: 5).text == "\\e\\e…", "the cut counts what is shown, escapes too")
    #expect(InertText("\u{1B}\u{1B}\u{1B}", limit: 4).text == "\\e…", "never inside an escape")
  }

  @Test func theBoundsHoldAfterEscapingInCharactersAndBytes() {
    // C1 controls escape to 7 characters each: 240 of them were 1,680 bytes when the cut came first.
    let controls = String(repeating: "\u{85}", count: 240)
    let shown = InertText(controls, limit: InertText.longLimit).text
    #expect(shown.count <= InertText.longLimit && shown.utf8.count <= 2 * InertText.longLimit + 1)
    #expect(shown.hasPrefix("\\u{85}\\u{85}") && shown.hasSuffix("}…"))
    // One character a reader sees, 3,001 scalars: cut by its bytes, whole or not at all.
    let heavy = "x" + String(repeating: "\u{301}", count: 3_000)
    #expect(InertText(heavy).text == "…")
    #expect(InertText("ok " + heavy).text == "ok …")
    // A name in Cyrillic fits as one in Latin letters does.
    let name = String(repeating: "Ж", count: 40)
    #expect(InertText(name).text == name)
    #expect(InertText(name + "Ж").text == String(repeating: "Ж", count: 39) + "…")
    // CJK takes three bytes a character: 26 of them and the ellipsis are the most 81 bytes hold.
    let cjk = InertText(String(repeating: "宇", count: 40)).text
    #expect(cjk == String(repeating: "宇", count: 26) + "…" && cjk.utf8.count <= 81)
    #expect(InertText("a\r\nb", limit: 10, keepingLayout: true).text == "a\\r\nb", "CR LF is one character")
  }

  @Test func aLineForAPersonIsOneInertLineBoundedWhateverItHolds() {
    #expect(InertText.line("no suit at /tmp/a\nb: connect").text == "no suit at /tmp/a\\nb: connect")
    #expect(InertText.line("tab\there \u{1B}[31mred").text == "tab\\there \\e[31mred")
    let long = InertText.line("error: " + String(repeating: "a", count: 5_000)).text
    #expect(long.utf8.count == InertText.hardLineBytes && long.hasSuffix("…") && long.hasPrefix("error: aaa"))
    let escapes = InertText.line(String(repeating: "\u{1B}", count: 1_000)).text
    #expect(escapes.utf8.count <= InertText.hardLineBytes && !escapes.contains("\u{1B}"))
    #expect(InertText.line("short").text == "short")
  }

  @Test func aLineCutsWhatItEchoesNeverItsSentence() {
    let table = StringTable(
      module: "Example",
      texts: [.english: ["too-long": "the socket path {path} is {length} bytes; use one of at most 107 bytes"]])
    let path = "/" + String(repeating: "a", count: 5_000)
    let line = LocalizedText(
      "too-long", in: table, arguments: ["path": path.localizedText, "length": "5001".localizedText])
    let shown = line.resolvedLine(by: .english)
    #expect(shown.utf8.count <= InertText.lineBytes, "\(shown.utf8.count) bytes")
    #expect(shown.hasPrefix("the socket path /aaa") && shown.hasSuffix("… is 5001 bytes; use one of at most 107 bytes"))
    // A short line is left whole; the same value outside a line is not cut.
    let short = LocalizedText(
      "too-long", in: table, arguments: ["path": "/tmp/s".localizedText, "length": "6".localizedText])
    #expect(short.resolvedLine(by: .english) == "the socket path /tmp/s is 6 bytes; use one of at most 107 bytes")
    #expect(line.resolved(by: .english).contains(path))
    // A value the sentence owns (`verbatim`) is never cut; when the line cannot fit, echoes keep 160 bytes.
    let words = LocalizedText(
      "too-long", in: table,
      arguments: [
        "path": path.localizedText, "length": .verbatim(String(repeating: "w", count: 400)),
      ]
    ).resolvedLine(by: .english)
    #expect(
      words.contains(String(repeating: "w", count: 400))
        && words.contains("/" + String(repeating: "a", count: 156) + "…"))
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
