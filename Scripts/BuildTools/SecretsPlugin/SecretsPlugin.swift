import Foundation
import PackagePlugin

/// The build step that gives an app its secrets: `AppSecrets.swift` in the plugin's work folder,
/// copied from `secrets/export/<Target>.swift` when `Scripts/secrets export` wrote one, else the
/// development values of `secrets/schema.json` (obfuscated the same way; `AppSecrets.isDevelopment`).
///
/// The export is declared as an input only when it exists (a declared input that is missing fails
/// the build), so a fresh clone builds, and an export that appears or changes is picked up.
/// `Scripts/secrets` never deletes an export: `export --development` overwrites it instead.
@main
struct SecretsPlugin: BuildToolPlugin {
  func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
    let root = context.package.directoryURL
    let schema = root.appending(path: "secrets/schema.json")
    let export = root.appending(path: "secrets/export/\(target.name).swift")
    let output = context.pluginWorkDirectoryURL.appending(path: "AppSecrets.swift")
    var inputs = [schema]
    if FileManager.default.fileExists(atPath: export.path) { inputs.append(export) }
    return [
      .buildCommand(
        displayName: "Secrets for \(target.name)", executable: try context.tool(named: "SecretsTool").url,
        arguments: [
          "generate", "--schema", schema.path, "--target", target.name, "--export", export.path, "--output",
          output.path,
        ],
        inputFiles: inputs, outputFiles: [output])
    ]
  }
}
