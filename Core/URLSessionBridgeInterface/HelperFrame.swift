#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The framing of the URLSession helper protocol, written once for both ends (the app's
/// `Network.URLSessionHelper` and the helper's `URLSessionBridge`): a frame is a 4-byte
/// little-endian length, then that many bytes; inside, integers are little-endian, texts and byte
/// strings a 4-byte length and the bytes.
public enum HelperFrame {
  /// The largest frame either end accepts (64 MiB).
  public static let maximumLength = 64 << 20

  /// `payload` with its length in front: the bytes one frame is written as.
  public static func framed(_ payload: [UInt8]) -> [UInt8] {
    withUnsafeBytes(of: UInt32(payload.count).littleEndian) { Array($0) } + payload
  }

  /// The next frame's payload read from `descriptor`, or nil at its end (or for a frame too long
  /// or cut short).
  public static func read(from descriptor: Int32) -> [UInt8]? {
    guard let header = exactly(4, from: descriptor) else { return nil }
    let length = Int(UInt32(header[0]) | UInt32(header[1]) << 8 | UInt32(header[2]) << 16 | UInt32(header[3]) << 24)
    guard length <= maximumLength else { return nil }
    return exactly(length, from: descriptor)
  }

  private static func exactly(_ count: Int, from descriptor: Int32) -> [UInt8]? {
    var bytes = [UInt8](repeating: 0, count: count)
    var offset = 0
    while offset < count {
      let got = bytes.withUnsafeMutableBytes { readBytes(descriptor, $0.baseAddress! + offset, count - offset) }
      if got < 0 && errno == EINTR { continue }
      guard got > 0 else { return nil }
      offset += got
    }
    return bytes
  }

  /// Builds a payload.
  public struct Writer {
    /// The payload so far.
    public private(set) var bytes: [UInt8] = []

    /// An empty payload.
    public init() {}

    /// Appends `value`, little-endian.
    public mutating func integer<Value: FixedWidthInteger>(_ value: Value) {
      withUnsafeBytes(of: value.littleEndian) { bytes += $0 }
    }

    /// Appends `value` with its 4-byte length.
    public mutating func byteString(_ value: [UInt8]) {
      integer(UInt32(value.count))
      bytes += value
    }

    /// Appends `value` as UTF-8 with its length.
    public mutating func text(_ value: String) { byteString(Array(value.utf8)) }

    /// Appends 1 and `value`, or 0 for none.
    public mutating func optionalText(_ value: String?) {
      integer(UInt8(value == nil ? 0 : 1))
      if let value { text(value) }
    }
  }

  /// Reads a payload; every read is nil past its end.
  public struct Reader {
    private let bytes: [UInt8]
    private var offset = 0

    /// Reads `bytes` from the start.
    public init(bytes: [UInt8]) { self.bytes = bytes }

    /// The next little-endian integer of type `Value`.
    public mutating func integer<Value: FixedWidthInteger>(_: Value.Type = Value.self) -> Value? {
      let size = MemoryLayout<Value>.size
      guard offset + size <= bytes.count else { return nil }
      var value = Value.zero
      for index in (0..<size).reversed() { value = value << 8 | Value(bytes[offset + index]) }
      offset += size
      return value
    }

    /// The next byte string (its 4-byte length, then the bytes).
    public mutating func byteString() -> [UInt8]? {
      guard let count = integer(UInt32.self).map(Int.init), offset + count <= bytes.count else { return nil }
      defer { offset += count }
      return Array(bytes[offset..<offset + count])
    }

    /// The next text (a byte string read as UTF-8).
    public mutating func text() -> String? { byteString().map { String(decoding: $0, as: UTF8.self) } }
  }
}

/// read(2), under a name `HelperFrame`'s own methods do not hide.
private func readBytes(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
  read(descriptor, buffer, count)
}
