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

  /// The line a file of `bytes` is refused with, nil when it is read.
  private func refusal(_ bytes: [UInt8]) -> String? {
    do {
      _ = try PartnerFile.decode(Data(bytes), file: "asc.json", vocabulary: .test)
      return nil
    } catch {
      return error.message
    }
  }

  private static let trailingComma = "a comma with nothing after it before the end of an object or list; remove it"

  /// A file that is no JSON is refused in the parser's words, unless the first thing strict JSON
  /// refuses in it is a trailing comma; JSON that is not strict is refused where strict JSON first
  /// stops. The two rules are read in one pass and part where one is lenient: a half surrogate pair and bytes that are no UTF-8 (strict JSON reads on), a key given twice and
  /// nesting deeper than 256 (the parser reads on).
  @Test func eachRuleReadsOnWhereOnlyTheOtherRefuses() {
    #expect(
      refusal(Array(#"{"id": "test",}"#.utf8))
        == "partner file asc.json is not strict JSON: line 1, column 14: \(Self.trailingComma)")
    #expect(
      refusal(Array(#"{"a": "\udc00", "b": [1,]}"#.utf8))
        == "partner file asc.json is not strict JSON: line 1, column 24: \(Self.trailingComma)")
    #expect(
      refusal(Array(#"{"a": "\udc00", "b": 01}"#.utf8))
        == "partner file asc.json is not JSON: Invalid value around line 1, column 8.")
    #expect(
      refusal(Array(#"{"a": "\ud83d\u0041"}"#.utf8))
        == "partner file asc.json is not JSON: Invalid value around line 1, column 8.")
    #expect(
      refusal(Array("{\n  \"id\": 1,\n  \"id\": 2,\n  \"x\": [1,]\n}".utf8))
        == "partner file asc.json is not JSON: Invalid value around line 4, column 11.")
    #expect(
      refusal(Array(#"{"a": ""#.utf8) + [0xFF] + Array(#"", "b": {"c": 1,}}"#.utf8))
        == "partner file asc.json is not strict JSON: line 1, column 24: \(Self.trailingComma)")
    #expect(
      refusal(Array(#"{"a": ""#.utf8) + [0xFF] + Array(#""}"#.utf8))
        == "partner file asc.json is not JSON: Unable to convert data to a string using the detected encoding.")
    let deep = String(repeating: "[", count: 256) + "1" + String(repeating: "]", count: 256)
    #expect(
      refusal(Array(deep.utf8))
        == "partner file asc.json is not strict JSON: line 1, column 257: nested more than 256 deep")
    let deeper = String(repeating: "[", count: 513) + String(repeating: "]", count: 513)
    #expect(
      refusal(Array(deeper.utf8))
        == "partner file asc.json is not JSON: Too many nested arrays or dictionaries around line 1, column 514.")
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

/// A partner file is UTF-8: a byte order mark before it is read past, and text in another encoding is
/// refused naming the encoding (the parser's "Invalid value" would not say what is wrong).
@Suite struct PartnerFileEncodingTests {
  private func refusal(_ bytes: [UInt8]) -> String? {
    do {
      _ = try PartnerFile.decode(Data(bytes), file: "asc.json", vocabulary: .test)
      return nil
    } catch {
      return error.message
    }
  }

  @Test func aUTF8ByteOrderMarkIsReadPast() {
    for text in [#"{"id": "test"}"#, #"{"id": "test",}"#, "{\n  \"id\": 1,\n  \"id\": 2\n}", "[]"] {
      #expect(refusal([0xEF, 0xBB, 0xBF] + Array(text.utf8)) == refusal(Array(text.utf8)), "\(text)")
    }
  }

  @Test func textInAnotherEncodingIsRefusedByName() {
    let text = #"{"id": "test"}"#
    let utf16LE = text.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
    let utf16BE = text.utf16.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
    let utf32LE = text.unicodeScalars.flatMap { [UInt8($0.value & 0xFF), 0, 0, 0] }
    let utf32BE = text.unicodeScalars.flatMap { [0, 0, 0, UInt8($0.value & 0xFF)] }
    let cases: [([UInt8], String)] = [
      ([0xFF, 0xFE] + utf16LE, "UTF-16LE"), (utf16LE, "UTF-16LE"), ([0xFE, 0xFF] + utf16BE, "UTF-16BE"),
      (utf16BE, "UTF-16BE"), ([0xFF, 0xFE, 0, 0] + utf32LE, "UTF-32LE"), (utf32LE, "UTF-32LE"),
      ([0, 0, 0xFE, 0xFF] + utf32BE, "UTF-32BE"), (utf32BE, "UTF-32BE"),
    ]
    for (bytes, encoding) in cases {
      #expect(
        refusal(bytes) == "partner file asc.json is \(encoding) text; save it as UTF-8, the encoding of JSON",
        "\(encoding)")
    }
  }

  @Test func theEncodingIsToldByTheFirstBytesOnly() {
    #expect(PartnerFileEncoding(of: Data()) == .utf8(markLength: 0))
    #expect(PartnerFileEncoding(of: Data("{".utf8)) == .utf8(markLength: 0))
    #expect(PartnerFileEncoding(of: Data([0x7B, 0x00])) == .other("UTF-16LE"))
    #expect(PartnerFileEncoding(of: Data("{\"a\":\"\u{0}\"}".utf8)) == .utf8(markLength: 0))
  }
}
