import Foundation
import Testing

@testable import LayerLintCore

@Suite struct ConfigurationTests {
  @Test func missingKeysKeepTheStandardValues() throws {
    let configuration = try LayeringConfiguration.parse(Data(#"{"testSupportModules": ["Kit"]}"#.utf8))
    #expect(configuration.layers == LayeringConfiguration.standard.layers)
    #expect(configuration.testSupportModules == ["Kit"])
    #expect(configuration.isEnabled(.sideways))
  }

  @Test func layersAsObjectsAndRulesSwitchedOff() throws {
    let json = #"{"layers": [{"name": "Top", "folder": "Sources/Top"}, "Bottom"], "rules": {"missing-owner": false}}"#
    let configuration = try LayeringConfiguration.parse(Data(json.utf8))
    #expect(configuration.layers.map(\.folder) == ["Sources/Top", "Bottom"])
    #expect(configuration.executableLayer == "Top")
    #expect(!configuration.isEnabled(.missingOwner))
    #expect(configuration.rank(ofLayer: "Top") == 1)
  }

  @Test func noLayersLeavesOnlyTheLayerFreeRules() throws {
    let configuration = try LayeringConfiguration.parse(Data(#"{"layers": []}"#.utf8))
    #expect(configuration.isEnabled(.undeclaredImport) && configuration.isEnabled(.cycle))
    #expect(!configuration.isEnabled(.layerDirection) && !configuration.isEnabled(.missingOwner))
  }

  @Test(arguments: [
    #"not json"#, #"{"layerz": []}"#, #"{"rules": {"no-such-rule": false}}"#, #"{"rules": {"cycle": "yes"}}"#,
    #"{"layers": "App"}"#, #"{"executableLayer": "Moon"}"#, #"{"layers": ["A", "A"]}"#,
  ])
  func invalidConfigurationsAreRejectedInOneLine(json: String) {
    #expect(throws: ConfigurationError.self) { try LayeringConfiguration.parse(Data(json.utf8)) }
  }

  @Test func baselineNeedsAReasonAndAKnownRule() {
    let noReason = #"[{"rule": "sideways", "source": "A", "target": "B"}]"#
    let blank = #"[{"rule": "sideways", "source": "A", "reason": "  "}]"#
    let unknown = #"[{"rule": "nope", "source": "A", "reason": "r"}]"#
    for json in [noReason, blank, unknown, "{}", "[1]"] {
      #expect(throws: ConfigurationError.self) { try Baseline.parse(Data(json.utf8), displayPath: "b.json") }
    }
  }

  @Test func baselineToleratesMatchesAndReportsStaleEntries() throws {
    let json = """
      [
        {"rule": "sideways", "source": "A", "target": "B", "reason": "split planned"},
        {"rule": "undeclared-import", "source": "A", "target": "A/File.swift", "reason": "migration"},
        {"rule": "cycle", "source": "Gone", "reason": "fixed long ago"}
      ]
      """
    let baseline = try Baseline.parse(Data(json.utf8), displayPath: "baseline.json")
    let sideways = Violation(
      rule: .sideways, file: "Package.swift", line: 3, source: "A", sourceLayer: "Core", target: "B",
      targetLayer: "Core", problem: "p", fix: "f")
    let undeclared = Violation(
      rule: .undeclaredImport, file: "A/File.swift", line: 2, source: "A", sourceLayer: "Core", target: "C",
      targetLayer: "Shared", problem: "p", fix: "f")
    let other = Violation(
      rule: .missingOwner, file: "CODEOWNERS", line: 1, source: "A", sourceLayer: "Core", problem: "p", fix: "f")
    let (remaining, tolerated) = baseline.apply(to: [sideways, undeclared, other])
    #expect(tolerated == 2)
    #expect(remaining.map(\.rule) == [.missingOwner, .staleBaseline])
    #expect(remaining.last?.file == "baseline.json" && remaining.last?.line == 4)
  }
}
