import Foundation

/// The system's `gpg`, run as a child process. It honours `GNUPGHOME` like any gpg call; nothing
/// here keeps a plaintext on disk.
struct GPG {
  let executable: URL

  /// The first `gpg` on `PATH`; unavailable (69) when there is none.
  static func find(environment: [String: String] = ProcessInfo.processInfo.environment) throws -> GPG {
    let folders = (environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
    for folder in folders {
      let candidate = URL(fileURLWithPath: String(folder)).appendingPathComponent("gpg")
      if FileManager.default.isExecutableFile(atPath: candidate.path) { return GPG(executable: candidate) }
    }
    throw ToolError.unavailable("gpg is not installed; install GnuPG (Debian/Ubuntu: apt-get install gnupg)")
  }

  /// The fingerprint and first user id of the one public key in `file`.
  func publicKey(in file: URL) throws -> (fingerprint: String, userID: String) {
    let result = try run(["--batch", "--with-colons", "--show-keys", file.path])
    let lines = String(decoding: result.output, as: UTF8.self).split(separator: "\n").map {
      $0.split(separator: ":", omittingEmptySubsequences: false)
    }
    let primaries = lines.filter { $0.first == "pub" }
    guard result.status == 0, primaries.count == 1,
      let fingerprint = lines.first(where: { $0.first == "fpr" }).flatMap({ $0.count > 9 ? String($0[9]) : nil })
    else {
      let why =
        primaries.count > 1
        ? "it holds \(primaries.count) keys; give one at a time" : "gpg cannot read a public key in it"
      throw ToolError.data("\(file.path) is not one public key (\(why)); export yours with gpg --armor --export YOU")
    }
    let userID = lines.first(where: { $0.first == "uid" }).flatMap { $0.count > 9 ? String($0[9]) : nil } ?? "?"
    return (fingerprint, userID)
  }

  /// Encrypts `plaintext` to every key in `keyFiles` (no keyring needed) into `output`, atomically.
  func encrypt(_ plaintext: Data, to keyFiles: [URL], output: URL) throws {
    guard !keyFiles.isEmpty else {
      throw ToolError.usage("no authorised key in secrets/keys/; add one first: Scripts/secrets add-key YOUR-KEY.asc")
    }
    let temporary = output.deletingLastPathComponent().appendingPathComponent(
      ".\(output.lastPathComponent).\(getpid())")
    var arguments = ["--batch", "--yes", "--armor", "--trust-model", "always", "--output", temporary.path]
    for key in keyFiles { arguments += ["--recipient-file", key.path] }
    let result = try run(arguments + ["--encrypt"], input: plaintext)
    guard result.status == 0 else {
      try? FileManager.default.removeItem(at: temporary)
      throw ToolError.unavailable("gpg could not encrypt the secrets: \(result.errorLine)")
    }
    guard rename(temporary.path, output.path) == 0 else {
      try? FileManager.default.removeItem(at: temporary)
      throw ToolError.io("cannot write \(output.path): \(String(cString: strerror(errno)))")
    }
  }

  /// The plaintext of `file`, decrypted with one of the caller's private keys (gpg-agent asks for
  /// its passphrase on the terminal when it needs one).
  func decrypt(_ file: URL) throws -> Data {
    guard FileManager.default.fileExists(atPath: file.path) else {
      throw ToolError.unavailable(
        "there are no secrets yet (\(file.path)); create them with Scripts/secrets encrypt FILE.json")
    }
    let result = try run(["--quiet", "--decrypt", file.path], passTerminal: true)
    guard result.status == 0 else {
      throw ToolError.unavailable(
        "cannot decrypt the secrets (\(result.errorLine)); only a developer whose key is in secrets/keys/ "
          + "can, after another authorised developer ran Scripts/secrets add-key with it")
    }
    return result.output
  }

  struct Result {
    let status: Int32
    let output: Data
    let errors: String

    /// The last line gpg wrote on stderr, for a one-line message.
    var errorLine: String {
      errors.split(separator: "\n").last.map { String($0).replacingOccurrences(of: "gpg: ", with: "") }
        ?? "gpg exited \(status)"
    }
  }

  /// Runs gpg with `arguments`; `input` goes to its stdin. With `passTerminal`, its stdin is this
  /// process's, so a pinentry can ask for a passphrase.
  func run(_ arguments: [String], input: Data? = nil, passTerminal: Bool = false) throws -> Result {
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    var environment = ProcessInfo.processInfo.environment
    if environment["GPG_TTY"] == nil, isatty(0) != 0, let name = ttyname(0) {
      environment["GPG_TTY"] = String(cString: name)
    }
    process.environment = environment
    let output = Pipe()
    let errors = Pipe()
    let stdin = Pipe()
    process.standardOutput = output
    process.standardError = errors
    if !passTerminal { process.standardInput = stdin }
    do {
      try process.run()
    } catch {
      throw ToolError.unavailable("cannot run \(executable.path): \(error.localizedDescription)")
    }
    let collected = Collector(output.fileHandleForReading)
    let complaints = Collector(errors.fileHandleForReading)
    if !passTerminal {
      if let input { stdin.fileHandleForWriting.write(input) }
      try? stdin.fileHandleForWriting.close()
    }
    process.waitUntilExit()
    return Result(
      status: process.terminationStatus, output: collected.finish(),
      errors: String(decoding: complaints.finish(), as: UTF8.self))
  }
}

/// Reads a pipe to its end on a thread of its own, so a child never blocks on a full pipe.
private final class Collector: @unchecked Sendable {
  private var data = Data()
  private let done = DispatchSemaphore(value: 0)

  init(_ handle: FileHandle) {
    Thread.detachNewThread { [self] in
      data = handle.readDataToEndOfFile()
      done.signal()
    }
  }

  func finish() -> Data {
    done.wait()
    return data
  }
}
