import Foundation
import LayerLintEngine

/// A service as three modules (the book's *Decoupling*, as every service of the workspace), copied
/// from the real template service: `TemplateServiceInterface` — the client protocol and its models,
/// what domains link; `TemplateService` — the live client, its status kept in an SQLite store through
/// Persistence, what apps link; `TemplateServiceFakes` — a deterministic in-memory client for domain
/// tests, a test-support module in the test folder that no app can link. Each with its test target;
/// every file, and each module's line of Package.swift, renamed (`TemplateService` → the live module,
/// `Template` → the noun, `template` → the noun in kebab-case).
struct ServiceTemplates {
  /// The live module's name, e.g. `WeatherService`.
  let base: String
  /// The configuration's interface suffix (`Interface`).
  let interfaceSuffix: String

  /// The suffix of the fakes module.
  static let fakesSuffix = "Fakes"
  /// The live module of the template service, and its noun.
  static let templateBase = "TemplateService"
  static let templateNoun = "Template"

  var interfaceModule: String { base + interfaceSuffix }
  var liveModule: String { base }
  var fakesModule: String { base + Self.fakesSuffix }

  /// What the types are named after: `WeatherService` → `Weather` (`WeatherClient`, `WeatherStatus`).
  var noun: String { Self.noun(of: base) }

  static func noun(of base: String) -> String {
    base.hasSuffix("Service") && base != "Service" ? String(base.dropLast("Service".count)) : base
  }

  /// The template's spellings and this service's.
  var copy: TemplateCopy {
    TemplateCopy(renames: [
      (Self.templateBase, base), (Self.templateNoun, noun),
      (ModuleName(name: Self.templateNoun).kebab, ModuleName(name: noun).kebab),
    ])
  }

  /// A copied module: its name, its renamed line of Package.swift, its sources and its tests (file → contents).
  struct Module {
    let name: String
    let manifestLine: String
    let sources: [(String, String)]
    let tests: [(String, String)]
  }

  /// The three modules, copied from the template service in `root` (its folders and its lines in `manifest`).
  func modules(root: URL, manifest: String, testFolder: String) throws(UsageError) -> [Module] {
    let template = ServiceTemplates(base: Self.templateBase, interfaceSuffix: interfaceSuffix)
    let folders = [
      ("Service", template.interfaceModule), ("Service", template.liveModule), (testFolder, template.fakesModule),
    ]
    var modules: [Module] = []
    for (home, name) in folders {
      let rename = { (files: [(path: String, contents: String)]) in
        files.map { (copy.apply($0.path), copy.apply($0.contents)) }
      }
      modules.append(
        Module(
          name: copy.apply(name), manifestLine: copy.apply(try TemplateCopy.manifestLine(of: name, in: manifest)),
          sources: rename(try TemplateCopy.files(in: "\(home)/\(name)", root: root)),
          tests: rename(try TemplateCopy.files(in: "\(testFolder)/\(name)Tests", root: root))))
    }
    return modules
  }
}
