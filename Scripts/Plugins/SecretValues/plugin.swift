import Foundation
import PackagePlugin

/// Gives the `Secrets` module its values: `GeneratedSecrets.swift`, copied from the source
/// `Scripts/secrets export` wrote (`secrets/export/Secrets.swift`, or the file `$ISS_SECRETS_EXPORT`
/// names), else generated from the development values of `secrets/schema.json`. Either way every
/// value is XOR-masked; a build needs neither gpg nor a key.
///
/// The export is declared as an input only when it exists (a missing input would fail the build),
/// so a fresh clone builds, and an export that appears, changes or goes away is picked up.
@main
struct SecretValues: BuildToolPlugin {
  func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
    let root = context.package.directoryURL
    let schema = root.appending(path: "secrets/schema.json")
    let export =
      ProcessInfo.processInfo.environment["ISS_SECRETS_EXPORT"].flatMap { $0.isEmpty ? nil : URL(fileURLWithPath: $0) }
      ?? root.appending(path: "secrets/export/Secrets.swift")
    let output = context.pluginWorkDirectoryURL.appending(path: "GeneratedSecrets.swift")
    var inputs = [schema]
    if FileManager.default.fileExists(atPath: export.path) { inputs.append(export) }
    return [
      .buildCommand(
        displayName: "Secrets for \(target.name)", executable: try context.tool(named: "SecretsTool").url,
        arguments: ["generate", "--schema", schema.path, "--export", export.path, "--output", output.path],
        inputFiles: inputs, outputFiles: [output])
    ]
  }
}
