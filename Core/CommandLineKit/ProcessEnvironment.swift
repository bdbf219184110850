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
    var variables: [(name: String, value: String)] = []
    var cursor = environ
    while let pointer = cursor.pointee {
      cursor += 1
      let bytes = UnsafeRawBufferPointer(start: pointer, count: strlen(pointer)).bindMemory(to: UInt8.self)
      // The common case, a variable in ASCII: no byte to check further, one pass to find the '='.
      guard bytes.allSatisfy({ $0 < 0x80 }) else {
        if let variable = try variable(Array(bytes)) { variables.append(variable) }
        continue
      }
      guard let equals = bytes.firstIndex(of: UInt8(ascii: "=")), equals > 0 else { continue }
      variables.append(
        (
          String(decoding: UnsafeBufferPointer(rebasing: bytes[..<equals]), as: UTF8.self),
          String(decoding: UnsafeBufferPointer(rebasing: bytes[(equals + 1)...]), as: UTF8.self)
        ))
    }
    return dictionary(variables)
  }

  /// Whether the apps read the variable `name`.
  static func isRead(_ name: String) -> Bool {
    name.hasPrefix("ISS_") || name.hasPrefix("XDG_") || name.hasPrefix("LC_")
      || ["HOME", "LANG", "LANGUAGE", "NO_COLOR", "TERM", "COLUMNS", "TMPDIR"].contains(name)
  }

  /// `NAME=value` entries' bytes as a dictionary (see ``read()``); the first of a name given twice wins.
  static func decode(_ entries: [[UInt8]]) throws(UsageError) -> [String: String] {
    var variables: [(name: String, value: String)] = []
    for bytes in entries {
      if let variable = try variable(bytes) { variables.append(variable) }
    }
    return dictionary(variables)
  }

  /// The `NAME=value` entry `bytes` as a name and a value; nil for an entry that is not one.
  private static func variable(_ bytes: [UInt8]) throws(UsageError) -> (name: String, value: String)? {
    guard let equals = bytes.firstIndex(of: UInt8(ascii: "=")),
      let name = String(validating: bytes[..<equals], as: UTF8.self), !name.isEmpty
    else { return nil }
    let value = Array(bytes[(equals + 1)...])
    guard let text = String(validating: value, as: UTF8.self) else {
      if isRead(name) {
        throw UsageError(Strings.errorVariableNotUtf8(variable: name, bytes: ProcessArguments.shown(value)))
      }
      return nil
    }
    return (name, text)
  }

  /// `variables` by name, the first of a name given twice winning (each name hashed once: the
  /// variables are written last to first).
  private static func dictionary(_ variables: [(name: String, value: String)]) -> [String: String] {
    var environment: [String: String] = [:]
    environment.reserveCapacity(variables.count)
    for variable in variables.reversed() { environment[variable.name] = variable.value }
    return environment
  }
}
