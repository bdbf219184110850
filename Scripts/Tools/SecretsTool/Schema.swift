import Foundation

/// `secrets/schema.json`: the secrets there are — each key (`houston.development.token`), what it
/// is and its development value. It holds no secret; the values live in `secrets/secrets.json.gpg`.
struct SecretsSchema {
  /// One secret as the schema describes it.
  struct Secret: Equatable {
    /// Its key, e.g. "houston.development.token": lowercase words joined by dots.
    let key: String
    /// What it is.
    let about: String
    /// The value a build without exported secrets carries.
    let development: String
  }

  /// Every secret, sorted by key.
  let secrets: [Secret]

  var keys: [String] { secrets.map(\.key) }

  /// Reads and checks the schema at `url`.
  static func load(_ url: URL) throws -> SecretsSchema {
    guard let data = FileManager.default.contents(atPath: url.path) else {
      throw ToolError.io("cannot read \(url.path); it lists the secrets, what each is and its development value")
    }
    guard let object = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any],
      let entries = object["secrets"] as? [String: Any]
    else {
      throw ToolError.data("\(url.path) must be a JSON object with an object \"secrets\"")
    }
    var secrets: [Secret] = []
    for (key, value) in entries {
      guard isKey(key) else {
        throw ToolError.data(
          "\(url.path): \"\(key)\" is not a key; use lowercase words joined by dots, e.g. houston.development.token")
      }
      guard let entry = value as? [String: Any], let about = entry["about"] as? String,
        let development = entry["development"] as? String, !development.isEmpty
      else {
        throw ToolError.data(
          "\(url.path): secrets.\(key) needs \"about\" (a string) and \"development\" (a non-empty string)")
      }
      secrets.append(Secret(key: key, about: about, development: development))
    }
    return SecretsSchema(secrets: secrets.sorted { $0.key < $1.key })
  }

  /// The development values, by key.
  var developmentValues: [String: String] {
    Dictionary(uniqueKeysWithValues: secrets.map { ($0.key, $0.development) })
  }

  /// The values in `plaintext` (a JSON object of strings), checked against the schema: every
  /// secret present and non-empty, nothing unknown.
  func values(from plaintext: Data) throws -> [String: String] {
    guard let object = (try? JSONSerialization.jsonObject(with: plaintext)) as? [String: Any] else {
      throw ToolError.data(
        "the secrets are not a JSON object; write them as {\"houston.development.token\": \"…\", …} "
          + "(one entry per key in secrets/schema.json)")
    }
    var values: [String: String] = [:]
    for (key, value) in object {
      guard keys.contains(key) else {
        throw ToolError.data(
          "the secrets name \"\(key)\", which secrets/schema.json does not list (it lists: \(keys.joined(separator: ", ")))"
        )
      }
      guard let text = value as? String, !text.isEmpty else {
        throw ToolError.data("the secret \"\(key)\" must be a non-empty string")
      }
      values[key] = text
    }
    if let missing = keys.first(where: { values[$0] == nil }) {
      throw ToolError.data("the secrets lack \"\(missing)\", which secrets/schema.json lists; add its value")
    }
    return values
  }

  /// Whether `key` is lowercase words (letters, digits, dashes) joined by dots, at least two words.
  static func isKey(_ key: String) -> Bool {
    let words = key.split(separator: ".", omittingEmptySubsequences: false)
    return words.count >= 2
      && words.allSatisfy { word in
        guard let first = word.unicodeScalars.first, ("a"..."z").contains(first) else { return false }
        return word.unicodeScalars.allSatisfy { ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "-" }
      }
  }
}
