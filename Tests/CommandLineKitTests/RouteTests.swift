import Testing

@testable import CommandLineKit

@Suite struct RouteTests {
  @Test(arguments: LabRoute.examples)
  func printingThenReadingGivesTheRouteBack(_ route: LabRoute) throws {
    #expect(try LabRoute(words: route.words) == route, "words: \(route.words)")
    #expect(try LabRoute(link: route.link) == route, "link: \(route.link)")
    #expect(try LabRoute(link: #require(DeepLink(string: route.link.description))) == route, "typed link")
  }

  @Test func everyCommandHasAnExample() {
    let covered = Set(LabRoute.examples.map { $0.invocation.path })
    #expect(covered == Set(LabRoute.commands.map(\.path)))
  }

  @Test func wordsAndLinksPrintCanonically() {
    let route = LabRoute.log(sample: "-x", freezer: .plus4, note: "keep cold & dark", urgent: true)
    #expect(route.words == ["samples", "log", "--note=keep cold & dark", "--urgent", "--", "-x", "plus4"])
    #expect(route.link.description == "samples/log?freezer=plus4&note=keep%20cold%20%26%20dark&sample=-x&urgent=on")
  }

  @Test func linksAreValidatedLikeTheCommandLine() throws {
    #expect(try LabRoute(link: #require(DeepLink(string: "rack/view?rack=er1"))) == .rack(id: "er1"))
    #expect(
      try LabRoute(link: #require(DeepLink(string: "samples/log?sample=a&freezer=plus4&urgent")))
        == .log(
          sample: "a", freezer: .plus4, note: nil, urgent: true))
    let cases: [(String, String)] = [
      ("racks", "link 'racks' names a group; open one of: racks/list, racks/show"),
      ("racks/show/er1", "unknown link 'racks/show/er1'; a link is a command's words joined by '/'"),
      ("rack/lst", "unknown link 'rack/lst' (did you mean 'racks/list'?); a link is a command's words joined by '/'"),
      ("racks/show", "link 'racks/show' is missing 'rack'; e.g. racks/show?rack=<rack>"),
      ("racks/list?json=1", "unknown parameter 'json' in link 'racks/list?json=1'; it takes no parameters"),
      (
        "samples/log?sample=a&freezer=plus5",
        "invalid value \"plus5\" for 'freezer' in link 'samples/log?freezer=plus5&sample=a': expected one of minus80, minus26, plus4 (did you mean 'plus4'?)"
      ),
      ("heat?celsius=13", "13 °C is unlucky; pick another"),
    ]
    for (text, expected) in cases {
      let link = try #require(DeepLink(string: text))
      #expect(throws: UsageError(expected), "\(text)") { try LabRoute(link: link) }
    }
  }

  @Test func theSameBadValueIsRefusedTheSameWayFromWordsAndFromALink() throws {
    let fromWords = #expect(throws: UsageError.self) { try LabRoute(words: ["heat", "400"]) }
    let fromLink = #expect(throws: UsageError.self) {
      try LabRoute(link: DeepLink(path: ["heat"], parameters: ["celsius": "400"]))
    }
    #expect(fromWords?.userMessage.hasSuffix("expected a number from -80 to 40") == true)
    #expect(fromLink?.userMessage.hasSuffix("expected a number from -80 to 40") == true)
  }

  @Test func commandsMapToAnotherRouteType() throws {
    let mapped = LabRoute.statusCommand.map { "\($0)" }
    let program = Program<String>(name: "m", version: "1", abstract: "m", commands: [mapped])
    guard case .run(let route, _, _) = try program.parse(["status"]) else { return }
    #expect(route == "status")
    #expect(try program.route(for: DeepLink(path: ["status"])) == "status")
  }
}
