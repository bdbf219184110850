import Foundation
import StyleSchemaReading

// style-key compiler, the StyleKeys plugin's tool:
//
//   StyleKeyCompiler MODULE SCHEMA.json KEYS.swift
//     The module of the mechanism. SCHEMA is the framework's style schema: every element type a
//     partner can style (name, help, whether every partner must set it, the framework's base style).
//     KEYS.swift gets `enum StyleElement` and `StyleSchema.framework`.
//
// It reads the schema only, never a module's vocabulary. A problem fails the build with one line per
// problem, naming the file and the key path; nothing is written then.

let arguments = Array(CommandLine.arguments.dropFirst())
guard arguments.count == 3 else { fail(["usage: StyleKeyCompiler MODULE SCHEMA.json KEYS.swift"]) }
let schemaPath = arguments[1]
let schema = FrameworkSchema(
  path: schemaPath, file: "\(arguments[0])/Styles/\(URL(fileURLWithPath: schemaPath).lastPathComponent)")
if !problems.isEmpty { fail(problems) }
do {
  try write(schema.source, to: URL(fileURLWithPath: arguments[2]))
} catch {
  fail(["cannot write \(arguments[2]): \(error.localizedDescription)"])
}
