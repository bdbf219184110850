/// Whether a Swift file holds anything but comments and whitespace; an empty module (a marker that
/// clients test with `#if canImport(…)`, or an aggregate target that only depends on others) is one
/// whose files hold nothing.
package enum CodePresence {
  /// Whether `bytes` hold anything but whitespace, `//` comments and (nested) `/* */` comments.
  package static func hasCode(in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    var index = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
    func byte(_ offset: Int) -> UInt8? { index + offset < bytes.count ? bytes[index + offset] : nil }
    while index < bytes.count {
      switch bytes[index] {
      case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"), 0x0B, 0x0C, 0x00:
        index += 1
      case UInt8(ascii: "/") where byte(1) == UInt8(ascii: "/"):
        while index < bytes.count && bytes[index] != UInt8(ascii: "\n") && bytes[index] != UInt8(ascii: "\r") {
          index += 1
        }
      case UInt8(ascii: "/") where byte(1) == UInt8(ascii: "*"):
        var depth = 0
        repeat {
          if byte(0) == UInt8(ascii: "/") && byte(1) == UInt8(ascii: "*") {
            depth += 1
            index += 2
          } else if byte(0) == UInt8(ascii: "*") && byte(1) == UInt8(ascii: "/") {
            depth -= 1
            index += 2
          } else {
            index += 1
          }
        } while depth > 0 && index < bytes.count
      default:
        return true
      }
    }
    return false
  }
}
