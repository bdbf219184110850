import Foundation
import Testing

@testable import PartnerConfiguration

#if canImport(Glibc)
  import Glibc
#endif

/// A partner file means exactly one thing, and only a regular file is one.
@Suite struct StrictFileTests {
  private func load(_ text: String) throws(PartnerConfigurationError) -> DecodedPartner {
    try PartnerFile.decode(Data(text.utf8), file: "asc.json", vocabulary: .test)
  }

  private var valid: String {
    String(decoding: try! JSONSerialization.data(withJSONObject: validPartner(), options: [.sortedKeys]), as: UTF8.self)
  }

  @Test func aTrailingCommaIsRefusedWhereItStands() {
    let withComma = "{\n  \"id\": \"test\",\n}"
    #expect(
      throws: PartnerConfigurationError(
        kind: .invalid,
        message:
          "partner file asc.json is not strict JSON: line 2, column 15: a comma with nothing after it before the end "
          + "of an object or list; remove it")
    ) { try load(withComma) }
    let nested = valid.replacingOccurrences(of: #""bold"]"#, with: #""bold",]"#)
    #expect(nested != valid)
    #expect(throws: PartnerConfigurationError.self) { try load(nested) }
    #expect(StrictJSON.violation(in: Array("[1, 2,]".utf8))?.kind == .trailingComma)
  }

  @Test func aKeyGivenTwiceIsRefusedNotResolved() {
    let twice = "{\n  \"id\": \"test\",\n  \"id\": \"asc\"\n}"
    #expect(
      throws: PartnerConfigurationError(
        kind: .invalid,
        message:
          "partner file asc.json is not strict JSON: line 3, column 3: \"id\" is given twice in one object (first on "
          + "line 2); keep one of them")
    ) { try load(twice) }
    // The same key however it is escaped.
    #expect(
      StrictJSON.violation(in: Array(#"{"id": 1, "\u0069d": 2}"#.utf8))?.kind == .duplicateKey("id", firstLine: 1))
    // The same key in two objects is two keys.
    #expect(StrictJSON.violation(in: Array(#"{"a": {"id": 1}, "b": {"id": 2}}"#.utf8)) == nil)
  }

  @Test func aValidFileIsStrictJSON() throws {
    #expect(StrictJSON.violation(in: Array(valid.utf8)) == nil)
    #expect(try load(valid).configuration.id == "test")
  }

  @Test func aDirectoryIsAFileThatCannotBeRead() throws {
    let directory = try temporaryDirectory()
    #expect(
      throws: PartnerConfigurationError(
        kind: .unreadable, message: "\(directory.path) is a directory, not a partner file; name a partner file (.json)")
    ) { try PartnerCatalogue.test.load(directory.path, vocabulary: .test) }
  }

  #if os(Linux)
    @Test func aNamedPipeIsNamedAndNeverWaitedOn() throws {
      let fifo = try temporaryDirectory().appendingPathComponent("partner.json").path
      #expect(mkfifo(fifo, 0o600) == 0)
      // Nobody writes to it: a reader that opened it for reading would wait for ever.
      #expect(
        throws: PartnerConfigurationError(
          kind: .unreadable, message: "\(fifo) is a named pipe (FIFO), not a partner file; name a partner file (.json)")
      ) { try PartnerCatalogue.test.load(fifo, vocabulary: .test) }
    }
  #endif
}
