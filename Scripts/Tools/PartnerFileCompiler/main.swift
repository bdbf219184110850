import Foundation
import StyleSchemaReading

// partner-file compiler, the PartnerFiles plugin's tool (the framework's style keys are the StyleKeys
// plugin's, StyleKeyCompiler). Two modes:
//
//   PartnerFileCompiler partners FOLDER SCHEMA.json PARTNERS.swift [--declaration MODULE=PATH]... [PARTNER.json]...
//     An app. Each DECLARATION is a module's PartnerVocabulary.json (every one of the package).
//     PARTNERS.swift embeds each PARTNER file (`<id>.json`, in FOLDER as messages name it) as it is,
//     and as a `PartnerConfiguration` value checked here against the framework's elements and what
//     the package's modules declare; `PartnerVocabulary.declaredInPackage`; and
//     `ShippedPartners.catalogue`, which the app hands to Scaffold.
//
//   PartnerFileCompiler vocabulary MODULE SCHEMA.json DECLARATION.json OUTPUT.swift
//     A module that declares a vocabulary: OUTPUT.swift gets its `FeatureToggle` and `StyleScreen`
//     constants (public) and `PartnerVocabulary.module` (internal).
//
// A problem fails the build with one line per problem, naming the file and the key path; nothing
// is written then.

let usage = """
  usage: PartnerFileCompiler partners FOLDER SCHEMA.json PARTNERS.swift [--declaration MODULE=PATH]... [PARTNER.json]...
         PartnerFileCompiler vocabulary MODULE SCHEMA.json DECLARATION.json OUTPUT.swift
  """

/// Writes each (text, file) or fails with every problem found.
@MainActor func finish(_ outputs: [(text: String, url: URL)]) -> Never {
  if !problems.isEmpty { fail(problems) }
  do {
    for output in outputs { try write(output.text, to: output.url) }
  } catch {
    fail(["cannot write \(outputs.map(\.url.path).joined(separator: ", ")): \(error.localizedDescription)"])
  }
  exit(0)
}

let arguments = Array(CommandLine.arguments.dropFirst())
switch arguments.first {
case "partners" where arguments.count >= 4:
  let folder = arguments[1]
  let schemaPath = arguments[2]
  let schemaFile = URL(fileURLWithPath: schemaPath).pathComponents.suffix(3).joined(separator: "/")
  let schema = FrameworkSchema(path: schemaPath, file: schemaFile)
  var rest = arguments.dropFirst(4)
  var declarations: [Declaration] = []
  var partners: [String] = []
  while let argument = rest.popFirst() {
    guard argument == "--declaration" else {
      partners.append(argument)
      continue
    }
    guard let pair = rest.popFirst(), let separator = pair.firstIndex(of: "=") else { fail([usage]) }
    let path = String(pair[pair.index(after: separator)...])
    declarations.append(Declaration(module: String(pair[..<separator]), path: path, schema: schema))
  }
  let package = PackageDeclarations(declarations)
  let embedded = shippedPartners(partners, folder: folder, schema: schema, declarations: package)
  finish([(embedded, URL(fileURLWithPath: arguments[3]))])
case "vocabulary" where arguments.count == 5:
  let module = arguments[1]
  let schemaFile = URL(fileURLWithPath: arguments[2]).pathComponents.suffix(3).joined(separator: "/")
  let schema = FrameworkSchema(path: arguments[2], file: schemaFile)
  let declaration = Declaration(module: module, path: arguments[3], schema: schema)
  finish([(declaration.source, URL(fileURLWithPath: arguments[4]))])
default:
  fail([usage])
}
