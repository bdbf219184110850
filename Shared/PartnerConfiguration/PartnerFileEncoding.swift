import FoundationEssentials

/// The encoding a partner file is written in, as its first bytes tell: JSON is UTF-8 (RFC 8259 §8.1),
/// with or without a byte order mark; UTF-16 and UTF-32 are recognised, by their mark or by the zero
/// bytes around the first character (RFC 4627 §3), so that they are refused by name.
enum PartnerFileEncoding: Equatable {
  /// UTF-8, after a byte order mark of `markLength` bytes (0 or 3).
  case utf8(markLength: Int)
  /// Another Unicode encoding, by name (e.g. "UTF-16LE").
  case other(String)

  /// The encoding of `data`.
  init(of data: Data) {
    let bytes = Array(data.prefix(4))
    func starts(_ prefix: [UInt8]) -> Bool { bytes.starts(with: prefix) }
    func zero(_ index: Int) -> Bool { index < bytes.count && bytes[index] == 0 }
    if starts([0xEF, 0xBB, 0xBF]) {
      self = .utf8(markLength: 3)
    } else if starts([0x00, 0x00, 0xFE, 0xFF]) || (bytes.count == 4 && zero(0) && zero(1) && zero(2) && !zero(3)) {
      self = .other("UTF-32BE")
    } else if starts([0xFF, 0xFE, 0x00, 0x00]) || (bytes.count == 4 && !zero(0) && zero(1) && zero(2) && zero(3)) {
      self = .other("UTF-32LE")
    } else if starts([0xFE, 0xFF]) || (bytes.count >= 2 && zero(0) && !zero(1)) {
      self = .other("UTF-16BE")
    } else if starts([0xFF, 0xFE]) || (bytes.count >= 2 && !zero(0) && zero(1)) {
      self = .other("UTF-16LE")
    } else {
      self = .utf8(markLength: 0)
    }
  }
}
