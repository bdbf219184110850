import Localization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The process's arguments as its bytes came (`CommandLine.unsafeArgv`), each of which must be UTF-8
/// text: `CommandLine.arguments` would quietly turn a byte that is not into U+FFFD, and a name, a
/// path or a value would be stored or looked up as something nobody typed.
public enum ProcessArguments {
  /// The arguments after the program's name.
  /// - Throws: ``UsageError`` for the first argument that is not UTF-8, naming its place and showing
  ///   its bytes (an invalid one as `\xFF`).
  public static func read() throws(UsageError) -> [String] {
    var arguments: [[UInt8]] = []
    for index in 1..<Int(CommandLine.argc) {
      guard let pointer = CommandLine.unsafeArgv[index] else { continue }
      arguments.append(UnsafeBufferPointer(start: pointer, count: strlen(pointer)).map { UInt8(bitPattern: $0) })
    }
    return try decode(arguments)
  }

  /// `arguments`' bytes as text (see ``read()``).
  static func decode(_ arguments: [[UInt8]]) throws(UsageError) -> [String] {
    var texts: [String] = []
    for (position, bytes) in arguments.enumerated() {
      guard let text = String(validating: bytes, as: UTF8.self) else {
        throw UsageError(Strings.errorArgumentNotUtf8(position: position + 1, bytes: shown(bytes)))
      }
      texts.append(text)
    }
    return texts
  }

  /// The bytes as a person can read them: the valid text inert, each invalid byte as `\xNN`, cut to
  /// a readable length.
  static func shown(_ bytes: [UInt8]) -> InertText {
    var text = ""
    var parser = Unicode.UTF8.ForwardParser()
    var iterator = bytes.makeIterator()
    var offset = 0
    while true {
      switch parser.parseScalar(from: &iterator) {
      case .valid(let encoded):
        text.unicodeScalars.append(Unicode.UTF8.decode(encoded))
        offset += encoded.count
      case .error(let length):
        for byte in bytes[offset..<offset + length] {
          text += "\\x" + (byte < 0x10 ? "0" : "") + String(byte, radix: 16, uppercase: true)
        }
        offset += length
      case .emptyInput:
        return InertText(text)
      }
    }
  }
}
