import Foundation
import Localization
import Testing

/// A decoding error as a person reads it: where (the key path) and what, never the error's dump.
@Suite struct DecodingErrorTextTests {
  private struct Report: Decodable {
    struct Item: Decodable {
      let name: String
      let quantity: Double
    }
    let items: [Item]
  }

  private func failure(_ json: String) -> any Error {
    do {
      _ = try JSONDecoder().decode(Report.self, from: Data(json.utf8))
      return CancellationError()
    } catch {
      return error
    }
  }

  @Test func aMissingKeyIsNamedByItsPath() {
    let line = DecodingError.readableLine(for: failure(#"{"items":[{"name":"water","quantity":1},{"name":"food"}]}"#))
    #expect(line == #"items[1].quantity: missing key "quantity""#)
  }

  @Test func aValueOfTheWrongKindSaysWhatWasExpectedWhere() {
    let line = DecodingError.readableLine(for: failure(#"{"items":[{"name":"water","quantity":"lots"}]}"#))
    #expect(line.hasPrefix("items[0].quantity: expected Double"), "\(line)")
    let null = DecodingError.readableLine(for: failure(#"{"items":[{"name":null,"quantity":1}]}"#))
    #expect(null == "items[0].name: expected String but found null", "\(null)")
  }

  @Test func noneOfTheDumpReachesTheLine() {
    for json in [#"{"items":3}"#, "not json", #"{"items":[{}]}"#, #"{"items":[{"name":1,"quantity":1}]}"#] {
      let line = DecodingError.readableLine(for: failure(json))
      for dump in ["DecodingError", "CodingKeys", "Context(", "codingPath", "underlyingError", "stringValue"] {
        #expect(!line.contains(dump), "\(json): \(line)")
      }
      #expect(!line.isEmpty && !line.contains("\n"), "\(json): \(line)")
    }
  }

  @Test func anyOtherErrorIsItsDescription() {
    struct Plain: Error, CustomStringConvertible { var description: String { "plain words" } }
    #expect(DecodingError.readableLine(for: Plain()) == "plain words")
  }
}
