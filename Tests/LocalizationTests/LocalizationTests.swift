import Foundation
import Testing

@testable import Localization

private let table = StringTable(
  module: "Example",
  texts: [
    .english: ["supplies.left": "{count} left of {item}", "title": "Supplies", "only.english": "Only"],
    .russian: ["supplies.left": "осталось {count}: {item}", "title": "Запасы"],
  ])

@Suite struct LanguageTests {
  @Test func theEnvironmentPicksTheLanguageByPOSIXPrecedence() {
    #expect(Language.preferred(by: ["LANG": "ru_RU.UTF-8"]) == .russian)
    #expect(Language.preferred(by: ["LANG": "ru_RU.UTF-8", "LC_ALL": "en_GB.UTF-8"]) == .english)
    #expect(Language.preferred(by: ["LANG": "en_US.UTF-8", "LC_MESSAGES": "ru"]) == .russian)
    #expect(Language.preferred(by: ["LC_ALL": "", "LANG": "ru_RU"]) == .russian)
  }

  @Test func theCLocaleAndUnknownLanguagesNameNone() {
    #expect(Language.preferred(by: [:]) == nil)
    #expect(Language.preferred(by: ["LANG": "C.UTF-8"]) == nil)
    #expect(Language.preferred(by: ["LANG": "POSIX"]) == nil)
    #expect(Language.preferred(by: ["LANG": "de_DE.UTF-8"]) == nil)
    #expect(Language(localeName: "ru-RU") == .russian)
    #expect(Language(localeName: "russian") == nil)
  }
}

@Suite struct LocalizedTextTests {
  @Test func aKeyReadsInTheChosenLanguageWithItsPlaceholdersFilled() {
    let text = LocalizedText(
      "supplies.left", in: table, arguments: ["count": .number(1500), "item": .verbatim("water")])
    #expect(text.resolved(in: .english) == "1,500 left of water")
    #expect(
      text.resolved(in: .russian) == "осталось 1\u{202F}500: water"
        || text.resolved(in: .russian) == "осталось 1\u{A0}500: water")
    #expect(text.description == "1,500 left of water")
  }

  @Test func aValueWithBracesIsNeverReadAsAPlaceholder() {
    let text = LocalizedText(
      "supplies.left", in: table, arguments: ["count": .verbatim("{item}"), "item": .verbatim("{count}")])
    #expect(text.resolved(in: .english) == "{item} left of {count}")
  }

  @Test func nestedTextIsTranslatedToo() {
    let text = LocalizedText(
      "supplies.left", in: table, arguments: ["count": .number(2), "item": LocalizedText("title", in: table)])
    #expect(text.resolved(in: .russian) == "осталось 2: Запасы")
  }

  @Test func aKeyMissingInALanguageFallsBackToEnglish() {
    #expect(LocalizedText("only.english", in: table).resolved(in: .russian) == "Only")
    #expect(table.keys == ["supplies.left", "title", "only.english"])
  }

  @Test func decimalsUseTheLanguagesSeparator() {
    #expect(LocalizedText.number(22.46, fractionDigits: 1).resolved(in: .english) == "22.5")
    #expect(LocalizedText.number(22.46, fractionDigits: 1).resolved(in: .russian) == "22,5")
    #expect(LocalizedText.number(-3, fractionDigits: 0).resolved(in: .russian) == "-3")
  }

  @Test func joinedTextKeepsItsPartsInOrder() {
    let text = LocalizedText("title", in: table) + .verbatim(": ") + .number(3)
    #expect(text.resolved(in: .russian) == "Запасы: 3")
    #expect(LocalizedText.joined([.verbatim("a"), .verbatim("b")], separator: ", ").description == "a, b")
  }

  @Test func valuesAreJoinedAsTheyAreInEveryLanguage() {
    let names = LocalizedText.joined(values: ["nasa", "{id}", "1000"], separator: ", ")
    #expect(names.resolved(in: .english) == "nasa, {id}, 1000")
    #expect(names.resolved(in: .russian) == "nasa, {id}, 1000")
    let left = LocalizedText("supplies.left", in: table, arguments: ["count": .number(2), "item": names])
    #expect(left.resolved(in: .russian) == "осталось 2: nasa, {id}, 1000")
    #expect(LocalizedText.joined(values: [], separator: ", ").description == "")
  }

  @Test func textComparesByWhatItSays() {
    #expect(LocalizedText("title", in: table) == LocalizedText("title", in: table))
    #expect(LocalizedText("title", in: table) != LocalizedText.verbatim("Supplies"))
  }

  @Test func plainValuesFillPlaceholdersAsTheyAre() {
    #expect("water".localizedText == .verbatim("water"))
    #expect(7.localizedText.resolved(in: .english) == "7")
    #expect("abc".dropFirst().localizedText == .verbatim("bc"))
    // A plain string fills a placeholder inert: a line break in a value cannot split a line.
    #expect("a\nb\u{1B}[2J".localizedText.description == "a\\nb\\e[2J")
  }
}

@Suite struct TranslatorTests {
  private let instant = Date(timeIntervalSince1970: 1_795_323_600)  // 2026-11-22 05:00 UTC

  @Test func datesReadInTheLanguageAndTimeZone() throws {
    #expect(Translator.english.dateTime(instant) == "2026-11-22 05:00 UTC")
    let russian = Translator(language: .russian, timeZone: .moscow)
    #expect(russian.dateTime(instant) == "22.11.2026 08:00 UTC+3")
    #expect(russian.time(instant) == "08:00:00")
    #expect(LocalizedText.dateTime(instant).resolved(by: russian) == russian.dateTime(instant))
  }

  @Test func theTranslatorRendersText() {
    let russian = Translator(language: .russian)
    #expect(russian(LocalizedText("title", in: table)) == "Запасы")
    #expect(Translator.english.number(1_000_000) == "1,000,000")
  }
}

@Suite struct LocalizedTextCodingTests {
  private struct Reading: Codable, Equatable {
    var reason: LocalizedText?
  }

  @Test func inJSONATextIsItsEnglishLineAndReadsBackAsWritten() throws {
    let json = try JSONEncoder().encode(
      Reading(reason: LocalizedText("title", in: table) + .verbatim(": ") + .number(3)))
    #expect(String(decoding: json, as: UTF8.self) == #"{"reason":"Supplies: 3"}"#)
    let read = try JSONDecoder().decode(Reading.self, from: json)
    #expect(read.reason?.resolved(in: .russian) == "Supplies: 3")
    #expect(try JSONDecoder().decode(Reading.self, from: Data("{}".utf8)) == Reading(reason: nil))
  }
}
