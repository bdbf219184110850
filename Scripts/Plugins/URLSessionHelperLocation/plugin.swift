import PackagePlugin

/// Makes SwiftPM build the URLSession helper (App/URLSessionHelper) for every app that talks HTTP:
/// a build-tool plugin's tool is built with the target that uses it, so `swift run cosmonaut` puts
/// `URLSessionHelper-tool` next to `cosmonaut`, where Network's `URLSessionTransport` starts it.
/// The command it runs is the helper itself, writing where it was built into a comment file.
@main
struct URLSessionHelperLocation: BuildToolPlugin {
  func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
    let helper = try context.tool(named: "URLSessionHelper")
    let output = context.pluginWorkDirectoryURL.appending(path: "URLSessionHelperLocation.swift")
    return [
      .buildCommand(
        displayName: "URLSession helper for \(target.name)", executable: helper.url,
        arguments: ["--write-location", output.path], inputFiles: [], outputFiles: [output])
    ]
  }
}
