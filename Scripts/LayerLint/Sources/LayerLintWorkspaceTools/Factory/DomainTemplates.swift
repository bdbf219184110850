import Foundation
import LayerLintEngine

/// A hosted domain that works at once, copied from the real template domain `Domain/TemplateBoard`
/// (and `Tests/TemplateBoardTests`), which is built and tested with the workspace and hosted by no
/// app: a route with one command named after the domain (its deep link, `--json`, help and completion
/// come from CommandLineKit), a coordinator, a flow, a screen, its menu, the value it shows (the
/// domain's name, status and commands), its partner vocabulary, string tables in every language, a
/// README, and tests of the route and the flow. Every file and the template's line of Package.swift
/// are renamed (the four spellings of the name, the main-menu key, and the README's line on who hosts it).
struct DomainTemplates: CopiedDomain {
  let module: ModuleName
  /// The main-menu key of the domain's entry (a letter no hosted domain uses).
  let menuKey: String
  /// The product of the app that hosts it, if any (for the README).
  let hostingApp: String?

  /// The template domain and its main-menu key.
  static let template = ModuleName(name: "TemplateBoard")
  static let templateMenuKey = "b"

  /// The entry in an app's `domains:` list.
  var compositionEntry: String { ".domain { _ in \(module.name)Domain() }," }

  var copy: TemplateCopy {
    let unhosted =
      "No app hosts it yet: an app lists `.domain { _ in \(Self.template.name)Domain() }` among its `domains:`."
    let hosted = hostingApp.map { "`\($0)` hosts it (its composition root lists `\(module.name)Domain()`)." }
    return TemplateCopy(
      renames: TemplateCopy.domainRenames(from: Self.template, key: Self.templateMenuKey, to: module, key: menuKey)
        + (hosted.map { [(unhosted, $0)] } ?? []))
  }

}
