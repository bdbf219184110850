import FoundationEssentials
import Testing

@testable import JSONCoding

/// Objects with many members: a key named twice still reads its first value, as `JSONDecoder`
/// reads it, however far apart the two are, and every key of a large object reads once.
@Suite struct LargeObjectTests {
  /// Forty fields, read in order.
  private struct Wide: Decodable, Equatable {
    let values: [Int]

    private struct Name: CodingKey {
      let stringValue: String
      init(stringValue: String) { self.stringValue = stringValue }
      var intValue: Int? { nil }
      init?(intValue: Int) { nil }
    }

    init(from decoder: any Decoder) throws {
      let container = try decoder.container(keyedBy: Name.self)
      values = try (0..<40).map { try container.decode(Int.self, forKey: Name(stringValue: "k\($0)")) }
    }
  }

  private func object(_ members: [(String, Int)]) -> Data {
    Data(("{" + members.map { "\"\($0.0)\":\($0.1)" }.joined(separator: ",") + "}").utf8)
  }

  @Test(arguments: [3, 20, 38])
  func aKeyNamedTwiceReadsItsFirstValueWhereverTheSecondIs(twice: Int) throws {
    var members = (0..<40).map { ("k\($0)", $0) }
    // The same name again, later, with another value: right after its first, and at the end.
    members.insert(("k\(twice)", -1), at: twice + 1)
    members.append(("k\(twice)", -2))
    let text = object(members)
    let ours = try JSONTextDecoder().decode(Wide.self, from: text)
    #expect(ours == (try JSONDecoder().decode(Wide.self, from: text)))
    #expect(ours.values == Array(0..<40))
  }

  @Test func aKeyNamedTwiceAfterManyOthersIsFoundByItsFirstMember() throws {
    // The first `k39` comes before thirty others: found after the later ones were passed.
    var members = (0..<40).map { ("k\($0)", $0) }
    members.insert(("k39", 39), at: 5)
    members[members.count - 1] = ("k39", -39)
    let text = object(members)
    #expect(try JSONTextDecoder().decode(Wide.self, from: text) == (try JSONDecoder().decode(Wide.self, from: text)))
  }

  @Test func aLargeDictionaryReadsEveryKeyOnce() throws {
    var members = (0..<5_000).map { ("key\($0)", $0) }
    members.append(("key7", -7))
    let text = object(members)
    let ours = try JSONTextDecoder().decode([String: Int].self, from: text)
    #expect(ours == (try JSONDecoder().decode([String: Int].self, from: text)))
    #expect(ours.count == 5_000 && ours["key7"] == 7 && ours["key4999"] == 4_999)
  }
}
