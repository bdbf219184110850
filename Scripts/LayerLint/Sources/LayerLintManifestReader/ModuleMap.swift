import Foundation

/// The module names a Clang module map declares: a system-library target `CSQLite` may declare
/// `module sqlite3 [system] { … }`, and Swift code then writes `import sqlite3`.
package enum ModuleMap {
  /// The top-level modules declared by `<root>/<targetPath>/module.modulemap`; empty when there is none.
  package static func declaredModules(root: String, targetPath: String) -> [String] {
    let path = (root as NSString).appendingPathComponent(
      (targetPath as NSString).appendingPathComponent("module.modulemap"))
    guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { return [] }
    return declaredModules(in: text)
  }

  /// The top-level `module` / `framework module` / `extern module` names of a module map's text.
  package static func declaredModules(in text: String) -> [String] {
    var names: [String] = []
    var depth = 0
    var previous: [String] = []
    for token in tokens(of: text) {
      switch token {
      case "{": depth += 1
      case "}": depth = max(0, depth - 1)
      default:
        if depth == 0, previous.last == "module", token != "*" {
          let name = token.hasPrefix("\"") ? String(token.dropFirst().dropLast()) : token
          if !names.contains(name) { names.append(name) }
        }
      }
      if depth == 0 { previous = Array((previous + [token]).suffix(2)) }
    }
    return names
  }

  /// Identifiers, quoted strings, braces and other punctuation; comments dropped.
  private static func tokens(of text: String) -> [String] {
    var result: [String] = []
    let scalars = Array(text.unicodeScalars)
    var index = 0
    func isWord(_ scalar: Unicode.Scalar) -> Bool {
      CharacterSet.alphanumerics.contains(scalar) || scalar == "_" || scalar == "." || scalar == "-"
    }
    while index < scalars.count {
      let scalar = scalars[index]
      if scalar == "/" && index + 1 < scalars.count && scalars[index + 1] == "/" {
        while index < scalars.count && scalars[index] != "\n" { index += 1 }
      } else if scalar == "/" && index + 1 < scalars.count && scalars[index + 1] == "*" {
        index += 2
        while index + 1 < scalars.count && !(scalars[index] == "*" && scalars[index + 1] == "/") { index += 1 }
        index += 2
      } else if scalar == "\"" {
        var end = index + 1
        while end < scalars.count && scalars[end] != "\"" && scalars[end] != "\n" { end += 1 }
        result.append(String(String.UnicodeScalarView(scalars[index...min(end, scalars.count - 1)])))
        index = end + 1
      } else if isWord(scalar) {
        let start = index
        while index < scalars.count && isWord(scalars[index]) { index += 1 }
        result.append(String(String.UnicodeScalarView(scalars[start..<index])))
      } else {
        if !CharacterSet.whitespacesAndNewlines.contains(scalar) { result.append(String(scalar)) }
        index += 1
      }
    }
    return result
  }
}
