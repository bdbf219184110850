import Foundation

/// The `secrets/` folder of a checkout and the commands that work on it.
struct SecretsFolder {
  let root: URL

  var folder: URL { root.appendingPathComponent("secrets") }
  var schemaFile: URL { folder.appendingPathComponent("schema.json") }
  /// The values, encrypted to every authorised key (committed).
  var encryptedFile: URL { folder.appendingPathComponent("secrets.json.gpg") }
  /// The authorised developers' public keys, one `<FINGERPRINT>.asc` each (committed).
  var keysFolder: URL { folder.appendingPathComponent("keys") }
  /// Where the generated source goes (ignored by git).
  var exportFolder: URL { folder.appendingPathComponent("export") }
  /// The generated source the `Secrets` module is built with when it exists.
  var exportFile: URL { exportFolder.appendingPathComponent("Secrets.swift") }

  /// The authorised keys' files, by fingerprint.
  func keyFiles() -> [URL] {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: keysFolder.path)) ?? []
    return names.filter { $0.hasSuffix(".asc") }.sorted().map { keysFolder.appendingPathComponent($0) }
  }

  // MARK: Commands

  /// `list`: the authorised keys, and each secret's key and what it is (never a value).
  func list(gpg: GPG?, print: (String) -> Void) throws {
    let schema = try SecretsSchema.load(schemaFile)
    let keys = keyFiles()
    print("authorised keys (\(keys.count)) in secrets/keys/:")
    for file in keys {
      let owner = gpg.flatMap { try? $0.publicKey(in: file).userID } ?? "?"
      print("  \(file.deletingPathExtension().lastPathComponent)  \(owner)")
    }
    print(
      "secrets in secrets/schema.json (values \(encryptedFileExists ? "in secrets/secrets.json.gpg" : "not set yet")):")
    for secret in schema.secrets { print("  \(secret.key): \(secret.about)") }
    let export = FileManager.default.fileExists(atPath: exportFile.path)
    print(
      "export: \(export ? "secrets/export/Secrets.swift (builds carry it)" : "none (builds carry the development values)")"
    )
  }

  private var encryptedFileExists: Bool { FileManager.default.fileExists(atPath: encryptedFile.path) }

  /// `add-key FILE`: authorises the developer whose public key is in `file`, then encrypts the
  /// secrets again to every key (which needs the caller's own key). Nothing changes on failure.
  func addKey(_ file: URL, gpg: GPG) throws -> String {
    let key = try gpg.publicKey(in: file)
    let destination = keysFolder.appendingPathComponent("\(key.fingerprint).asc")
    guard !FileManager.default.fileExists(atPath: destination.path) else {
      return "\(key.userID) (\(key.fingerprint)) is already authorised"
    }
    let armored = try gpg.run([
      "--batch", "--armor", "--import-options", "import-export,import-minimal", "--import", file.path,
    ])
    guard armored.status == 0, !armored.output.isEmpty else {
      throw ToolError.data("gpg cannot read \(file.path): \(armored.errorLine)")
    }
    let plaintext = encryptedFileExists ? try gpg.decrypt(encryptedFile) : nil
    try FileManager.default.createDirectory(at: keysFolder, withIntermediateDirectories: true)
    try write(armored.output, to: destination)
    if let plaintext {
      do {
        try gpg.encrypt(plaintext, to: keyFiles(), output: encryptedFile)
      } catch {
        try? FileManager.default.removeItem(at: destination)
        throw error
      }
    }
    return "authorised \(key.userID) (\(key.fingerprint)); "
      + (plaintext == nil ? "no secrets to encrypt yet" : "secrets encrypted to \(keyFiles().count) key(s)")
  }

  /// `remove-key FINGERPRINT`: withdraws a developer's authorisation and encrypts the secrets again
  /// to the remaining keys (rotate the secrets too: the old file could be decrypted with that key).
  func removeKey(_ fingerprint: String, gpg: GPG) throws -> String {
    let wanted = fingerprint.uppercased().replacingOccurrences(of: " ", with: "")
    let matches = keyFiles().filter { $0.deletingPathExtension().lastPathComponent.hasSuffix(wanted) }
    guard matches.count == 1, let file = matches.first, wanted.count >= 8 else {
      throw ToolError.usage(
        "no single authorised key ends with \(fingerprint); give 8 or more characters of a fingerprint 'Scripts/secrets list' shows"
      )
    }
    let plaintext = encryptedFileExists ? try gpg.decrypt(encryptedFile) : nil
    let remaining = keyFiles().filter { $0 != file }
    if plaintext != nil && remaining.isEmpty {
      throw ToolError.usage("that is the last authorised key; add another one first")
    }
    if let plaintext { try gpg.encrypt(plaintext, to: remaining, output: encryptedFile) }
    try FileManager.default.removeItem(at: file)
    return
      "withdrew \(file.deletingPathExtension().lastPathComponent); change the secrets it could read (Scripts/secrets edit)"
  }

  /// `encrypt FILE`: checks the plaintext in `file` against the schema and encrypts it to every key.
  func encrypt(_ plaintext: Data, gpg: GPG) throws -> String {
    _ = try SecretsSchema.load(schemaFile).values(from: plaintext)
    try gpg.encrypt(plaintext, to: keyFiles(), output: encryptedFile)
    return "encrypted the secrets to \(keyFiles().count) key(s) in secrets/secrets.json.gpg; "
      + "now Scripts/secrets export"
  }

  /// `edit`: decrypts to a private temporary file, opens `$VISUAL`/`$EDITOR` (else vi), checks the
  /// result against the schema and encrypts it again; the temporary file is wiped whatever happens.
  func edit(gpg: GPG, editor: String) throws -> String {
    let plaintext = try gpg.decrypt(encryptedFile)
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("secrets-edit-\(UUID().uuidString)")
    try FileManager.default.createDirectory(
      at: folder, withIntermediateDirectories: false, attributes: [.posixPermissions: 0o700])
    let file = folder.appendingPathComponent("secrets.json")
    defer {
      if let handle = try? FileHandle(forWritingTo: file), let size = try? handle.seekToEnd() {
        try? handle.seek(toOffset: 0)
        handle.write(Data(count: Int(size)))
        try? handle.close()
      }
      try? FileManager.default.removeItem(at: folder)
    }
    guard FileManager.default.createFile(atPath: file.path, contents: plaintext, attributes: [.posixPermissions: 0o600])
    else { throw ToolError(message: "cannot create a private temporary file in \(folder.path)", code: 73) }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/sh")
    process.arguments = ["-c", "\(editor) \"$1\"", "sh", file.path]
    try process.run()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else {
      throw ToolError.unavailable("the editor (\(editor)) exited \(process.terminationStatus); nothing changed")
    }
    guard let edited = FileManager.default.contents(atPath: file.path) else {
      throw ToolError.io("cannot read the edited secrets back; nothing changed")
    }
    guard edited != plaintext else { return "no change" }
    do {
      _ = try SecretsSchema.load(schemaFile).values(from: edited)
    } catch let error as ToolError {
      throw ToolError.data("\(error.message); nothing changed")
    }
    try gpg.encrypt(edited, to: keyFiles(), output: encryptedFile)
    return "secrets changed and encrypted to \(keyFiles().count) key(s); now Scripts/secrets export"
  }

  /// `export`: writes `secrets/export/Secrets.swift` (ignored by git): the decrypted values, or
  /// (`development`) the schema's development values, XOR-masked. Builds carry it from then on.
  func export(development: Bool, to output: URL? = nil, gpg: GPG?) throws -> String {
    let schema = try SecretsSchema.load(schemaFile)
    let values: [String: String]
    if development {
      values = schema.developmentValues
    } else {
      guard let gpg else { throw ToolError.unavailable("gpg is needed to decrypt the secrets") }
      values = try schema.values(from: try gpg.decrypt(encryptedFile))
    }
    let file = output ?? exportFile
    try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
    try write(Data(SwiftSource.render(values: values, isDevelopment: development).utf8), to: file)
    let what = development ? "the development values" : "\(values.count) secrets"
    guard output == nil else { return "exported \(what) to \(file.path)" }
    return "exported \(what) to secrets/export/Secrets.swift; build as usual "
      + "(rm it to build with the development values again)"
  }

  private func write(_ data: Data, to url: URL) throws {
    do {
      try data.write(to: url, options: .atomic)
    } catch {
      throw ToolError.io("cannot write \(url.path): \(error.localizedDescription)")
    }
  }
}

/// `generate`: what the build plugin runs for the `Secrets` module.
enum BuildStep {
  /// Writes `output`: the export when there is one (it must have been written by `Scripts/secrets`
  /// and carry exactly the keys of the schema), else the schema's development values; with `centre`,
  /// only the keys of that centre (`<centre>.…`), which the module declaring it carries.
  static func generate(schemaFile: URL, export: URL, output: URL, centre: String?) throws {
    let schema = try SecretsSchema.load(schemaFile)
    let carried = { (key: String) in centre.map { key.hasPrefix($0 + ".") } ?? true }
    guard schema.keys.contains(where: carried) else {
      throw ToolError.data("secrets/schema.json has no key of the centre \(centre ?? "")")
    }
    let source: String
    if let data = FileManager.default.contents(atPath: export.path) {
      let text = String(decoding: data, as: UTF8.self)
      guard let keys = SwiftSource.keys(in: text) else {
        throw ToolError.data("\(export.path) was not written by Scripts/secrets; run Scripts/secrets export again")
      }
      guard keys == schema.keys else {
        throw ToolError.data(
          "\(export.path) carries [\(keys.joined(separator: ", "))] but secrets/schema.json lists "
            + "[\(schema.keys.joined(separator: ", "))]; run Scripts/secrets export again")
      }
      source = SwiftSource.keeping(carried, of: text)
    } else {
      source = SwiftSource.render(values: schema.developmentValues.filter { carried($0.key) }, isDevelopment: true)
    }
    do {
      try FileManager.default.createDirectory(at: output.deletingLastPathComponent(), withIntermediateDirectories: true)
      let centres = Set(schema.keys.compactMap { $0.split(separator: ".").first.map(String.init) }).sorted()
      try Data(SwiftSource.carried(source, centres: centres).utf8).write(to: output, options: .atomic)
    } catch {
      throw ToolError.io("cannot write \(output.path): \(error.localizedDescription)")
    }
  }
}
