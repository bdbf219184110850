import Foundation
import LayerLintEngine
import LayerLintWorkspaceTools

/// `layer-lint <subcommand> …`: one binary behind `Scripts/lint-layers`, `Scripts/module-graph`,
/// `Scripts/new-module`, `Scripts/affected`, `Scripts/export` and `Scripts/docs`; each subcommand is
/// found by the name it declares (`layer-lint --help` lists them).
exit(layerLintTool.run(Array(CommandLine.arguments.dropFirst())))
