import PartnerConfiguration
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

@Suite struct PartnerThemeTests {
  /// A partner's theme: blue titles everywhere, red ones on the dashboard.
  let styles = PartnerTheme(
    base: [.title: TextStyle(foreground: .named(.blue)), .ok: TextStyle(foreground: .rgb(red: 1, green: 2, blue: 3))],
    screens: [.dashboard: [.title: TextStyle(foreground: .named(.brightRed), background: .named(.default))]]
  ).sheet(schema: .framework)

  @Test func aThemeDrawsThePartnersStylesOnTheScreenItIsOn() {
    let theme = Theme(styles: styles)
    // The schema's title attributes (bold, underline) trickle down; the partner sets the colour.
    #expect(theme.apply(.title, to: "T") == "\u{1B}[1;4;34mT\u{1B}[0m")
    #expect(theme.screen(.dashboard).apply(.title, to: "T") == "\u{1B}[1;4;91;49mT\u{1B}[0m")
    #expect(theme.screen(.supplies).apply(.title, to: "T") == "\u{1B}[1;4;34mT\u{1B}[0m")
    #expect(theme.screen(.dashboard).apply(.ok, to: "ok") == "\u{1B}[38;2;1;2;3mok\u{1B}[0m")
    #expect(theme.screen(.dashboard).currentScreen == .dashboard)
  }

  @Test func everyColourAndAttributeHasItsCode() {
    #expect(TextStyle(foreground: .named(.black)).sgrParameters == "30")
    #expect(TextStyle(foreground: .named(.white), background: .named(.black)).sgrParameters == "37;40")
    #expect(TextStyle(foreground: .named(.brightBlack), background: .named(.brightWhite)).sgrParameters == "90;107")
    #expect(TextStyle(foreground: .named(.default), background: .named(.default)).sgrParameters == "39;49")
    #expect(TextStyle(background: .rgb(red: 0, green: 174, blue: 239)).sgrParameters == "48;2;0;174;239")
    #expect(TextStyle(attributes: [.reverse, .underline, .dim, .bold]).sgrParameters == "1;2;4;7")
    #expect(TextStyle().sgrParameters == "")
  }

  @Test func aStyleThatSetsNothingLeavesTheTextAlone() {
    let bare = PartnerTheme(base: [.value: TextStyle(attributes: [])]).sheet(schema: .framework)
    #expect(Theme(styles: bare).apply(.value, to: "21") == "21")
  }

  @Test func colourAlwaysAndNeverOverruleTheTerminal() {
    #expect(Theme.detect(isTTY: false, environment: [:], noColor: false, choice: .always) == .ansi)
    #expect(Theme.detect(isTTY: false, environment: ["NO_COLOR": "1"], noColor: false, choice: .always).usesColor)
    #expect(Theme.detect(isTTY: true, environment: ["TERM": "xterm"], noColor: false, choice: .never) == .plain)
    #expect(Theme.detect(isTTY: false, environment: [:], noColor: true, choice: .always) == .plain)
    let partner = Theme.detect(isTTY: false, environment: [:], noColor: false, choice: .always, styles: styles)
    #expect(partner == Theme(styles: styles))
    #expect(Theme.detect(isTTY: false, environment: [:], noColor: false, styles: styles) == .plain)
  }
}
