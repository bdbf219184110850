/// A text in JSON is its English line, as logs and `--json` keep every text; read back, it is shown
/// as it was written. A model with a `LocalizedText` field so prints the same JSON in every language.
extension LocalizedText: Codable {
  public init(from decoder: any Decoder) throws {
    self = .verbatim(try decoder.singleValueContainer().decode(String.self))
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(description)
  }
}
