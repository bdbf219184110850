import FoundationEssentials
import Localization

/// One message on a radio link: a kind, a correlation number and an opaque payload.
public struct Frame: Sendable, Equatable {
  /// The message kind; its meaning belongs to the protocol spoken over the link.
  public var type: UInt8
  /// Correlates a response with its request; the responder echoes the request's sequence.
  public var sequence: UInt16
  /// The message body, at most `FrameFormat.maximumPayloadLength` bytes.
  public var payload: [UInt8]

  /// Creates a frame.
  public init(type: UInt8, sequence: UInt16, payload: [UInt8] = []) {
    self.type = type
    self.sequence = sequence
    self.payload = payload
  }

  /// A message kind as protocol texts name it: `0x0A`.
  public static func typeName(_ type: UInt8) -> String {
    let digits = String(type, radix: 16, uppercase: true)
    return "0x" + (digits.count < 2 ? "0" : "") + digits
  }
}

/// The constants of the wire format (see Core/Radio/README.md).
public enum FrameFormat {
  /// The two bytes every frame starts with.
  public static let syncBytes: (UInt8, UInt8) = (0xA5, 0x5A)
  /// sync(2) + type(1) + sequence(2) + length(2).
  public static let headerLength = 7
  /// The CRC after the payload.
  public static let trailerLength = 2
  /// The largest payload a frame may carry.
  public static let maximumPayloadLength = 4096
}

/// CRC-16/CCITT-FALSE: polynomial 0x1021, initial value 0xFFFF, no reflection, no final XOR.
public enum CRC16 {
  /// The checksum of `bytes` ("123456789" gives 0x29B1).
  public static func ccittFalse<Bytes: Sequence>(_ bytes: Bytes, initial: UInt16 = 0xFFFF) -> UInt16
  where Bytes.Element == UInt8 {
    if let crc = bytes.withContiguousStorageIfAvailable({ checksum($0, initial: initial) }) { return crc }
    var crc = initial
    table.withUnsafeBufferPointer { table in
      for byte in bytes {
        crc = (crc << 8) ^ table[Int(UInt8(truncatingIfNeeded: crc >> 8) ^ byte)]
      }
    }
    return crc
  }

  /// The checksum of bytes in memory, eight bytes a step ("slicing by eight"): the eight lookups of
  /// a step are independent of each other, where byte by byte each waits for the one before.
  private static func checksum(_ bytes: UnsafeBufferPointer<UInt8>, initial: UInt16) -> UInt16 {
    var crc = initial
    slices.withUnsafeBufferPointer { slices in
      var index = 0
      while bytes.count - index >= 8 {
        let first = Int(UInt8(truncatingIfNeeded: crc >> 8) ^ bytes[index])
        let second = Int(UInt8(truncatingIfNeeded: crc) ^ bytes[index + 1])
        crc = slices[7 << 8 | first] ^ slices[6 << 8 | second]
        crc ^= slices[5 << 8 | Int(bytes[index + 2])] ^ slices[4 << 8 | Int(bytes[index + 3])]
        crc ^= slices[3 << 8 | Int(bytes[index + 4])] ^ slices[2 << 8 | Int(bytes[index + 5])]
        crc ^= slices[1 << 8 | Int(bytes[index + 6])] ^ slices[Int(bytes[index + 7])]
        index += 8
      }
      while index < bytes.count {
        crc = (crc << 8) ^ slices[Int(UInt8(truncatingIfNeeded: crc >> 8) ^ bytes[index])]
        index += 1
      }
    }
    return crc
  }

  /// The CRC of each byte value, so a byte costs one lookup instead of eight shifts.
  private static let table: [UInt16] = (0..<256).map { value in
    var crc = UInt16(value) << 8
    for _ in 0..<8 { crc = (crc & 0x8000) != 0 ? (crc << 1) ^ 0x1021 : crc << 1 }
    return crc
  }

  /// Eight tables of 256: the `k`th holds what a byte value adds to the CRC when `k` more bytes
  /// follow it in the same step (the 0th is `table`).
  private static let slices: [UInt16] = {
    var slices = table
    for _ in 1..<8 {
      let previous = slices[(slices.count - 256)...]
      slices += previous.map { ($0 << 8) ^ table[Int($0 >> 8)] }
    }
    return slices
  }()
}

/// Why a frame could not be encoded.
public enum FrameEncodingError: Error, Equatable, TranslatedError, CustomStringConvertible {
  /// The payload is longer than `FrameFormat.maximumPayloadLength`.
  case payloadTooLarge(length: Int, maximum: Int)

  /// The line in the reader's language.
  public var translatedMessage: LocalizedText {
    switch self {
    case .payloadTooLarge(let length, let maximum): Strings.framePayloadTooLarge(length: length, maximum: maximum)
    }
  }

  /// The English line (logs).
  public var description: String { translatedMessage.description }
}

/// Turns frames into bytes.
public struct FrameEncoder: Sendable {
  /// Creates an encoder.
  public init() {}

  /// The bytes of `frame` on the wire; throws when the payload is too large.
  public func encode(_ frame: Frame) throws(FrameEncodingError) -> [UInt8] {
    guard frame.payload.count <= FrameFormat.maximumPayloadLength else {
      throw .payloadTooLarge(length: frame.payload.count, maximum: FrameFormat.maximumPayloadLength)
    }
    var bytes: [UInt8] = []
    bytes.reserveCapacity(FrameFormat.headerLength + frame.payload.count + FrameFormat.trailerLength)
    bytes.append(FrameFormat.syncBytes.0)
    bytes.append(FrameFormat.syncBytes.1)
    bytes.append(frame.type)
    bytes.append(UInt8(frame.sequence >> 8))
    bytes.append(UInt8(frame.sequence & 0xFF))
    let length = UInt16(frame.payload.count)
    bytes.append(UInt8(length >> 8))
    bytes.append(UInt8(length & 0xFF))
    bytes.append(contentsOf: frame.payload)
    let crc = CRC16.ccittFalse(bytes[2...])
    bytes.append(UInt8(crc >> 8))
    bytes.append(UInt8(crc & 0xFF))
    return bytes
  }
}

/// Turns an arbitrary chunked byte stream back into frames.
///
/// Feed it whatever the transport delivers (partial frames, several frames, garbage). It skips
/// bytes until the sync pair, waits for a complete frame, checks length and CRC, and on a bad
/// frame drops its first byte and scans again, so it resynchronises after any corruption.
public struct FrameDecoder: Sendable {
  /// Frames rejected for a bad CRC or an oversize length field.
  public private(set) var corruptFrames = 0
  /// Bytes discarded while searching for a valid frame (garbage and the bytes of corrupt frames).
  public private(set) var droppedBytes = 0
  /// Bytes held while waiting for the rest of a frame.
  public var bufferedByteCount: Int { buffer.count }

  private var buffer: [UInt8] = []

  /// Creates an empty decoder.
  public init() {}

  /// Adds received bytes and returns every frame they complete, in order.
  public mutating func feed<Bytes: Sequence>(_ bytes: Bytes) -> [Frame] where Bytes.Element == UInt8 {
    // Nothing held: the frames are read from the bytes where they are, and only a rest is kept.
    if buffer.isEmpty,
      let frames = bytes.withContiguousStorageIfAvailable({ chunk -> [Frame] in
        let (frames, consumed) = scan(chunk)
        buffer.append(contentsOf: chunk[consumed...])
        return frames
      })
    {
      return frames
    }
    var held: [UInt8] = []
    swap(&held, &buffer)
    held.append(contentsOf: bytes)
    let (frames, consumed) = held.withUnsafeBufferPointer { scan($0) }
    held.removeFirst(consumed)
    buffer = held
    return frames
  }

  /// The frames `bytes` holds and how many of its bytes they (and what was dropped) took; the rest
  /// is the start of a frame.
  private mutating func scan(_ bytes: UnsafeBufferPointer<UInt8>) -> (frames: [Frame], consumed: Int) {
    var frames: [Frame] = []
    var start = 0
    scanning: while start < bytes.count {
      // Find the sync pair.
      guard let syncIndex = findSync(in: bytes, from: start) else {
        // Keep a trailing first sync byte: its partner may be in the next chunk.
        let keep = bytes.last == FrameFormat.syncBytes.0 ? 1 : 0
        droppedBytes += bytes.count - start - keep
        start = bytes.count - keep
        break scanning
      }
      droppedBytes += syncIndex - start
      start = syncIndex
      guard bytes.count - start >= FrameFormat.headerLength else { break scanning }
      let length = Int(bytes[start + 5]) << 8 | Int(bytes[start + 6])
      guard length <= FrameFormat.maximumPayloadLength else {
        corruptFrames += 1
        droppedBytes += 1
        start += 1
        continue scanning
      }
      let total = FrameFormat.headerLength + length + FrameFormat.trailerLength
      guard bytes.count - start >= total else { break scanning }
      let crcIndex = start + FrameFormat.headerLength + length
      let expected = UInt16(bytes[crcIndex]) << 8 | UInt16(bytes[crcIndex + 1])
      let actual = CRC16.ccittFalse(UnsafeBufferPointer(rebasing: bytes[(start + 2)..<crcIndex]))
      guard expected == actual else {
        corruptFrames += 1
        droppedBytes += 1
        start += 1
        continue scanning
      }
      let sequence = UInt16(bytes[start + 3]) << 8 | UInt16(bytes[start + 4])
      let payload = Array(bytes[(start + FrameFormat.headerLength)..<crcIndex])
      frames.append(Frame(type: bytes[start + 2], sequence: sequence, payload: payload))
      start += total
    }
    return (frames, start)
  }

  private func findSync(in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
    var index = start
    while index + 1 < bytes.count {
      if bytes[index] == FrameFormat.syncBytes.0 && bytes[index + 1] == FrameFormat.syncBytes.1 { return index }
      index += 1
    }
    return nil
  }
}
