import FoundationEssentials

/// What a value of a partner file must be, in no language: an app words it in the reader's
/// language; `text` is the English words.
public indirect enum PartnerExpectation: Sendable, Equatable {
  /// The whole file: an object with these keys.
  case partner(keys: [String])
  /// A partner id (lowercase letters, digits, hyphens).
  case id
  /// A name of one line, not blank.
  case name
  /// A theme (base and screens).
  case theme
  /// The base styles: a text style for each of these elements.
  case baseStyles(elements: [String])
  /// The screens' styles, by screen name.
  case screens
  /// One screen's styles, by element.
  case screenStyles
  /// A text style (foreground, background, attributes).
  case textStyle
  /// A colour: one of these names or #RRGGBB.
  case color(names: [String])
  /// One of these attributes.
  case attribute(names: [String])
  /// The features: an object with these keys.
  case features(keys: [String])
  /// The analytics (providers).
  case analytics
  /// One of these providers.
  case provider(names: [String])
  /// true or false.
  case boolean
  /// A string.
  case string
  /// A list, each element as given.
  case list(of: PartnerExpectation)
  /// What Foundation's decoder said, verbatim (a case the partner model does not describe itself).
  case described(String)

  /// The English words.
  public var text: String {
    switch self {
    case .partner(let keys): "a partner configuration (an object with \(keys.listed))"
    case .id: "an id of lowercase letters, digits and hyphens, e.g. esa"
    case .name: "a name of one line, not blank"
    case .theme: "a theme (an object with base and screens)"
    case .baseStyles(let elements): "the base styles (an object with a text style for each of \(elements.listed))"
    case .screens: "the screens' styles (an object with a screen's name for each key)"
    case .screenStyles: "the styles of one screen (an object with a text style for each of its elements)"
    case .textStyle: "a text style (an object with foreground, background and attributes)"
    case .color(let names): "a colour: a name (\(names.joined(separator: ", "))) or #RRGGBB"
    case .attribute(let names): "an attribute: \(names.listed(or: true))"
    case .features(let keys): "the features (an object with \(keys.listed))"
    case .analytics: "the analytics (an object with providers)"
    case .provider(let names): "a provider: \(names.listed(or: true))"
    case .boolean: "true or false"
    case .string: "a string"
    case .list(let element): "a list, each \(element.text)"
    case .described(let text): text
    }
  }
}

/// A value found in a partner file, as an error line shows it, in no language.
public enum FoundValue: Sendable, Equatable {
  /// A string, number or boolean as JSON writes it: `"yes"`, `3`, `true` (verbatim).
  case json(String)
  /// `null`, or nothing at all.
  case null
  /// A list.
  case list
  /// An object.
  case object

  /// The English words.
  public var text: String {
    switch self {
    case .json(let text): text
    case .null: "null"
    case .list: "a list"
    case .object: "an object"
    }
  }
}

/// What is wrong with a partner choice or file, in no language (the file as messages name it,
/// key paths and found values verbatim); an app words it in the reader's language.
public enum PartnerProblem: Sendable, Equatable {
  /// No shipped partner has this id.
  case unknownPartner(String, partners: [String])
  /// No file at this path.
  case noSuchFile(String, partners: [String])
  /// The path is no regular file: a directory, a FIFO, a socket, a device.
  case notAFile(String, SpecialFile)
  /// The file is bigger than a partner file can be.
  case tooLarge(file: String, size: Int, limit: Int)
  /// The file cannot be read; `reason` is the system's, verbatim.
  case unreadable(file: String, reason: String)
  /// The file is text in another encoding than UTF-8 (`encoding`, e.g. "UTF-16LE").
  case notUTF8(file: String, encoding: String)
  /// The file is not JSON; `detail` is Foundation's reason, verbatim.
  case notJSON(file: String, detail: String)
  /// The file is not strict JSON (a trailing comma, a key given twice, …): where, and how.
  case notStrictJSON(file: String, StrictJSONViolation)
  /// The file could not be decoded for a reason the model does not describe; `detail` is verbatim.
  case undecodable(file: String, detail: String)
  /// A required key is missing at `keyPath`.
  case missing(file: String, keyPath: String, expected: PartnerExpectation)
  /// The value at `keyPath` (nil: the whole file) is not what it must be.
  case wrongValue(file: String, keyPath: String?, expected: PartnerExpectation, found: FoundValue)

  /// The kind of mistake (for the exit code).
  var kind: PartnerConfigurationError.Kind {
    switch self {
    case .unknownPartner, .noSuchFile: .unknownPartner
    case .unreadable, .notAFile: .unreadable
    default: .invalid
    }
  }

  /// Where in the file, when one key is wrong.
  var keyPath: String? {
    switch self {
    case .missing(_, let keyPath, _): keyPath
    case .wrongValue(_, let keyPath, _, _): keyPath ?? KeyPath.topLevel
    default: nil
    }
  }

  /// The English line.
  var text: String {
    switch self {
    case .unknownPartner(let choice, let partners):
      "no partner \"\(choice)\": the partners are \(partners.listed); name one of them or the path of a partner file"
    case .noSuchFile(let name, let partners):
      "no partner file \(name) (no such file); name an existing file or a partner: \(partners.listed(or: true))"
    case .notAFile(let name, let kind): "\(name) is \(kind.text), not a partner file; name a partner file (.json)"
    case .tooLarge(let file, let size, let limit):
      "partner file \(file) is \(size) bytes; a partner file has at most \(limit) (is it the right file?)"
    case .unreadable(let file, let reason): "cannot read partner file \(file): \(reason)"
    case .notUTF8(let file, let encoding):
      "partner file \(file) is \(encoding) text; save it as UTF-8, the encoding of JSON"
    case .notJSON(let file, let detail): "partner file \(file) is not JSON: \(detail)"
    case .notStrictJSON(let file, let violation): "partner file \(file) is not strict JSON: \(violation.text)"
    case .undecodable(let file, let detail): "partner file \(file) cannot be read: \(detail)"
    case .missing(let file, let keyPath, let expected):
      "partner file \(file): \(keyPath): missing; expected \(expected.text)"
    case .wrongValue(let file, let keyPath, let expected, let found):
      "partner file \(file): \(keyPath ?? KeyPath.topLevel): expected \(expected.text), found \(found.text)"
    }
  }
}

/// A key nobody reads in a partner file: a warning, not an error.
public struct UnknownPartnerKey: Sendable, Equatable {
  /// The file, as messages name it.
  public let file: String
  /// Its key path, e.g. `theme.base.titel`.
  public let path: String
  /// The keys that are read where it stands (empty: nothing is read there).
  public let known: [String]

  /// A key nobody reads at `path` in `file`, where `known` are read.
  public init(file: String, path: String, known: [String]) {
    self.file = file
    self.path = path
    self.known = known
  }

  /// The English warning line.
  public var text: String {
    "partner file \(file): \(path): unknown key, ignored"
      + (known.isEmpty ? " (nothing is read here)" : " (known here: \(known.listed))")
  }
}

/// A value the partner model refuses while decoding, with what it must be (thrown from `init(from:)`).
struct PartnerValueError: Error {
  let codingPath: [any CodingKey]
  let expected: PartnerExpectation
  let missing: Bool
}
