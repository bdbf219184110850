import Testing

@testable import UIComponents

@Suite struct ThemeTests {
  struct DetectCase: Sendable, CustomTestStringConvertible {
    let isTTY: Bool
    let environment: [String: String]
    let noColor: Bool
    let expectColor: Bool
    var testDescription: String { "tty=\(isTTY) env=\(environment) noColor=\(noColor)" }
  }

  @Test(arguments: [
    DetectCase(isTTY: true, environment: ["TERM": "xterm"], noColor: false, expectColor: true),
    DetectCase(isTTY: true, environment: ["TERM": "xterm", "NO_COLOR": ""], noColor: false, expectColor: true),
    DetectCase(isTTY: true, environment: ["TERM": "xterm", "NO_COLOR": "1"], noColor: false, expectColor: false),
    DetectCase(isTTY: true, environment: ["TERM": "xterm", "NO_COLOR": "yes"], noColor: false, expectColor: false),
    DetectCase(isTTY: true, environment: ["TERM": "xterm"], noColor: true, expectColor: false),
    DetectCase(isTTY: false, environment: [:], noColor: false, expectColor: false),
    DetectCase(isTTY: false, environment: ["NO_COLOR": "1"], noColor: true, expectColor: false),
    DetectCase(isTTY: true, environment: ["TERM": "xterm-256color"], noColor: false, expectColor: true),
  ])
  func detect(_ example: DetectCase) {
    let theme = Theme.detect(isTTY: example.isTTY, environment: example.environment, noColor: example.noColor)
    #expect(theme.usesColor == example.expectColor)
    #expect(theme == (example.expectColor ? .ansi : .plain))
  }

  @Test func plainLeavesTextAlone() {
    for style in Theme.Style.allCases {
      #expect(Theme.plain.apply(style, to: "Oxygen") == "Oxygen")
    }
  }

  @Test func ansiWrapsTextInStyleAndReset() {
    #expect(Theme.ansi.apply(.critical, to: "LOW") == "\u{1B}[1;31mLOW\u{1B}[0m")
    #expect(Theme.ansi.apply(.ok, to: "") == "")
    for style in Theme.Style.allCases {
      let styled = Theme.ansi.apply(style, to: "x")
      #expect(styled.hasPrefix("\u{1B}["))
      #expect(TextWidth.strippingEscapes(styled) == "x")
    }
  }
}

@Suite struct TextWidthTests {
  @Test func escapesHaveNoWidth() {
    #expect(TextWidth.visibleWidth("\u{1B}[1;31mLOW\u{1B}[0m") == 3)
    #expect(TextWidth.visibleWidth("plain") == 5)
    #expect(TextWidth.visibleWidth("\u{1B}]0;title\u{07}ab") == 2)
    #expect(TextWidth.visibleWidth("°C ✓") == 4)
  }

  @Test func padsByVisibleWidth() {
    let styled = Theme.ansi.apply(.ok, to: "ok")
    #expect(TextWidth.pad(styled, to: 4) == styled + "  ")
    #expect(TextWidth.pad("7", to: 3, rightAligned: true) == "  7")
    #expect(TextWidth.pad("toolong", to: 3) == "toolong")
  }
}

@Suite struct DumbTerminalTests {
  @Test func aDumbOrUnknownTerminalGetsNoColour() {
    #expect(Theme.detect(isTTY: true, environment: ["TERM": "dumb"], noColor: false) == .plain)
    #expect(Theme.detect(isTTY: true, environment: [:], noColor: false) == .plain)
    #expect(Theme.detect(isTTY: true, environment: ["TERM": "xterm-256color"], noColor: false) == .ansi)
  }
}
