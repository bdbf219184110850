import Foundation
import PackagePlugin

/// Gives a module that declares a mission control centre the centre's secrets:
/// `GeneratedSecrets.swift` with the keys of `secrets/schema.json` that start with the centre's id
/// (`houston.…` for `HoustonMissionControl`: the id is the longest one the module's name starts
/// with, letter case aside), copied from the source `Scripts/secrets export` wrote
/// (`secrets/export/Secrets.swift`, or the file `$ISS_SECRETS_EXPORT` names), else generated from the
/// development values of the schema. Either way every value is XOR-masked; a build needs neither gpg
/// nor a key. An app that does not link the module carries none of those secrets.
///
/// The export is declared as an input only when it exists (a missing input would fail the build),
/// so a fresh clone builds, and an export that appears, changes or goes away is picked up.
@main
struct SecretValues: BuildToolPlugin {
  func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
    let root = context.package.directoryURL
    let schema = root.appending(path: "secrets/schema.json")
    let centre = try Self.centre(of: target.name, schema: schema)
    let export =
      ProcessInfo.processInfo.environment["ISS_SECRETS_EXPORT"].flatMap { $0.isEmpty ? nil : URL(fileURLWithPath: $0) }
      ?? root.appending(path: "secrets/export/Secrets.swift")
    let output = context.pluginWorkDirectoryURL.appending(path: "GeneratedSecrets.swift")
    var inputs = [schema]
    if FileManager.default.fileExists(atPath: export.path) { inputs.append(export) }
    return [
      .buildCommand(
        displayName: "Secrets of \(centre) for \(target.name)", executable: try context.tool(named: "SecretsTool").url,
        arguments: [
          "generate", "--schema", schema.path, "--export", export.path, "--output", output.path, "--centre", centre,
        ],
        inputFiles: inputs, outputFiles: [output])
    ]
  }

  /// The centre whose secrets `module` carries: the longest first part of a schema key that the
  /// module's name starts with (letter case aside).
  static func centre(of module: String, schema: URL) throws -> String {
    guard let data = FileManager.default.contents(atPath: schema.path),
      let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
      let secrets = object["secrets"] as? [String: Any]
    else { throw SecretValuesError("cannot read \(schema.path)") }
    let centres = Set(secrets.keys.compactMap { $0.split(separator: ".").first.map(String.init) })
    guard
      let centre = centres.filter({ module.lowercased().hasPrefix($0.lowercased()) }).max(by: { $0.count < $1.count })
    else {
      throw SecretValuesError(
        "\(module) carries secrets, but its name starts with no centre of secrets/schema.json "
          + "(\(centres.sorted().joined(separator: ", "))); name it after its centre")
    }
    return centre
  }
}

struct SecretValuesError: Error, CustomStringConvertible {
  let description: String
  init(_ description: String) { self.description = description }
}
