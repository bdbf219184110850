/// A failure of a `secrets-tool` command: one line for stderr and a sysexits code.
struct ToolError: Error {
  /// What went wrong and how to fix it.
  let message: String
  /// 64 usage, 65 rejected data, 69 unavailable (gpg, a key), 73 cannot create, 74 I/O.
  let code: Int32

  static func usage(_ message: String) -> ToolError { ToolError(message: message, code: 64) }
  static func data(_ message: String) -> ToolError { ToolError(message: message, code: 65) }
  static func unavailable(_ message: String) -> ToolError { ToolError(message: message, code: 69) }
  static func io(_ message: String) -> ToolError { ToolError(message: message, code: 74) }
}
