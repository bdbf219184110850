import Foundation
import LayerLintCore

/// `layer-lint lint|graph|new-module|affected|export|docs …`: one binary behind `Scripts/lint-layers`,
/// `Scripts/module-graph`, `Scripts/new-module`, `Scripts/affected`, `Scripts/export` and `Scripts/docs`.
let arguments = Array(CommandLine.arguments.dropFirst())
let status: Int32
switch arguments.first {
case "lint":
  status = LintCommand().run(Array(arguments.dropFirst()))
case "graph":
  status = GraphCommand().run(Array(arguments.dropFirst()))
case "new-module":
  status = NewModuleCommand().run(Array(arguments.dropFirst()))
case "affected":
  status = AffectedCommand().run(Array(arguments.dropFirst()))
case "export":
  status = ExportCommand().run(Array(arguments.dropFirst()))
case "docs":
  status = DocsCommand().run(Array(arguments.dropFirst()))
default:
  FileHandle.standardError.write(
    Data("usage: layer-lint lint|graph|new-module|affected|export|docs [options] (see --help of each)\n".utf8))
  status = ExitCode.usage
}
exit(status)
