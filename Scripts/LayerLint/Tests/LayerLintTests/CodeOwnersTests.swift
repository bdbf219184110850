import Testing

@testable import LayerLintEngine

@Suite struct CodeOwnersTests {
  @Test func lastMatchingPatternWins() {
    let owners = CodeOwners(text: "/Core/ @platform\n/Core/Radio/ @suit\n")
    #expect(owners.owners(ofDirectory: "Core/Radio") == ["@suit"])
    #expect(owners.owners(ofDirectory: "Core/Network") == ["@platform"])
    #expect(owners.owners(ofDirectory: "Shared/Logging").isEmpty)
  }

  @Test func aLaterPatternWithoutOwnersUnownsTheFolder() {
    let owners = CodeOwners(text: "* @everyone\n/Core/Radio/\n")
    #expect(owners.owners(ofDirectory: "Core/Radio").isEmpty)
    #expect(owners.owners(ofDirectory: "Core/Network") == ["@everyone"])
  }

  @Test func unanchoredGlobAndCommentPatterns() {
    let owners = CodeOwners(
      text: "# comment\nRadio/ @suit # trailing\n/Serv*/ @svc\n/Core/**/Deep/ @deep\n/Core/Exact @exact")
    #expect(owners.owners(ofDirectory: "Core/Radio") == ["@suit"])
    #expect(owners.owners(ofDirectory: "Service/X") == ["@svc"])
    #expect(owners.owners(ofDirectory: "Core/A/B/Deep") == ["@deep"])
    #expect(owners.owners(ofDirectory: "Core/Exact") == ["@exact"])
    #expect(owners.owners(ofDirectory: "Core/Exactly").isEmpty)
  }

  @Test func literalAndWildcardPatternsStillResolveByFileOrder() {
    let owners = CodeOwners(
      text: "/Core/ @core\n/Core/Radio/ @radio\n/Core/R*/ @glob\n/Core/Radio/Deep/ @deep\n/ @root-late\n/Core/X/ @x\n")
    #expect(owners.owners(ofDirectory: "Core/Radio/Deep/More") == ["@root-late"])
    #expect(owners.owners(ofDirectory: "Core/X") == ["@x"])
    let ordered = CodeOwners(text: "/Core/ @core\n/Core/Radio/ @radio\n/Core/R*/ @glob\n/Core/Radio/Deep/ @deep\n")
    #expect(ordered.owners(ofDirectory: "Core/Radio") == ["@glob"])
    #expect(ordered.owners(ofDirectory: "Core/Radio/Deep/More") == ["@deep"])
    #expect(ordered.owners(ofDirectory: "Core/Network") == ["@core"])
    #expect(ordered.owners(ofDirectory: "Shared").isEmpty)
  }
}
