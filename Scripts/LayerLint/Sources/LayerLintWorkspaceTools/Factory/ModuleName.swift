/// A new module's name and the spellings the factory derives from it: `CargoBay` is the command
/// `cargo-bay`, the identifier `cargoBay`, the title `Cargo Bay`.
struct ModuleName: Equatable, Sendable {
  /// The UpperCamelCase module name, e.g. `CargoBay`.
  let name: String

  /// The name cut into its words: `HTTPProbe2` → `HTTP`, `Probe2`; `CargoBay` → `Cargo`, `Bay`.
  var words: [String] {
    var words: [String] = []
    var current = ""
    let characters = Array(name)
    for (index, character) in characters.enumerated() {
      if character.isUppercase && index > 0 {
        let previous = characters[index - 1]
        let nextIsLower = index + 1 < characters.count && characters[index + 1].isLowercase
        if previous.isLowercase || previous.isNumber || (previous.isUppercase && nextIsLower) {
          words.append(current)
          current = ""
        }
      }
      current.append(character)
    }
    if !current.isEmpty { words.append(current) }
    return words
  }

  /// `cargo-bay`: the command word, the product name of an executable.
  var kebab: String { words.map { $0.lowercased() }.joined(separator: "-") }

  /// `cargoBay`: the name of the domain's destination and of the screen it draws.
  var lowerCamel: String {
    guard let first = words.first else { return name }
    return first.lowercased() + words.dropFirst().joined()
  }

  /// `Cargo Bay`: how a person reads the name.
  var title: String { words.joined(separator: " ") }

  /// Whether `name` is UpperCamelCase: an ASCII capital first, letters and digits only, a lowercase letter somewhere.
  static func isUpperCamelCase(_ name: String) -> Bool {
    guard let first = name.unicodeScalars.first, ("A"..."Z").contains(first) else { return false }
    return name.unicodeScalars.allSatisfy {
      ("A"..."Z").contains($0) || ("a"..."z").contains($0) || ("0"..."9").contains($0)
    }
      && name.unicodeScalars.contains { ("a"..."z").contains($0) }
  }

  /// Swift's keywords: a generated `static let <lowerCamel>` may not be one.
  static let swiftKeywords: Set<String> = [
    "associatedtype", "class", "deinit", "enum", "extension", "fileprivate", "func", "import", "init", "inout",
    "internal", "let", "open", "operator", "private", "precedencegroup", "protocol", "public", "rethrows",
    "static", "struct", "subscript", "typealias", "var", "break", "case", "catch", "continue", "default", "defer",
    "do", "else", "fallthrough", "for", "guard", "if", "in", "repeat", "return", "throw", "switch", "where", "while",
    "any", "as", "await", "false", "is", "nil", "self", "super", "throws", "true", "try", "some", "consume",
    "borrowing", "consuming",
  ]
}
