import PackagePlugin

/// A build-tool plugin that lives in a layer folder (an `unknown-layer` finding).
@main struct Stamp: BuildToolPlugin {
  func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] { [] }
}
