import PackagePlugin

/// Turns Strings/*.json into typed keys with TableTool.
@main struct Tables: BuildToolPlugin {
  func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] { [] }
}
