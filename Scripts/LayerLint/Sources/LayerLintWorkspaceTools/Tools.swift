import LayerLintEngine

/// `layer-lint`: the lint and the workspace tools, one subcommand each, in the order its help lists them.
public let layerLintTool = CommandLineTool(
  name: "layer-lint",
  subcommands: [
    LintCommand.self, GraphCommand.self, NewModuleCommand.self, AffectedCommand.self, ExportCommand.self,
    DocsCommand.self,
  ])
