import Foundation

// What the style-key and partner-file tools check and write: names, booleans, styles, and Swift
// literals. A problem is one line naming the file and the key path; a tool collects them all, then
// fails with every one.

/// Words a declared name may not be, since it becomes a Swift identifier (an enum case or a static
/// constant), or a member the types it extends already have.
let reservedNames: Set<String> = [
  "as", "break", "case", "catch", "class", "continue", "default", "defer", "do", "else", "enum", "extension",
  "fallthrough", "false", "for", "func", "guard", "if", "import", "in", "init", "inout", "is", "let", "nil",
  "operator", "private", "protocol", "public", "repeat", "return", "self", "static", "struct", "subscript",
  "super", "switch", "throw", "throws", "true", "try", "var", "where", "while", "allCases", "rawValue",
  "package", "name", "help", "defaultValue", "description", "values", "module", "declaredInPackage",
]

/// The problems found so far, one line each.
@MainActor package var problems: [String] = []

/// Prints every problem as an `error:` line on standard error and exits 1.
package func fail(_ problems: [String]) -> Never {
  for problem in problems { FileHandle.standardError.write(Data("error: \(problem)\n".utf8)) }
  exit(1)
}

/// A lowerCamelCase name of letters and digits that can be a Swift identifier here.
package func isName(_ text: String) -> Bool {
  guard let first = text.unicodeScalars.first, ("a"..."z").contains(first) else { return false }
  return text.unicodeScalars.allSatisfy {
    ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0)
  }
    && !reservedNames.contains(text)
}

/// True for JSON's `true` and `false` only (Foundation also casts the numbers 0 and 1 to `Bool`).
package func isBoolean(_ value: Any?) -> Bool {
  guard let value, value is Bool else { return false }
  return type(of: value) == Bool.self || String(describing: type(of: value)).contains("Boolean")
}

/// `text` as a Swift string literal: quotes, backslashes and control characters escaped.
package func literal(_ text: String) -> String {
  var body = ""
  for scalar in text.unicodeScalars {
    switch scalar {
    case "\"", "\\": body += "\\\(scalar)"
    case _ where scalar.value < 0x20 || scalar.value == 0x7F: body += "\\u{\(String(scalar.value, radix: 16))}"
    default: body.unicodeScalars.append(scalar)
    }
  }
  return "\"\(body)\""
}

/// `text` as a multi-line raw string literal, with enough `#`s that nothing in it ends or escapes it.
package func rawLiteral(_ text: String) -> String {
  var longest = 0
  var run: Int?
  for character in text {
    if character == "#", let count = run {
      run = count + 1
      longest = max(longest, count + 1)
    } else {
      run = character == "\"" || character == "\\" ? 0 : nil
    }
  }
  let hashes = String(repeating: "#", count: longest + 1)
  return "\(hashes)\"\"\"\n\(text)\n\"\"\"\(hashes)"
}

/// The JSON object in the file at `path`, or nil (and a problem naming `file`).
@MainActor package func readObject(_ path: String, file: String, expected: String) -> [String: Any]? {
  do {
    guard
      let object = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path)))
        as? [String: Any]
    else {
      problems.append("\(file): expected \(expected)")
      return nil
    }
    return object
  } catch {
    problems.append("\(file): not JSON (\(error.localizedDescription))")
    return nil
  }
}

/// A style as Swift (`TextStyle(foreground: .named(.cyan), attributes: [.bold])`).
@MainActor package func style(_ value: Any?, at path: String, file: String) -> String {
  guard let object = value as? [String: Any] else {
    problems.append(
      "\(file): \(path): expected a text style (an object), found \(String(describing: value ?? "nothing"))")
    return "TextStyle()"
  }
  var arguments: [String] = []
  for key in object.keys.sorted() where !["foreground", "background", "attributes"].contains(key) {
    problems.append("\(file): \(path).\(key): unknown key (a style has foreground, background, attributes)")
  }
  for key in ["foreground", "background"] {
    guard let value = object[key] else { continue }
    guard let text = value as? String else {
      problems.append("\(file): \(path).\(key): expected a colour name or #RRGGBB")
      continue
    }
    if text.count == 7, text.first == "#", text.dropFirst().allSatisfy(\.isHexDigit),
      let rgb = UInt32(text.dropFirst(), radix: 16)
    {
      arguments.append("\(key): .rgb(red: \(rgb >> 16 & 0xFF), green: \(rgb >> 8 & 0xFF), blue: \(rgb & 0xFF))")
    } else if isName(text) || text == "default" {
      arguments.append("\(key): .named(.`\(text)`)")  // a name the enum lacks fails the build
    } else {
      problems.append("\(file): \(path).\(key): \"\(text)\" is not a colour name or #RRGGBB")
    }
  }
  if let value = object["attributes"] {
    let names = value as? [String] ?? []
    if names.count != (value as? [Any])?.count || !names.allSatisfy(isName) {
      problems.append("\(file): \(path).attributes: expected a list of attribute names")
    }
    arguments.append("attributes: [\(names.map { ".\($0)" }.joined(separator: ", "))]")
  }
  return "TextStyle(\(arguments.joined(separator: ", ")))"
}

/// `styles` (element name → style) as a dictionary literal, for the elements `allowed`.
@MainActor package func styleMap(_ styles: [String: Any], allowed: [String], at path: String, file: String) -> String {
  var entries: [String] = []
  for name in styles.keys.sorted() {
    guard allowed.contains(name) else {
      problems.append("\(file): \(path).\(name): not an element here (known here: \(allowed.joined(separator: ", ")))")
      continue
    }
    entries.append(".\(name): " + style(styles[name], at: "\(path).\(name)", file: file))
  }
  return entries.isEmpty ? "[:]" : "[\(entries.joined(separator: ", "))]"
}

/// The objects of the list at `key` of `object`, each with a unique `name` and a `help`; `required`:
/// the list must be there and not empty.
@MainActor package func namedObjects(
  _ object: [String: Any], _ key: String, file: String, required: Bool
) -> [(name: String, object: [String: Any])] {
  guard let value = object[key] else {
    if required { problems.append("\(file): \(key): expected a non-empty list of objects") }
    return []
  }
  guard let list = value as? [[String: Any]], !(required && list.isEmpty) else {
    problems.append("\(file): \(key): expected a \(required ? "non-empty " : "")list of objects")
    return []
  }
  var seen: Set<String> = []
  return list.enumerated().compactMap { index, entry in
    guard let name = entry["name"] as? String, isName(name) else {
      problems.append(
        "\(file): \(key)[\(index)].name: expected a lowerCamelCase name that is not a Swift keyword or a member name")
      return nil
    }
    if !seen.insert(name).inserted { problems.append("\(file): \(key)[\(index)]: \"\(name)\" is listed twice") }
    let help = entry["help"] as? String ?? ""
    if help.isEmpty || help.contains(where: \.isNewline) {
      problems.append("\(file): \(key).\(name).help: expected a text of one line")
    }
    return (name, entry)
  }
}

/// One problem per key of `object` that is not `known`.
@MainActor package func refuseUnknownKeys(_ object: [String: Any], known: [String], at path: String, file: String) {
  for key in object.keys.sorted() where !known.contains(key) {
    problems.append("\(file): \(path)\(key): unknown key (known here: \(known.joined(separator: ", ")))")
  }
}

/// The object at `key` of `object`, or a problem.
@MainActor package func object(_ object: [String: Any], _ key: String, at path: String, file: String) -> [String: Any]?
{
  guard let value = object[key] as? [String: Any] else {
    problems.append("\(file): \(path)\(key): expected an object")
    return nil
  }
  return value
}

/// Writes `text` to `url` unless it already holds exactly that (so nothing that depends on the file
/// is rebuilt for nothing).
package func write(_ text: String, to url: URL) throws {
  if let current = try? String(contentsOf: url, encoding: .utf8), current == text { return }
  try Data(text.utf8).write(to: url, options: .atomic)
}
