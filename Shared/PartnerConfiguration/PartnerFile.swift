import FoundationEssentials

/// Reading a partner file strictly: anything wrong is refused with the key path of what is wrong
/// and what it must be; a key nobody reads is a warning.
public enum PartnerFile {
  /// The configuration in `data`, read from `file` (as messages name it) against the app's
  /// `vocabulary`, with its warnings. A toggle or screen `elsewhere` declares (another module of the
  /// package, which the app does not host) is read and kept too, without a warning (a partner file
  /// serves every app); one that no module declares is an unknown key.
  /// - Throws: ``PartnerConfigurationError`` of kind `.invalid`: not UTF-8 (UTF-16 or UTF-32, by
  ///   name; a UTF-8 byte order mark is read past), not JSON, or not strict JSON (a
  ///   trailing comma, a key given twice: with its line and column), a value of the wrong kind, a
  ///   missing key, a bad colour or id.
  public static func decode(
    _ data: Data, file: String, vocabulary: PartnerVocabulary, elsewhere: PartnerVocabulary = PartnerVocabulary()
  ) throws(PartnerConfigurationError) -> DecodedPartner {
    try decode(data, file: file, reading: ReadingVocabulary(vocabulary, elsewhere: elsewhere))
  }

  /// The configuration in `data`, read against `reading`.
  static func decode(
    _ whole: Data, file: String, reading: ReadingVocabulary
  ) throws(PartnerConfigurationError) -> DecodedPartner {
    // A UTF-8 byte order mark is read past; another encoding is refused by name.
    let data: Data
    switch PartnerFileEncoding(of: whole) {
    case .utf8(let markLength): data = markLength == 0 ? whole : Data(whole.dropFirst(markLength))
    case .other(let encoding): throw PartnerConfigurationError(.notUTF8(file: file, encoding: encoding))
    }
    let tree: Any
    do {
      tree = try StrictJSON.parse(data)
    } catch {
      switch error {
      case .notJSON(let syntaxError):
        throw PartnerConfigurationError(.notJSON(file: file, detail: notJSONDetail(syntaxError, in: data)))
      case .notStrict(let violation):
        throw PartnerConfigurationError(.notStrictJSON(file: file, violation))
      }
    }
    let notes = DecodingNotes()
    let decoder = JSONDecoder()
    decoder.userInfo[DecodingNotes.key] = notes
    decoder.userInfo[ReadingVocabulary.key] = reading
    let configuration: PartnerConfiguration
    do {
      configuration = try decoder.decode(PartnerConfiguration.self, from: data)
    } catch let error as PartnerValueError {
      let path = KeyPath.text(error.codingPath)
      throw PartnerConfigurationError(
        error.missing
          ? .missing(file: file, keyPath: path, expected: error.expected)
          : .wrongValue(
            file: file, keyPath: path, expected: error.expected,
            found: KeyPath.describe(KeyPath.value(at: error.codingPath, in: tree))))
    } catch let error as DecodingError {
      throw PartnerConfigurationError(refusal(error, file: file, tree: tree))
    } catch {
      throw PartnerConfigurationError(.undecodable(file: file, detail: "\(error)"))
    }
    let unknownKeys = notes.unknownKeys.sorted { $0.path < $1.path }.map { key in
      UnknownPartnerKey(file: file, path: key.path, known: key.known)
    }
    return DecodedPartner(configuration: configuration, unknownKeys: unknownKeys, file: file)
  }

  /// The one line for a decoding error: its key path, what belongs there, what is there.
  private static func refusal(_ error: DecodingError, file: String, tree: Any) -> PartnerProblem {
    switch error {
    case .keyNotFound(let key, let context):
      let path = KeyPath.text(context.codingPath + [key])
      return .missing(file: file, keyPath: path, expected: .described(context.debugDescription))
    case .typeMismatch(let type, let context), .valueNotFound(let type, let context):
      let expected = (type as? any PartnerValue.Type)?.expected ?? .described(context.debugDescription)
      return mismatch(file: file, context: context, expected: expected, tree: tree)
    case .dataCorrupted(let context):
      return mismatch(file: file, context: context, expected: .described(context.debugDescription), tree: tree)
    @unknown default:
      return .undecodable(file: file, detail: "\(error)")
    }
  }

  private static func mismatch(
    file: String, context: DecodingError.Context, expected: PartnerExpectation, tree: Any
  ) -> PartnerProblem {
    let found = KeyPath.describe(KeyPath.value(at: context.codingPath, in: tree))
    guard !context.codingPath.isEmpty else {
      return .wrongValue(file: file, keyPath: nil, expected: PartnerConfiguration.expected, found: found)
    }
    return .wrongValue(file: file, keyPath: KeyPath.text(context.codingPath), expected: expected, found: found)
  }

  /// The parser's reason, with "character N" turned into a line and a column.
  private static func notJSONDetail(_ error: StrictJSON.SyntaxError, in data: Data) -> String {
    let reason = error.description
    guard let range = reason.firstRange(of: #/character \d+/#),
      let offset = Int(reason[range].dropFirst("character ".count)), offset <= data.count
    else { return reason }
    let before = data.prefix(offset)
    let line = before.filter { $0 == UInt8(ascii: "\n") }.count + 1
    let column = offset - (before.lastIndex(of: UInt8(ascii: "\n")).map { $0 + 1 } ?? 0) + 1
    var detail = reason
    detail.replaceSubrange(range, with: "line \(line), column \(column)")
    return detail
  }
}

/// A partner file read: the configuration, and one warning line per key nobody reads.
public struct DecodedPartner: Sendable, Equatable {
  /// The configuration.
  public let configuration: PartnerConfiguration
  /// The keys nobody reads, by key path.
  public let unknownKeys: [UnknownPartnerKey]
  /// The file, as messages name it.
  public let file: String

  /// One English line per unknown key, e.g. `partner file esa.json: theme.base.titel: unknown key,
  /// ignored (known here: …)`.
  public var warnings: [String] { unknownKeys.map(\.text) }
}

/// Why no partner configuration could be read: one line, and what kind of mistake it is.
public struct PartnerConfigurationError: Error, Sendable, Equatable, CustomStringConvertible {
  /// What kind of mistake.
  public enum Kind: Sendable, Equatable {
    /// The partner named (an id or a path) does not exist: a usage error (exit 64).
    case unknownPartner
    /// The file exists but cannot be read (permissions, I/O): exit 74.
    case unreadable
    /// The file is not a valid partner configuration: rejected data (exit 65).
    case invalid
  }

  /// What kind of mistake.
  public let kind: Kind
  /// Where in the file, e.g. `theme.screens.dashboard.title.foreground`; nil when the whole file is wrong.
  public let keyPath: String?
  /// The one line in English, without `error: `.
  public let message: String
  /// The same in no language, for an app to word in the reader's; nil for an error made from a message.
  public let problem: PartnerProblem?

  /// An error of `kind` saying `message`.
  public init(kind: Kind, keyPath: String? = nil, message: String) {
    self.kind = kind
    self.keyPath = keyPath
    self.message = message
    problem = nil
  }

  /// The error `problem` describes.
  public init(_ problem: PartnerProblem) {
    kind = problem.kind
    keyPath = problem.keyPath
    message = problem.text
    self.problem = problem
  }

  public var description: String { message }

  /// Two errors are the same when they say the same (whether or not they carry a problem).
  public static func == (lhs: PartnerConfigurationError, rhs: PartnerConfigurationError) -> Bool {
    lhs.kind == rhs.kind && lhs.keyPath == rhs.keyPath && lhs.message == rhs.message
  }
}
