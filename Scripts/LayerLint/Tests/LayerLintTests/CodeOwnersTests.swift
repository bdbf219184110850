import Testing

@testable import LayerLintCore

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
}
