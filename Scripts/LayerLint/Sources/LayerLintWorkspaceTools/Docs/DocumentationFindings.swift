import Foundation

/// A documentation problem in a module whose layer must be fully documented.
struct DocumentationFinding: Equatable, Sendable {
  enum Kind: String, Sendable {
    /// A public symbol without a doc comment of its own or one it inherits.
    case undocumented
    /// A symbol link (``` ``Name`` ```) that resolves to nothing, or to more than one symbol.
    case brokenLink = "broken-link"
    /// Any other warning DocC reported, such as a parameter the comment leaves out.
    case docc
  }

  let kind: Kind
  /// The file, relative to the package root when it is inside it.
  let file: String
  /// The 1-based line, 1 when unknown.
  let line: Int
  let module: String
  let message: String

  /// `path:line: error: [kind] Module: message`
  var rendered: String { "\(file):\(line): error: [\(kind.rawValue)] \(module): \(message)" }
}

/// Reads a module's symbol graphs (`swift package dump-symbol-graph`) for public symbols without docs.
enum SymbolGraphCoverage {
  /// The symbol-graph files of `module` in `folder`: `M.symbols.json` and extensions' `M@Other.symbols.json`.
  static func files(of module: String, in folder: URL) -> [URL] {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
    return names.filter {
      $0 == "\(module).symbols.json" || ($0.hasPrefix("\(module)@") && $0.hasSuffix(".symbols.json"))
    }
    .sorted().map { folder.appendingPathComponent($0) }
  }

  /// Public and open symbols declared in the module's sources (compiler-synthesized ones have no
  /// location and are left out) that carry no doc comment, not even one inherited from the
  /// requirement they implement.
  static func undocumented(module: String, graphs: [URL], packageRoot: String) -> [DocumentationFinding] {
    var findings: [DocumentationFinding] = []
    for graph in graphs {
      guard let data = FileManager.default.contents(atPath: graph.path),
        let root = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
        let symbols = root["symbols"] as? [[String: Any]]
      else { continue }
      for symbol in symbols {
        guard ["public", "open"].contains(symbol["accessLevel"] as? String ?? ""), symbol["docComment"] == nil,
          let location = symbol["location"] as? [String: Any], let uri = location["uri"] as? String
        else { continue }
        let path = (symbol["pathComponents"] as? [String])?.joined(separator: ".") ?? "?"
        let kind = ((symbol["kind"] as? [String: Any])?["displayName"] as? String)?.lowercased() ?? "symbol"
        let line = ((location["position"] as? [String: Any])?["line"] as? Int).map { $0 + 1 } ?? 1
        findings.append(
          DocumentationFinding(
            kind: .undocumented, file: relative(uri, to: packageRoot), line: line, module: module,
            message: "public \(kind) \(path) has no doc comment"))
      }
    }
    return findings.sorted { ($0.file, $0.line, $0.message) < ($1.file, $1.line, $1.message) }
  }

  /// DocC's warnings and errors from its `--diagnostics-file` JSON.
  static func doccDiagnostics(_ data: Data, module: String, packageRoot: String) -> [DocumentationFinding] {
    guard let root = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
      let diagnostics = root["diagnostics"] as? [[String: Any]]
    else { return [] }
    return diagnostics.compactMap { diagnostic in
      guard ["warning", "error"].contains(diagnostic["severity"] as? String ?? ""),
        let summary = diagnostic["summary"] as? String
      else { return nil }
      let start = (diagnostic["range"] as? [String: Any])?["start"] as? [String: Any]
      let isLink = summary.contains("doesn't exist at") || summary.contains("is ambiguous at")
      return DocumentationFinding(
        kind: isLink ? .brokenLink : .docc, file: relative(diagnostic["source"] as? String ?? module, to: packageRoot),
        line: start?["line"] as? Int ?? 1, module: module, message: summary)
    }
  }

  /// `file:///root/Core/X.swift` → `Core/X.swift`.
  static func relative(_ uri: String, to root: String) -> String {
    var path = uri.hasPrefix("file://") ? (URL(string: uri)?.path ?? String(uri.dropFirst(7))) : uri
    let prefix = URL(fileURLWithPath: root).standardizedFileURL.path + "/"
    if path.hasPrefix(prefix) { path = String(path.dropFirst(prefix.count)) }
    return path
  }
}
