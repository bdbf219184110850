import PackagePlugin

/// A command plugin: `swift package tidy`.
@main struct Tidy: CommandPlugin {
  func performCommand(context: PluginContext, arguments: [String]) throws {}
}
