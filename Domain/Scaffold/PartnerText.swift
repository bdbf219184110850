import Localization
import PartnerConfiguration

/// What is wrong with a partner file, in the reader's language: the file, key paths and found
/// values verbatim, the words around them from Scaffold's tables (English: the partner module's lines).
enum PartnerText {
  /// The one line for `problem`.
  static func problem(_ problem: PartnerProblem) -> LocalizedText {
    switch problem {
    case .unknownPartner(let choice, let partners):
      Strings.partnerUnknown(choice: InertText(choice), partners: list(partners, or: false))
    case .noSuchFile(let name, let partners):
      Strings.partnerNoSuchFile(name: shown(name), partners: list(partners, or: true))
    case .notAFile(let name, let kind): Strings.partnerNotAFile(name: shown(name), kind: special(kind))
    case .tooLarge(let file, let size, let limit):
      Strings.partnerTooLarge(file: shown(file), size: String(size), limit: String(limit))
    case .unreadable(let file, let reason): Strings.partnerUnreadable(file: shown(file), reason: reason)
    case .notUTF8(let file, let encoding): Strings.partnerNotUtf8(file: shown(file), encoding: encoding)
    case .notJSON(let file, let detail):
      Strings.partnerNotJson(file: shown(file), detail: InertText(detail, limit: nil))
    case .notStrictJSON(let file, let violation):
      Strings.partnerNotStrictJson(
        file: shown(file), line: String(violation.line), column: String(violation.column),
        detail: strict(violation.kind))
    case .undecodable(let file, let detail):
      Strings.partnerUndecodable(file: shown(file), detail: InertText(detail, limit: nil))
    case .missing(let file, let keyPath, let expected):
      Strings.partnerMissing(file: shown(file), path: shown(keyPath), expected: expectation(expected))
    case .wrongValue(let file, let keyPath, let expected, let found):
      Strings.partnerWrongValue(
        file: shown(file), path: keyPath.map { shown($0).localizedText } ?? Strings.partnerTopLevel,
        expected: expectation(expected), found: value(found))
    }
  }

  /// What a partner path is instead of a file.
  static func special(_ kind: SpecialFile) -> LocalizedText {
    switch kind {
    case .directory: Strings.partnerFileDirectory
    case .namedPipe: Strings.partnerFileNamedPipe
    case .socket: Strings.partnerFileSocket
    case .device: Strings.partnerFileDevice
    case .other: Strings.partnerFileOther
    }
  }

  /// How a partner file breaks strict JSON.
  static func strict(_ kind: StrictJSONViolation.Kind) -> LocalizedText {
    switch kind {
    case .trailingComma: Strings.partnerJsonTrailingComma
    case .duplicateKey(let key, let first): Strings.partnerJsonDuplicateKey(key: InertText(key), first: String(first))
    case .endOfFile: Strings.partnerJsonEndOfFile
    case .unexpected(let found): Strings.partnerJsonUnexpected(found: InertText(found))
    case .expectedKey(let found): Strings.partnerJsonExpectedKey(found: InertText(found))
    case .badNumber: Strings.partnerJsonBadNumber
    case .controlInString: Strings.partnerJsonControlInString
    case .badEscape(let escape): Strings.partnerJsonBadEscape(escape: InertText(escape))
    case .badUnicodeEscape: Strings.partnerJsonBadUnicodeEscape
    case .tooDeep(let depth): Strings.partnerJsonTooDeep(depth: String(depth))
    }
  }

  /// A path, a key path or a file name from outside as a line shows it: inert, cut to a readable length.
  static func shown(_ text: String) -> InertText { InertText(text, limit: InertText.longLimit) }

  /// The warning for a key nobody reads.
  static func warning(_ key: UnknownPartnerKey) -> LocalizedText {
    key.known.isEmpty
      ? Strings.partnerUnknownKeyNothingRead(file: shown(key.file), path: shown(key.path))
      : Strings.partnerUnknownKey(file: shown(key.file), path: shown(key.path), known: list(key.known, or: false))
  }

  /// What a value must be.
  static func expectation(_ expected: PartnerExpectation) -> LocalizedText {
    switch expected {
    case .partner(let keys): Strings.partnerExpectPartner(keys: list(keys, or: false))
    case .id: Strings.partnerExpectId
    case .name: Strings.partnerExpectName
    case .theme: Strings.partnerExpectTheme
    case .baseStyles(let elements): Strings.partnerExpectBaseStyles(elements: list(elements, or: false))
    case .screens: Strings.partnerExpectScreens
    case .screenStyles: Strings.partnerExpectScreenStyles
    case .textStyle: Strings.partnerExpectTextStyle
    case .color(let names): Strings.partnerExpectColor(names: LocalizedText.verbatim(names.joined(separator: ", ")))
    case .attribute(let names): Strings.partnerExpectAttribute(names: list(names, or: true))
    case .features(let keys): Strings.partnerExpectFeatures(keys: list(keys, or: false))
    case .analytics: Strings.partnerExpectAnalytics
    case .provider(let names): Strings.partnerExpectProvider(names: list(names, or: true))
    case .boolean: Strings.partnerExpectBoolean
    case .string: Strings.partnerExpectString
    case .list(let element): Strings.partnerExpectList(element: expectation(element))
    case .described(let text): .verbatim(text)
    }
  }

  /// A value found in the file.
  static func value(_ found: FoundValue) -> LocalizedText {
    switch found {
    case .json(let text): InertText(text).localizedText
    case .null: Strings.partnerFoundNull
    case .list: Strings.partnerFoundList
    case .object: Strings.partnerFoundObject
    }
  }

  /// `a, b and c` (or `a, b or c`) in the reader's language; names stay as they are.
  /// The names are the framework's own words (keys, colours), never cut to keep a line short.
  static func list(_ names: [String], or: Bool) -> LocalizedText {
    guard names.count > 1, let last = names.last else { return .verbatim(names.first ?? "") }
    let (items, final) = (
      LocalizedText.verbatim(names.dropLast().joined(separator: ", ")), LocalizedText.verbatim(last)
    )
    return or ? Strings.partnerListOr(items: items, last: final) : Strings.partnerListAnd(items: items, last: final)
  }
}
