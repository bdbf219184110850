import Foundation

// partner-file compiler: PartnerFileCompiler MODULE SCHEMA.json KEYS.swift PARTNERS.swift [PARTNER.json...]
//
// SCHEMA is the style schema: every element type a partner can style (name, help, whether every
// partner must set it, the framework's base style) and every screen (name, help, the elements it
// shows, the framework's styles for some of them there). KEYS.swift gets `enum StyleElement`,
// `enum StyleScreen` and `StyleSchema.workspace`, so code names elements and screens only through
// generated constants. PARTNERS.swift embeds each PARTNER file (`<id>.json`) as it is, and as a
// `PartnerConfiguration` value checked here, so the module finds its partners wherever the executable
// runs and starts without decoding them. A problem fails the build with one line per problem,
// naming the file and the key path.

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

/// True for JSON's `true` and `false` only (Foundation also casts the numbers 0 and 1 to `Bool`).
func isBoolean(_ value: Any?) -> Bool {
  guard let value, value is Bool else { return false }
  return type(of: value) == Bool.self || String(describing: type(of: value)).contains("Boolean")
}

/// `text` as a Swift string literal: quotes, backslashes and control characters escaped.
func literal(_ text: String) -> String {
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
  return "\(hashes)\"\"\"\n\(text)\n\"\"\"\(hashes)"
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

/// One problem per key of `object` that is not `known`.
@MainActor func refuseUnknownKeys(_ object: [String: Any], known: [String], at path: String, file: String) {
  for key in object.keys.sorted() where !known.contains(key) {
    problems.append("\(file): \(path)\(key): unknown key (known here: \(known.joined(separator: ", ")))")
  }
}

/// The object at `key` of `object`, or a problem.
@MainActor func object(_ object: [String: Any], _ key: String, at path: String, file: String) -> [String: Any]? {
  guard let value = object[key] as? [String: Any] else {
    problems.append("\(file): \(path)\(key): expected an object")
    return nil
  }
  return value
}

/// `styles` (element name → style) as a dictionary literal, for the elements `allowed`.
@MainActor func styleMap(_ styles: [String: Any], allowed: [String], at path: String, file: String) -> String {
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

/// A shipped partner file as a `PartnerConfiguration` expression, checked here as the module checks
/// a partner file it reads: the id is the file's name, the name one line, the theme within the
/// schema, the providers names. The feature toggles become the arguments of
/// `FeatureToggles.compiled(…)`, in alphabetical order and none defaulted, so a toggle missing,
/// unknown or misspelt fails the Swift build; the module's tests check that each value is what
/// reading its file gives.
@MainActor func partnerValue(
  _ text: String, id: String, file: String, elements: [(name: String, object: [String: Any])],
  screens: [(name: String, object: [String: Any])]
) -> String {
  guard let partner = (try? JSONSerialization.jsonObject(with: Data(text.utf8))) as? [String: Any] else {
    problems.append("\(file): expected a JSON object (a partner configuration)")
    return ""
  }
  refuseUnknownKeys(partner, known: ["id", "name", "theme", "features", "analytics"], at: "", file: file)
  if partner["id"] as? String != id {
    problems.append("\(file): id: expected \"\(id)\", the file's name")
  }
  let name = partner["name"] as? String ?? ""
  if name.allSatisfy(\.isWhitespace) || name.contains(where: \.isNewline) {
    problems.append("\(file): name: expected the name people read, on one line")
  }
  var base = "[:]"
  var screenStyles: [String] = []
  if let theme = object(partner, "theme", at: "", file: file) {
    refuseUnknownKeys(theme, known: ["base", "screens"], at: "theme.", file: file)
    if let styles = object(theme, "base", at: "theme.", file: file) {
      for element in elements where element.object["required"] as? Bool == true && styles[element.name] == nil {
        problems.append("\(file): theme.base.\(element.name): missing (every partner styles it)")
      }
      base = styleMap(styles, allowed: elements.map(\.name), at: "theme.base", file: file)
    }
    let screenObjects = theme["screens"] == nil ? [:] : object(theme, "screens", at: "theme.", file: file) ?? [:]
    for screenName in screenObjects.keys.sorted() {
      guard let screen = screens.first(where: { $0.name == screenName }) else {
        problems.append("\(file): theme.screens.\(screenName): not a screen of the schema")
        continue
      }
      guard let styles = object(screenObjects, screenName, at: "theme.screens.", file: file) else { continue }
      let shown = screen.object["elements"] as? [String] ?? []
      screenStyles.append(
        ".\(screenName): " + styleMap(styles, allowed: shown, at: "theme.screens.\(screenName)", file: file))
    }
  }
  var toggles: [String] = []
  if let features = object(partner, "features", at: "", file: file) {
    for key in features.keys.sorted() {
      guard isName(key), isBoolean(features[key]) else {
        problems.append("\(file): features.\(key): expected true or false")
        continue
      }
      toggles.append("\(key): \(features[key] as? Bool == true)")
    }
  }
  var providers: [String] = []
  if let analytics = object(partner, "analytics", at: "", file: file) {
    refuseUnknownKeys(analytics, known: ["providers"], at: "analytics.", file: file)
    let names = analytics["providers"] as? [Any] ?? []
    if analytics["providers"] as? [Any] == nil || names.contains(where: { !isName($0 as? String ?? "") }) {
      problems.append("\(file): analytics.providers: expected a list of provider names")
    }
    for case let name as String in names where isName(name) && !providers.contains(".\(name)") {
      providers.append(".\(name)")
    }
  }
  let screensLiteral = screenStyles.isEmpty ? "[:]" : "[\(screenStyles.joined(separator: ", "))]"
  return """
    PartnerConfiguration(
            id: \(literal(id)), name: \(literal(name)),
            theme: PartnerTheme(base: \(base), screens: \(screensLiteral)),
            features: .compiled(\(toggles.joined(separator: ", "))),
            analytics: AnalyticsSelection(providers: [\(providers.joined(separator: ", "))]))
    """
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
  if element.object["required"] != nil && !isBoolean(element.object["required"]) {
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

  /// The partner files shipped in Partners/, by id (the file's name): as they are written, and as
  /// the configurations they give, checked and made when the module was built.
  enum ShippedPartners {
    static let files: [String: String] = [

  """
var ids: Set<String> = []
var configurations: [String] = []
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
    let file = "\(module)/Partners/\(url.lastPathComponent)"
    configurations.append(
      "    case \(literal(id)):  // \(file)\n      return \(partnerValue(text, id: id, file: file, elements: elements, screens: screens))\n"
    )
  } catch {
    problems.append(
      "\(module)/Partners/\(url.lastPathComponent): cannot be read as UTF-8 text (\(error.localizedDescription))")
  }
}
partners += ids.isEmpty ? "    :\n" : ""
partners += "  ]\n\n  /// The configuration of the shipped partner `id`; nil for an id none has.\n"
partners += "  static func configuration(_ id: String) -> PartnerConfiguration? {\n    switch id {\n"
partners += configurations.joined() + "    default:\n      return nil\n    }\n  }\n}\n"
if !problems.isEmpty { fail(problems) }

do {
  try Data(source.utf8).write(to: keysOutput, options: .atomic)
  try Data(partners.utf8).write(to: partnersOutput, options: .atomic)
} catch {
  fail(["cannot write \(keysOutput.path) or \(partnersOutput.path): \(error.localizedDescription)"])
}
