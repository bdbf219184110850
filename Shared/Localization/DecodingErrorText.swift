extension DecodingError {
  /// Where the decoder stopped, as a key path: `a.b[2].c` (the missing key included for
  /// `keyNotFound`); empty at the top level of the document.
  public var keyPathText: String {
    let path: [any CodingKey]
    switch self {
    case .keyNotFound(let key, let context): path = context.codingPath + [key]
    case .typeMismatch(_, let context), .valueNotFound(_, let context), .dataCorrupted(let context):
      path = context.codingPath
    @unknown default: path = []
    }
    var text = ""
    for key in path {
      if let index = key.intValue {
        text += "[\(index)]"
      } else {
        text += text.isEmpty ? key.stringValue : ".\(key.stringValue)"
      }
    }
    return text
  }

  /// What is wrong there, in the decoder's words without its dump of the error's structure:
  /// `missing key "name"`, `expected Double but found null`.
  public var reasonText: String {
    switch self {
    // untranslated: a decoding detail, quoted verbatim like the decoder's own
    case .keyNotFound(let key, _): "missing key \"\(key.stringValue)\""
    // untranslated: a decoding detail, quoted verbatim like the decoder's own
    case .valueNotFound(let type, _): "expected \(type) but found null"
    case .typeMismatch(let type, let context): "expected \(type): \(context.debugDescription)"
    case .dataCorrupted(let context): context.debugDescription
    @unknown default: "\(self)"
    }
  }

  /// One line a person can read, naming the key path: `body.speed: expected Double: …`, or the
  /// reason alone at the top level — never the error's raw dump.
  public var readableLine: String {
    let path = keyPathText
    return path.isEmpty ? reasonText : "\(path): \(reasonText)"
  }

  /// `error` as one readable line: a decoding error's ``readableLine``, any other error's description.
  public static func readableLine(for error: any Error) -> String {
    (error as? DecodingError)?.readableLine ?? String(describing: error)
  }
}
