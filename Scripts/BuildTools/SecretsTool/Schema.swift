import Foundation

/// `secrets/schema.json`: the secrets there are (name, what it is, its development value) and
/// which app target gets which. It holds no secret; the values live in `secrets/secrets.json.gpg`.
struct SecretsSchema {
  /// One secret as the schema describes it.
  struct Secret: Equatable {
    /// The accessor's name in `AppSecrets`, e.g. "houstonToken".
    let name: String
    /// What it is, for the accessor's doc comment.
    let about: String
    /// The value a build without exported secrets carries.
    let development: String
  }

  /// Every secret, by name.
  let secrets: [String: Secret]
  /// The secrets each app target gets, by target name.
  let targets: [String: [String]]

  /// Reads and checks the schema at `url`.
  static func load(_ url: URL) throws -> SecretsSchema {
    guard let data = FileManager.default.contents(atPath: url.path) else {
      throw ToolError.io("cannot read \(url.path); it lists the secrets and which app gets which")
    }
    guard let object = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any] else {
      throw ToolError.data("\(url.path) is not a JSON object")
    }
    guard let secretsObject = object["secrets"] as? [String: Any], let targetsObject = object["targets"] as? [String: Any]
    else {
      throw ToolError.data("\(url.path) needs the objects \"secrets\" and \"targets\"")
    }
    var secrets: [String: Secret] = [:]
    for (name, value) in secretsObject {
      guard isIdentifier(name) else {
        throw ToolError.data(
          "\(url.path): secrets.\(name) is not a lowerCamelCase Swift name (letters and digits, e.g. houstonToken)")
      }
      guard let entry = value as? [String: Any], let about = entry["about"] as? String,
        let development = entry["development"] as? String, !development.isEmpty
      else {
        throw ToolError.data(
          "\(url.path): secrets.\(name) needs \"about\" (a string) and \"development\" (a non-empty string)")
      }
      secrets[name] = Secret(name: name, about: about, development: development)
    }
    var targets: [String: [String]] = [:]
    for (target, value) in targetsObject {
      guard let names = value as? [String] else {
        throw ToolError.data("\(url.path): targets.\(target) must be a list of secret names")
      }
      for name in names where secrets[name] == nil {
        throw ToolError.data("\(url.path): targets.\(target) names \"\(name)\", which is not in \"secrets\"")
      }
      targets[target] = names.sorted()
    }
    return SecretsSchema(secrets: secrets, targets: targets)
  }

  /// The secrets `target` gets, sorted by name; a target the schema does not list gets none.
  func secrets(for target: String) -> [Secret] {
    (targets[target] ?? []).compactMap { secrets[$0] }
  }

  /// The values in `plaintext` (a JSON object of strings), checked against the schema: every
  /// secret present and non-empty, nothing unknown.
  func values(from plaintext: Data) throws -> [String: String] {
    guard let object = (try? JSONSerialization.jsonObject(with: plaintext)) as? [String: Any] else {
      throw ToolError.data(
        "the secrets are not a JSON object; write them as {\"houstonToken\": \"…\", …} (one entry per secret in secrets/schema.json)"
      )
    }
    var values: [String: String] = [:]
    for (name, value) in object {
      guard secrets[name] != nil else {
        let known = secrets.keys.sorted().joined(separator: ", ")
        throw ToolError.data("the secrets name \"\(name)\", which secrets/schema.json does not list (it lists: \(known))")
      }
      guard let text = value as? String, !text.isEmpty else {
        throw ToolError.data("the secret \"\(name)\" must be a non-empty string")
      }
      values[name] = text
    }
    if let missing = secrets.keys.sorted().first(where: { values[$0] == nil }) {
      throw ToolError.data("the secrets lack \"\(missing)\", which secrets/schema.json lists; add its value")
    }
    return values
  }

  /// Whether `name` can be an accessor: lowerCamelCase letters and digits, and not one `AppSecrets` uses.
  static func isIdentifier(_ name: String) -> Bool {
    guard let first = name.unicodeScalars.first, ("a"..."z").contains(first) else { return false }
    let reserved: Set<String> = ["isDevelopment", "reveal", "init", "self", "default", "static", "let", "var"]
    return !reserved.contains(name)
      && name.unicodeScalars.allSatisfy { ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0) }
  }
}
