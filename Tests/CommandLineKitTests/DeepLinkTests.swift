import Testing

@testable import CommandLineKit

@Suite struct DeepLinkTests {
  @Test func parsesPathAndParameters() throws {
    let link = try #require(DeepLink(string: "spacesuit/telemetry?count=3&json=1"))
    #expect(link.path == ["spacesuit", "telemetry"])
    #expect(link.parameters == ["count": "3", "json": "1"])
    #expect(link.head == "spacesuit")
    #expect(link.droppingHead() == DeepLink(path: ["telemetry"], parameters: ["count": "3", "json": "1"]))
    #expect(link.droppingHead().droppingHead().head == nil)
  }

  @Test func percentDecodesComponentsAndParameters() throws {
    let link = try #require(DeepLink(string: "cosmonaut/profile%20set?name=Ana%20Ivanova&note=a%26b%3Dc&flag"))
    #expect(link.path == ["cosmonaut", "profile set"])
    #expect(link.parameters == ["name": "Ana Ivanova", "note": "a&b=c", "flag": ""])
  }

  @Test func skipsEmptyComponentsAndEmptyNames() throws {
    #expect(DeepLink(string: "/a//b/")?.path == ["a", "b"])
    #expect(DeepLink(string: "a?&x=1&&=2")?.parameters == ["x": "1"])
    #expect(DeepLink(string: "a?x=1=2")?.parameters == ["x": "1=2"])
  }

  @Test(arguments: ["", " ", "/", "//", "///", "?x=1", "/?x=1", "%zz", "a/%", "a?x=%G1", "%2", "a?x=1&x=2", "a?x&x"])
  func rejects(_ text: String) {
    #expect(DeepLink(string: text) == nil)
  }

  @Test func aParameterGivenTwiceIsRefusedByName() {
    #expect(
      throws: UsageError(
        "'item' is given twice in link 'supplies/consume?item=water&item=food'; give each parameter once")
    ) {
      try DeepLink.parse("supplies/consume?item=water&item=food")
    }
    // The same name written two ways is the same parameter.
    #expect(throws: UsageError.self) { try DeepLink.parse("a?item=1&%69tem=2") }
  }

  @Test func whatIsWrongWithALinkIsSaidInertAndShort() throws {
    let long = String(repeating: "x", count: 100_000)
    do {
      _ = try DeepLink.parse("a/\u{1B}[2J%zz" + long)
      Issue.record("a bad link was read")
    } catch {
      #expect(!error.description.contains("\u{1B}"))
      #expect(error.description.contains("\\e[2J"))
      #expect(error.description.count < 400)
    }
  }

  @Test(arguments: [
    "spacesuit/telemetry?count=3&json=1", "health", "a b/c%25d?k y=v&w=x/y?z", "cosmonaut/profile?name=Ана",
    "x?empty=", "suit/set?value=-2.5&setting=oxygen-flow",
  ])
  func descriptionRoundTrips(_ text: String) throws {
    let link = try #require(DeepLink(string: text))
    #expect(DeepLink(string: link.description) == link)
  }

  @Test func descriptionIsCanonical() {
    let link = DeepLink(path: ["cosmonaut", "a/b"], parameters: ["z": "1", "a": "x y&"])
    #expect(link.description == "cosmonaut/a%2Fb?a=x%20y%26&z=1")
    #expect(DeepLink(string: link.description) == link)
    #expect(DeepLink(path: ["health"]).description == "health")
    #expect(DeepLink(path: ["a"]).appending("b") == DeepLink(path: ["a", "b"]))
  }
}
