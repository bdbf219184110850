import Foundation

// partner-file compiler: PartnerFileCompiler MODULE SCHEMA.json KEYS.swift PARTNERS.swift [PARTNER.json...]
//
// SCHEMA is the style schema: every element type a partner can style (name, help, whether every
// partner must set it, the framework's base style) and every screen (name, help, the elements it
// shows, the framework's styles for some of them there). KEYS.swift gets `enum StyleElement`,
// `enum StyleScreen` and `StyleSchema.workspace`, so code names elements and screens only through
// generated constants. PARTNERS.swift embeds each PARTNER file (`<id>.json`) as it is, so the
// module finds its partners wherever the executable runs. A problem fails the build with one line
// per problem, naming the file and the key path.

/// Words an element or screen may not be named, since it becomes an enum case.
let swiftKeywords: Set<String> = [
  "as", "break", "case", "catch", "class", "continue", "default", "defer", "do", "else", "enum", "extension",
  "fallthrough", "false", "for", "func", "guard", "if", "import", "in", "init", "inout", "is", "let", "nil",
  "operator", "private", "protocol", "public", "repeat", "return", "self", "static", "struct", "subscript",
  "super", "switch", "throw", "throws", "true", "try", "var", "where", "while", "allCases", "rawValue",
]

var problems: [String] = []

func fail(_ problems: [String]) -> Never {
  for problem in problems { FileHandle.standardError.write(Data("error: \(problem)\n".utf8)) }
  exit(1)
}

/// A lowerCamelCase name of letters and digits that can be an enum case.
func isName(_ text: String) -> Bool {
  guard let first = text.unicodeScalars.first, ("a"..."z").contains(first) else { return false }
  return text.unicodeScalars.allSatisfy {
    ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0)
  }
    && !swiftKeywords.contains(text)
}

/// A partner's id (its file's name): lowercase letters, digits and hyphens.
func isPartnerID(_ text: String) -> Bool {
  !text.isEmpty && text.first != "-"
    && text.unicodeScalars.allSatisfy { ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "-" }
}

func literal(_ text: String) -> String {
  "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
}

/// `text` as a multi-line raw string literal, with enough `#`s that nothing in it ends or escapes it.
func rawLiteral(_ text: String) -> String {
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
  let body = text.hasSuffix("\n") ? String(text.dropLast()) : text
  return "\(hashes)\"\"\"\n\(body)\n\"\"\"\(hashes)"
}

/// A style of the schema as Swift (`TextStyle(foreground: .named(.cyan), attributes: [.bold])`).
@MainActor func style(_ value: Any?, at path: String, file: String) -> String {
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

/// The objects of the list at `key` of the schema, each with a unique `name`.
@MainActor func namedObjects(
  _ schema: [String: Any], _ key: String, file: String
) -> [(name: String, object: [String: Any])] {
  guard let list = schema[key] as? [[String: Any]], !list.isEmpty else {
    problems.append("\(file): \(key): expected a non-empty list of objects")
    return []
  }
  var seen: Set<String> = []
  return list.enumerated().compactMap { index, object in
    guard let name = object["name"] as? String, isName(name) else {
      problems.append("\(file): \(key)[\(index)].name: expected a lowerCamelCase name that is not a Swift keyword")
      return nil
    }
    if !seen.insert(name).inserted { problems.append("\(file): \(key)[\(index)]: \"\(name)\" is listed twice") }
    if (object["help"] as? String)?.isEmpty != false {
      problems.append("\(file): \(key).\(name).help: expected a text")
    }
    return (name, object)
  }
}

let arguments = Array(CommandLine.arguments.dropFirst())
guard arguments.count >= 4 else {
  fail(["usage: PartnerFileCompiler MODULE SCHEMA.json KEYS.swift PARTNERS.swift [PARTNER.json...]"])
}
let (module, schemaPath) = (arguments[0], arguments[1])
let (keysOutput, partnersOutput) = (URL(fileURLWithPath: arguments[2]), URL(fileURLWithPath: arguments[3]))
let schemaFile = "\(module)/Styles/\(URL(fileURLWithPath: schemaPath).lastPathComponent)"

let schemaObject: [String: Any]
do {
  guard
    let object = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: schemaPath)))
      as? [String: Any]
  else { fail(["\(schemaFile): expected an object with elements and screens"]) }
  schemaObject = object
} catch {
  fail(["\(schemaFile): not JSON (\(error.localizedDescription))"])
}
for key in schemaObject.keys.sorted() where key != "elements" && key != "screens" {
  problems.append("\(schemaFile): \(key): unknown key (the schema has elements and screens)")
}
let elements = namedObjects(schemaObject, "elements", file: schemaFile)
let screens = namedObjects(schemaObject, "screens", file: schemaFile)
let elementNames = Set(elements.map(\.name))

var source = """
  // Generated by the PartnerFiles plugin from \(schemaFile); edit that, not this file.

  /// A kind of styled text: what a piece of text is, so a theme can pick its look.
  public enum StyleElement: String, Sendable, Hashable, CaseIterable {

  """
for element in elements {
  source += "  /// \(element.object["help"] as? String ?? "")\n  case \(element.name)\n"
}
source +=
  "}\n\n/// A screen a partner can style apart from the others.\npublic enum StyleScreen: String, Sendable, Hashable, CaseIterable {\n"
for screen in screens {
  source += "  /// \(screen.object["help"] as? String ?? "")\n  case \(screen.name)\n"
}
source += """
  }

  extension StyleSchema {
    /// The workspace's schema (\(schemaFile)): every element type and screen, with the framework's styles.
    public static let workspace = StyleSchema(
      elements: [

  """
for element in elements {
  let required = element.object["required"] as? Bool ?? false
  if element.object["required"] != nil && !(element.object["required"] is Bool) {
    problems.append("\(schemaFile): elements.\(element.name).required: expected true or false")
  }
  for key in element.object.keys.sorted() where !["name", "help", "required", "default"].contains(key) {
    problems.append(
      "\(schemaFile): elements.\(element.name).\(key): unknown key (an element has name, help, required, default)")
  }
  let base = style(element.object["default"], at: "elements.\(element.name).default", file: schemaFile)
  source += "      .\(element.name): Element(style: \(base), required: \(required)),\n"
}
source += "    ],\n    screens: [\n"
for screen in screens {
  for key in screen.object.keys.sorted() where !["name", "help", "elements", "styles"].contains(key) {
    problems.append(
      "\(schemaFile): screens.\(screen.name).\(key): unknown key (a screen has name, help, elements, styles)")
  }
  let shown = screen.object["elements"] as? [String] ?? []
  if shown.isEmpty {
    problems.append("\(schemaFile): screens.\(screen.name).elements: expected a list of element names")
  }
  for name in shown where !elementNames.contains(name) {
    problems.append("\(schemaFile): screens.\(screen.name).elements: \"\(name)\" is not an element of the schema")
  }
  let styles = screen.object["styles"] as? [String: Any] ?? [:]
  if screen.object["styles"] != nil && !(screen.object["styles"] is [String: Any]) {
    problems.append("\(schemaFile): screens.\(screen.name).styles: expected an object of element → style")
  }
  var styleSource: [String] = []
  for name in styles.keys.sorted() {
    guard shown.contains(name) else {
      problems.append("\(schemaFile): screens.\(screen.name).styles.\(name): not an element this screen shows")
      continue
    }
    styleSource.append(
      ".\(name): " + style(styles[name], at: "screens.\(screen.name).styles.\(name)", file: schemaFile))
  }
  let stylesArgument = styleSource.isEmpty ? "" : ", styles: [\(styleSource.joined(separator: ", "))]"
  source +=
    "      .\(screen.name): Screen(elements: [\(shown.map { ".\($0)" }.joined(separator: ", "))]\(stylesArgument)),\n"
}
source += "    ])\n}\n"

var partners = """
  // Generated by the PartnerFiles plugin from \(module)/Partners/*.json; edit those, not this file.

  /// The partner files shipped in Partners/, by id (the file's name), as they are written.
  enum ShippedPartners {
    static let files: [String: String] = [

  """
var ids: Set<String> = []
for path in arguments.dropFirst(4).sorted() {
  let url = URL(fileURLWithPath: path)
  let id = url.deletingPathExtension().lastPathComponent
  guard isPartnerID(id) else {
    problems.append(
      "\(module)/Partners/\(url.lastPathComponent): a partner file is named by its id: lowercase letters, digits and hyphens"
    )
    continue
  }
  guard ids.insert(id).inserted else { continue }
  do {
    let text = try String(contentsOf: url, encoding: .utf8)
    partners += "    \(literal(id)): \(rawLiteral(text)),\n"
  } catch {
    problems.append(
      "\(module)/Partners/\(url.lastPathComponent): cannot be read as UTF-8 text (\(error.localizedDescription))")
  }
}
partners += ids.isEmpty ? "    :\n" : ""
partners += "  ]\n}\n"
if !problems.isEmpty { fail(problems) }

do {
  try Data(source.utf8).write(to: keysOutput, options: .atomic)
  try Data(partners.utf8).write(to: partnersOutput, options: .atomic)
} catch {
  fail(["cannot write \(keysOutput.path) or \(partnersOutput.path): \(error.localizedDescription)"])
}
