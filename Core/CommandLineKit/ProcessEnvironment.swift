import Localization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The process's environment as its bytes came (`environ`), held to the rules of the arguments: a
/// variable the apps read (`ISS_…`, `HOME`, `XDG_…`, the language and terminal ones) must be UTF-8
/// text — `ProcessInfo`'s environment would quietly turn a byte that is not into U+FFFD, and a data
/// directory would be created under a name nobody gave. Another variable that is not UTF-8 is not the
/// apps' business: it is left out.
public enum ProcessEnvironment {
  /// The environment, by name.
  /// - Throws: ``UsageError`` for the first variable the apps read whose value is not UTF-8, naming
  ///   it and showing its bytes (an invalid one as `\xFF`).
  public static func read() throws(UsageError) -> [String: String] {
    var environment: [String: String] = [:]
    var cursor = environ
    while let pointer = cursor.pointee {
      cursor += 1
      // The common case, a variable that is text, in one pass over its bytes.
      guard let entry = String(validatingCString: pointer) else {
        let bytes = UnsafeBufferPointer(start: pointer, count: strlen(pointer)).map { UInt8(bitPattern: $0) }
        try add(bytes, to: &environment)
        continue
      }
      let utf8 = entry.utf8
      guard let equals = utf8.firstIndex(of: UInt8(ascii: "=")), equals != utf8.startIndex else { continue }
      let name = String(entry[..<equals])
      if environment[name] == nil { environment[name] = String(entry[utf8.index(after: equals)...]) }
    }
    return environment
  }

  /// Whether the apps read the variable `name`.
  static func isRead(_ name: String) -> Bool {
    name.hasPrefix("ISS_") || name.hasPrefix("XDG_") || name.hasPrefix("LC_")
      || ["HOME", "LANG", "LANGUAGE", "NO_COLOR", "TERM", "COLUMNS", "TMPDIR"].contains(name)
  }

  /// `NAME=value` entries' bytes as a dictionary (see ``read()``); the first of a name given twice wins.
  static func decode(_ entries: [[UInt8]]) throws(UsageError) -> [String: String] {
    var environment: [String: String] = [:]
    for bytes in entries { try add(bytes, to: &environment) }
    return environment
  }

  /// Adds the `NAME=value` entry `bytes` to `environment` unless its name is there already.
  private static func add(_ bytes: [UInt8], to environment: inout [String: String]) throws(UsageError) {
    guard let equals = bytes.firstIndex(of: UInt8(ascii: "=")),
      let name = String(validating: bytes[..<equals], as: UTF8.self), !name.isEmpty
    else { return }
    let value = Array(bytes[(equals + 1)...])
    guard let text = String(validating: value, as: UTF8.self) else {
      if isRead(name) {
        throw UsageError(Strings.errorVariableNotUtf8(variable: name, bytes: ProcessArguments.shown(value)))
      }
      return
    }
    if environment[name] == nil { environment[name] = text }
  }
}
