import Foundation

// secrets-tool: the logic behind `Scripts/secrets` and the `SecretsPlugin` build step. It uses
// the system's gpg for encryption; everything else is here.

let usage = """
  usage: Scripts/secrets [--root DIR] COMMAND
    list                   the authorised keys, the secrets (keys and what they are, never values), the export
    add-key FILE           authorise a developer: their public key into secrets/keys/, the secrets
                           encrypted again to every key (needs your own authorised key)
    remove-key FINGERPRINT withdraw a key; the secrets are encrypted again to the others
    encrypt [FILE]         encrypt a JSON object of secrets (FILE or stdin) to every authorised key
                           into secrets/secrets.json.gpg
    edit                   decrypt into $VISUAL/$EDITOR (else vi), check, encrypt again
    export [--development] [--output FILE]
                           write secrets/export/Secrets.swift (ignored by git; or FILE): the decrypted
                           secrets XOR-masked (or the development values); every build carries it
                           (a build reads $ISS_SECRETS_EXPORT instead when it is set)
  The secrets' keys (houston.development.token, …), what they are and their development values are in
  secrets/schema.json. A build without an export carries the development values.
  Exit: 0 done, 64 usage, 65 rejected data (nothing changed), 69 gpg or a key unavailable, 74 I/O.
  """

func option(_ name: String, in arguments: inout [String]) throws -> String? {
  guard let index = arguments.firstIndex(of: name) else { return nil }
  guard index + 1 < arguments.count else { throw ToolError.usage("\(name) needs a value") }
  let value = arguments[index + 1]
  arguments.removeSubrange(index...(index + 1))
  return value
}

func run(_ arguments: [String]) throws {
  var arguments = arguments
  if arguments.isEmpty || arguments.contains("--help") || arguments.contains("-h") {
    print(usage)
    return
  }
  let root = URL(fileURLWithPath: try option("--root", in: &arguments) ?? FileManager.default.currentDirectoryPath)
  let folder = SecretsFolder(root: root)
  guard !arguments.isEmpty else { throw ToolError.usage("no command given (see --help)") }
  let command = arguments.removeFirst()
  func noMoreArguments() throws {
    if let extra = arguments.first { throw ToolError.usage("unexpected argument \(extra) for \(command) (see --help)") }
  }
  switch command {
  case "generate":
    let schema = try option("--schema", in: &arguments)
    let export = try option("--export", in: &arguments)
    let output = try option("--output", in: &arguments)
    let centre = try option("--centre", in: &arguments)
    guard let schema, let export, let output else {
      throw ToolError.usage("generate needs --schema, --export and --output")
    }
    try noMoreArguments()
    try BuildStep.generate(
      schemaFile: URL(fileURLWithPath: schema), export: URL(fileURLWithPath: export),
      output: URL(fileURLWithPath: output), centre: centre)
  case "list":
    try noMoreArguments()
    try folder.list(gpg: try? GPG.find()) { print($0) }
  case "add-key":
    guard arguments.count == 1 else { throw ToolError.usage("add-key takes one public key file") }
    print(try folder.addKey(URL(fileURLWithPath: arguments[0]), gpg: try GPG.find()))
  case "remove-key":
    guard arguments.count == 1 else { throw ToolError.usage("remove-key takes one fingerprint") }
    print(try folder.removeKey(arguments[0], gpg: try GPG.find()))
  case "encrypt":
    guard arguments.count <= 1 else { throw ToolError.usage("encrypt takes at most one file (else stdin)") }
    let plaintext =
      arguments.first.map { FileManager.default.contents(atPath: $0) }
      ?? FileHandle.standardInput.readDataToEndOfFile()
    guard let plaintext else { throw ToolError.io("cannot read \(arguments[0])") }
    print(try folder.encrypt(plaintext, gpg: try GPG.find()))
  case "edit":
    try noMoreArguments()
    let environment = ProcessInfo.processInfo.environment
    let editor = [environment["VISUAL"], environment["EDITOR"]].compactMap { $0 }.first { !$0.isEmpty } ?? "vi"
    print(try folder.edit(gpg: try GPG.find(), editor: editor))
  case "export":
    let development = arguments.contains("--development")
    arguments.removeAll { $0 == "--development" }
    let output = try option("--output", in: &arguments).map { URL(fileURLWithPath: $0) }
    try noMoreArguments()
    print(try folder.export(development: development, to: output, gpg: development ? nil : try GPG.find()))
  default:
    throw ToolError.usage("unknown command \(command) (see --help)")
  }
}

do {
  try run(Array(CommandLine.arguments.dropFirst()))
} catch let error as ToolError {
  FileHandle.standardError.write(Data("secrets: error: \(error.message)\n".utf8))
  exit(error.code)
} catch {
  FileHandle.standardError.write(Data("secrets: error: \(error.localizedDescription)\n".utf8))
  exit(70)
}
