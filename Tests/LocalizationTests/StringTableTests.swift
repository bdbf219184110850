import Testing

@testable import Localization

/// The generated tables' form: sorted keys, and each language's texts in the keys' order.
@Suite struct SortedStringTableTests {
  private let keys = ["a.first", "b.second", "c.only-english", "z.last"]
  private var table: StringTable {
    StringTable(module: "Example", sortedKeys: keys) { language in
      switch language {
      case .english: ["First", "Second", "Only", "Last"]
      case .russian: ["Первый", "Второй"]
      }
    }
  }

  @Test func everyKeyIsFoundInEachLanguage() {
    #expect(keys.map { table.text($0, in: .english) } == ["First", "Second", "Only", "Last"])
    #expect(table.text("a.first", in: .russian) == "Первый")
    #expect(table.text("b.second", in: .russian) == "Второй")
  }

  @Test func aTextALanguageLacksIsEnglishAndAKeyNoneHasIsItself() {
    #expect(table.text("z.last", in: .russian) == "Last")
    #expect(table.text("m.missing", in: .russian) == "m.missing")
    #expect(table.text("", in: .english) == "")
    #expect(table.text("zz", in: .english) == "zz")
  }

  @Test func itsKeysAreTheOnesGiven() {
    #expect(table.keys == Set(keys))
    #expect(StringTable(module: "Empty", sortedKeys: []) { _ in [] }.text("any", in: .english) == "any")
  }
}

/// The concrete `joined(separator:)` of an array of strings returns what the standard library's does.
@Suite struct JoinedStringsTests {
  @Test(arguments: [[], [""], ["one"], ["one", "two"], ["a", "", "c", "дом"]] as [[String]])
  func itJoinsAsTheStandardLibraryDoes(parts: [String]) {
    for separator in ["", ", ", "\n"] {
      #expect(parts.joined(separator: separator) == parts.lazy.map { $0 }.joined(separator: separator))
    }
    #expect(parts.joined() == parts.lazy.map { $0 }.joined())
  }
}
