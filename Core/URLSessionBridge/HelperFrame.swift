import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// One message of the helper protocol: a 4-byte little-endian length, then that many bytes;
/// integers little-endian, texts and byte strings as a 4-byte length and the bytes.
enum HelperFrame {
  /// The largest frame either side accepts (64 MiB).
  static let maximumLength = 64 << 20

  /// The next frame's bytes, or nil at the end of `descriptor` (or a frame too long or cut short).
  static func read(from descriptor: Int32) -> [UInt8]? {
    guard let header = exactly(4, from: descriptor) else { return nil }
    let length = Int(header.withUnsafeBytes { UInt32(littleEndian: $0.loadUnaligned(as: UInt32.self)) })
    guard length <= maximumLength else { return nil }
    return exactly(length, from: descriptor)
  }

  /// Writes `payload` as one frame (whole, retrying short writes); false when the other end is gone.
  @discardableResult
  static func write(_ payload: [UInt8], to descriptor: Int32) -> Bool {
    var frame = withUnsafeBytes(of: UInt32(payload.count).littleEndian) { Array($0) }
    frame += payload
    return frame.withUnsafeBytes { buffer in
      var offset = 0
      while offset < buffer.count {
        let written = Glibc.write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
        if written < 0 && errno == EINTR { continue }
        guard written > 0 else { return false }
        offset += written
      }
      return true
    }
  }

  private static func exactly(_ count: Int, from descriptor: Int32) -> [UInt8]? {
    var bytes = [UInt8](repeating: 0, count: count)
    var offset = 0
    while offset < count {
      let got = bytes.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress! + offset, count - offset) }
      if got < 0 && errno == EINTR { continue }
      guard got > 0 else { return nil }
      offset += got
    }
    return bytes
  }

  /// Builds a payload.
  struct Writer {
    var bytes: [UInt8] = []

    mutating func integer<Value: FixedWidthInteger>(_ value: Value) {
      withUnsafeBytes(of: value.littleEndian) { bytes += $0 }
    }

    mutating func byteString(_ value: [UInt8]) {
      integer(UInt32(value.count))
      bytes += value
    }

    mutating func text(_ value: String) { byteString(Array(value.utf8)) }

    mutating func optionalText(_ value: String?) {
      integer(UInt8(value == nil ? 0 : 1))
      if let value { text(value) }
    }
  }

  /// Reads a payload; every read is nil past its end.
  struct Reader {
    let bytes: [UInt8]
    var offset = 0

    mutating func integer<Value: FixedWidthInteger>(_: Value.Type = Value.self) -> Value? {
      let size = MemoryLayout<Value>.size
      guard offset + size <= bytes.count else { return nil }
      var value = Value.zero
      for index in (0..<size).reversed() { value = value << 8 | Value(bytes[offset + index]) }
      offset += size
      return value
    }

    mutating func byteString() -> [UInt8]? {
      guard let count = integer(UInt32.self).map(Int.init), offset + count <= bytes.count else { return nil }
      defer { offset += count }
      return Array(bytes[offset..<offset + count])
    }

    mutating func text() -> String? { byteString().map { String(decoding: $0, as: UTF8.self) } }
  }
}

/// A request frame from the app: send one request, or cancel one.
enum HelperRequest {
  /// One HTTP request.
  struct Send {
    var method: String
    var url: String
    var headers: [(name: String, value: String)]
    var body: [UInt8]?
    var timeoutSeconds: Double
  }

  case send(id: UInt64, Send)
  case cancel(id: UInt64)

  /// The request in `payload`: kind 1 (send) or 2 (cancel), the request's number, then for a send
  /// the idle timeout (a Double's bits), method, URL, header count and pairs, and whether a body
  /// follows and the body; nil for anything else.
  init?(_ payload: [UInt8]) {
    var reader = HelperFrame.Reader(bytes: payload)
    guard let kind = reader.integer(UInt8.self), let id = reader.integer(UInt64.self) else { return nil }
    switch kind {
    case 2:
      self = .cancel(id: id)
    case 1:
      guard let timeout = reader.integer(UInt64.self), let method = reader.text(), let url = reader.text(),
        let count = reader.integer(UInt32.self)
      else { return nil }
      var headers: [(name: String, value: String)] = []
      for _ in 0..<count {
        guard let name = reader.text(), let value = reader.text() else { return nil }
        headers.append((name, value))
      }
      guard let hasBody = reader.integer(UInt8.self) else { return nil }
      var body: [UInt8]?
      if hasBody == 1 {
        guard let bytes = reader.byteString() else { return nil }
        body = bytes
      }
      self = .send(
        id: id,
        Send(
          method: method, url: url, headers: headers, body: body, timeoutSeconds: Double(bitPattern: timeout)))
    default:
      return nil
    }
  }
}
