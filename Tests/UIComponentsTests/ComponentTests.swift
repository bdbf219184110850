import Foundation
import Testing

@testable import UIComponents

@Suite struct TableTests {
  @Test func rendersPlainWithNumbersRightAligned() {
    let table = Table(headers: ["Item", "Quantity", "Unit"], rows: [["Water", "12", "l"], ["Oxygen", "3.5", "kg"]])
    #expect(
      table.render(.plain) == """
        Item    Quantity  Unit
        ------  --------  ----
        Water         12  l
        Oxygen       3.5  kg
        """)
  }

  @Test func explicitAlignmentsWin() {
    let table = Table(headers: ["N", "Name"], rows: [["1", "a"], ["10", "bbb"]], alignments: [.left, .right])
    #expect(
      table.render(.plain) == """
        N   Name
        --  ----
        1      a
        10   bbb
        """)
  }

  @Test func columnWidthsIgnoreEscapeSequences() {
    let styled = Table(
      headers: ["Metric", "Status"],
      rows: [[Theme.ansi.apply(.ok, to: "Pressure"), Theme.ansi.apply(.critical, to: "critical")], ["O2", "ok"]])
    let plain = Table(headers: ["Metric", "Status"], rows: [["Pressure", "critical"], ["O2", "ok"]])
    #expect(TextWidth.strippingEscapes(styled.render(.ansi)) == plain.render(.plain))
    #expect(
      plain.render(.plain) == """
        Metric    Status
        --------  --------
        Pressure  critical
        O2        ok
        """)
  }

  @Test func shortRowsAndMixedColumnsRenderLeftAligned() {
    let table = Table(headers: ["A", "B"], rows: [["x"], ["12", "y"]])
    #expect(
      table.render(.plain) == """
        A   B
        --  -
        x
        12  y
        """)
  }

  @Test func numericDetection() {
    #expect(Table.isNumericColumn(["12", "-3.5", "72 %", "1,200", ""]))
    #expect(!Table.isNumericColumn(["12", "water"]))
    #expect(!Table.isNumericColumn(["", ""]))
  }

  @Test func emptyTableRendersNothing() {
    #expect(Table(headers: [], rows: []).render(.plain) == "")
  }
}

@Suite struct KeyValuePanelTests {
  @Test func alignsKeys() {
    let panel = KeyValuePanel(
      title: "Suit", rows: [.init("Pressure", "30.1 kPa"), .init("O2", "98 %", style: .warning)])
    #expect(
      panel.render(.plain) == """
        Suit
          Pressure:  30.1 kPa
          O2:        98 %
        """)
  }

  @Test func rowStyleOverridesValueStyle() {
    let panel = KeyValuePanel(title: "", rows: [.init("CO2", "9", style: .critical), .init("T", "21")])
    let lines = panel.render(.ansi).split(separator: "\n").map(String.init)
    #expect(lines.count == 2)
    #expect(lines[0].hasSuffix(Theme.ansi.apply(.critical, to: "9")))
    #expect(lines[1].hasSuffix(Theme.ansi.apply(.value, to: "21")))
    #expect(TextWidth.strippingEscapes(panel.render(.ansi)) == "  CO2:  9\n  T:    21")
  }
}

@Suite struct GaugeTests {
  @Test func rendersBarValueAndUnit() {
    let gauge = Gauge(label: "Battery", value: 72, range: 0...100, unit: "%", width: 10)
    #expect(gauge.render(.plain) == "Battery  [#######---]  72 %")
  }

  @Test func clampsTheBarButShowsTheValue() {
    #expect(Gauge(label: "P", value: 140, range: 0...100, unit: "kPa", width: 4).render(.plain) == "P  [####]  140 kPa")
    #expect(Gauge(label: "P", value: -5, range: 0...100, unit: "", width: 4).render(.plain) == "P  [----]  -5")
    #expect(Gauge(label: "P", value: .nan, range: 0...1, unit: "", width: 4).fraction == 0)
    #expect(Gauge(label: "P", value: 3, range: 3...3, unit: "", width: 4).fraction == 1)
    #expect(Gauge(label: "P", value: 2, range: 3...3, unit: "", width: 4).fraction == 0)
  }

  @Test func formatsDecimalsAndPadsLabels() {
    let gauge = Gauge(label: "O2", value: 30.126, range: 0...60, unit: "kPa", width: 4, labelWidth: 5)
    #expect(gauge.render(.plain) == "O2     [##--]  30.13 kPa")
    #expect(Gauge.format(0.5) == "0.5")
    #expect(Gauge.format(-2) == "-2")
  }

  @Test func ansiBarHasTheSameVisibleText() {
    let gauge = Gauge(label: "Battery", value: 25, range: 0...100, unit: "%", style: .warning, width: 8)
    #expect(TextWidth.strippingEscapes(gauge.render(.ansi)) == gauge.render(.plain))
  }
}

@Suite struct JSONOutputTests {
  struct Sample: Encodable {
    let name: String
    let url: String
    let at: Date
    let count: Int
  }

  @Test func prettySortedISODatesUnescapedSlashes() throws {
    let sample = Sample(
      name: "Suit", url: "http://houston/v1", at: Date(timeIntervalSince1970: 1_795_323_600), count: 3)
    #expect(
      try JSONOutput.render(sample) == """
        {
          "at" : "2026-11-22T05:00:00Z",
          "count" : 3,
          "name" : "Suit",
          "url" : "http://houston/v1"
        }
        """)
  }

  @Test func rendersArrays() throws {
    #expect(try JSONOutput.render([1, 2]) == "[\n  1,\n  2\n]")
  }
}
