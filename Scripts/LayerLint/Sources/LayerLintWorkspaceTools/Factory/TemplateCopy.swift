import Foundation
import LayerLintEngine

/// The real modules the factory copies (`Service/TemplateServiceInterface`, `Service/TemplateService`,
/// `Tests/TemplateServiceFakes`, `Domain/TemplateDesk`, their test targets): built and tested with the
/// workspace, so a new module starts from code that compiles, passes its tests and lints clean. A
/// copy is every file of a template's folders with each of the template's spellings in the file names
/// and the text replaced by the new module's, and the template's line of Package.swift renamed alike.
struct TemplateCopy {
  /// The template's spellings and the new module's, e.g. `TemplateDesk` → `CargoBay`.
  let renames: [(from: String, to: String)]

  /// `text` with every spelling replaced in one pass: at each position the longest spelling that
  /// starts there, so `TemplateDesk` is never read as `Template`, and a replacement is never read again.
  func apply(_ text: String) -> String {
    let ordered = renames.sorted { $0.from.count > $1.from.count }
    var result = ""
    var rest = Substring(text)
    outer: while let first = rest.first {
      for rename in ordered where rest.hasPrefix(rename.from) {
        result += rename.to
        rest = rest.dropFirst(rename.from.count)
        continue outer
      }
      result.append(first)
      rest = rest.dropFirst()
    }
    return result
  }

  /// The files of `folder` (a path in the workspace `root`), every level down, as paths inside it and
  /// their text, in path order; refused when the folder is missing or empty. The template's API file
  /// (`<Module>.api`) stays behind: a new module's contract is recorded from its own build
  /// (`Scripts/api dump`), never copied.
  static func files(in folder: String, root: URL) throws(UsageError) -> [(path: String, contents: String)] {
    let url = root.appendingPathComponent(folder)
    guard let paths = try? FileManager.default.subpathsOfDirectory(atPath: url.path) else {
      throw UsageError(
        message: "the factory's template \(folder)/ is missing; it copies the workspace's real templates")
    }
    var files: [(path: String, contents: String)] = []
    for path in paths.sorted() {
      var isFolder: ObjCBool = false
      guard FileManager.default.fileExists(atPath: url.appendingPathComponent(path).path, isDirectory: &isFolder),
        !isFolder.boolValue, !path.hasSuffix(".api")
      else { continue }
      guard let text = try? String(contentsOf: url.appendingPathComponent(path), encoding: .utf8) else {
        throw UsageError(message: "cannot read the factory's template \(folder)/\(path)")
      }
      files.append((path, text))
    }
    if files.isEmpty { throw UsageError(message: "the factory's template \(folder)/ has no files") }
    return files
  }

  /// The one-line entry of the template module `name` in `manifest` (`  .library("Name", …),`), trimmed.
  static func manifestLine(of name: String, in manifest: String) throws(UsageError) -> String {
    let lines = manifest.components(separatedBy: "\n")
    guard
      let line = lines.first(where: { $0.contains(".library(\"\(name)\"") || $0.contains(".testSupport(\"\(name)\"") })
    else { throw UsageError(message: "Package.swift has no line of the factory's template \(name)") }
    return line.trimmingCharacters(in: .whitespaces)
  }
}

extension TemplateCopy {
  /// The renames from a template domain to a new one: its four spellings (`TemplateBoard`,
  /// `templateBoard`, `template-board`, `Template Board`) and its main-menu key, where the route, its
  /// test and its README name it.
  static func domainRenames(
    from template: ModuleName, key templateKey: String, to module: ModuleName, key: String
  ) -> [(from: String, to: String)] {
    [
      (template.name, module.name), (template.lowerCamel, module.lowerCamel), (template.kebab, module.kebab),
      (template.title, module.title), ("key: \"\(templateKey)\"", "key: \"\(key)\""),
      ("\\.key) == [\"\(templateKey)\"]", "\\.key) == [\"\(key)\"]"), ("key `\(templateKey)`", "key `\(key)`"),
    ]
  }
}

/// A template domain the factory copies (`Domain/TemplateBoard`, `Domain/TemplateDesk`): its name,
/// and how a copy renames it.
protocol CopiedDomain {
  static var template: ModuleName { get }
  var copy: TemplateCopy { get }
}

extension CopiedDomain {
  /// The template copied: its line of Package.swift, its sources (`<domainFolder>/<template>/`) and its
  /// tests (`<testFolder>/<template>Tests/`), paths inside those folders, renamed.
  func files(
    root: URL, manifest: String, domainFolder: String, testFolder: String
  ) throws(UsageError) -> (
    manifestLine: String, sources: [(String, String)], tests: [(String, String)]
  ) {
    let name = Self.template.name
    let rename = { (files: [(path: String, contents: String)]) in
      files.map { (copy.apply($0.path), copy.apply($0.contents)) }
    }
    return (
      copy.apply(try TemplateCopy.manifestLine(of: name, in: manifest)),
      rename(try TemplateCopy.files(in: "\(domainFolder)/\(name)", root: root)),
      rename(try TemplateCopy.files(in: "\(testFolder)/\(name)Tests", root: root))
    )
  }
}
