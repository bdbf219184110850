import Testing

@testable import Radio

@Suite struct FramingTests {
  let encoder = FrameEncoder()

  @Test func crcMatchesTheCCITTFalseCheckValue() {
    #expect(CRC16.ccittFalse(Array("123456789".utf8)) == 0x29B1)
  }

  /// The CRC bit by bit, as the standard defines it.
  static func bitwiseCRC(_ bytes: [UInt8], initial: UInt16) -> UInt16 {
    var crc = initial
    for byte in bytes {
      crc ^= UInt16(byte) << 8
      for _ in 0..<8 { crc = crc & 0x8000 != 0 ? (crc << 1) ^ 0x1021 : crc << 1 }
    }
    return crc
  }

  @Test func crcOfEveryLengthInMemoryOrNotIsTheStandardOne() {
    var generator = SystemRandomNumberGenerator()
    for length in 0...70 {
      let bytes = (0..<length).map { _ in UInt8.random(in: 0...255, using: &generator) }
      let initial = UInt16.random(in: 0...UInt16.max, using: &generator)
      let expected = Self.bitwiseCRC(bytes, initial: initial)
      #expect(CRC16.ccittFalse(bytes, initial: initial) == expected, "\(bytes)")
      #expect(CRC16.ccittFalse(bytes[...], initial: initial) == expected, "\(bytes)")
      #expect(CRC16.ccittFalse(bytes.lazy.map { $0 }, initial: initial) == expected, "\(bytes)")
    }
  }

  @Test func encodesTheDocumentedLayout() throws {
    let bytes = try encoder.encode(Frame(type: 0x01, sequence: 0x0203, payload: [0xAA]))
    #expect(Array(bytes[0..<8]) == [0xA5, 0x5A, 0x01, 0x02, 0x03, 0x00, 0x01, 0xAA])
    let crc = CRC16.ccittFalse([0x01, 0x02, 0x03, 0x00, 0x01, 0xAA])
    #expect(Array(bytes[8...]) == [UInt8(crc >> 8), UInt8(crc & 0xFF)])
  }

  @Test func roundTripsFrames() throws {
    let frames = [
      Frame(type: 1, sequence: 1, payload: []),
      Frame(type: 0x81, sequence: 65535, payload: Array("{\"v\":1}".utf8)),
      Frame(type: 7, sequence: 9, payload: [UInt8](repeating: 0xA5, count: FrameFormat.maximumPayloadLength)),
    ]
    var decoder = FrameDecoder()
    for frame in frames { #expect(decoder.feed(try encoder.encode(frame)) == [frame]) }
    #expect(decoder.corruptFrames == 0)
    #expect(decoder.droppedBytes == 0)
  }

  @Test func decodesFramesSplitIntoSingleBytesAndConcatenated() throws {
    let first = Frame(type: 2, sequence: 10, payload: Array("hello".utf8))
    let second = Frame(type: 3, sequence: 11, payload: [0xA5, 0x5A, 0xA5])
    let stream = try encoder.encode(first) + encoder.encode(second) + encoder.encode(first)
    var byteByByte = FrameDecoder()
    var decoded: [Frame] = []
    for byte in stream { decoded += byteByByte.feed([byte]) }
    #expect(decoded == [first, second, first])

    var chunked = FrameDecoder()
    let cut = 13
    var all = chunked.feed(stream[0..<cut])
    all += chunked.feed(stream[cut...])
    #expect(all == [first, second, first])
    #expect(chunked.bufferedByteCount == 0)
  }

  @Test func countsACorruptFrameAndDecodesTheNextOne() throws {
    var bad = try encoder.encode(Frame(type: 1, sequence: 1, payload: [1, 2, 3]))
    bad[8] ^= 0xFF
    let good = Frame(type: 1, sequence: 2, payload: [4, 5, 6])
    var decoder = FrameDecoder()
    let frames = decoder.feed(bad + (try encoder.encode(good)))
    #expect(frames == [good])
    #expect(decoder.corruptFrames == 1)
    #expect(decoder.droppedBytes == bad.count)
  }

  @Test func resynchronisesAfterGarbage() throws {
    let frame = Frame(type: 5, sequence: 5, payload: [9])
    let garbage: [UInt8] = [0x00, 0xA5, 0x13, 0x5A, 0xFF, 0xA5]
    var decoder = FrameDecoder()
    #expect(decoder.feed(garbage).isEmpty)
    #expect(decoder.feed(try encoder.encode(frame)) == [frame])
    #expect(decoder.droppedBytes == garbage.count)
    #expect(decoder.corruptFrames == 0)
  }

  @Test func rejectsOversizePayloads() throws {
    let tooLarge = Frame(
      type: 1, sequence: 1, payload: [UInt8](repeating: 0, count: FrameFormat.maximumPayloadLength + 1))
    #expect(throws: FrameEncodingError.self) { try encoder.encode(tooLarge) }

    // A header announcing 4097 bytes is corrupt; the decoder skips it and finds the next frame.
    let oversizeHeader: [UInt8] = [0xA5, 0x5A, 0x01, 0x00, 0x01, 0x10, 0x01]
    let good = Frame(type: 1, sequence: 3, payload: [])
    var decoder = FrameDecoder()
    #expect(decoder.feed(oversizeHeader + (try encoder.encode(good))) == [good])
    #expect(decoder.corruptFrames == 1)
    #expect(decoder.droppedBytes == oversizeHeader.count)
  }

  @Test func backoffDoublesUpToTheMaximum() {
    let policy = ReconnectPolicy(maximumAttempts: 5, initialDelay: .milliseconds(100), maximumDelay: .milliseconds(350))
    #expect(policy.delay(beforeAttempt: 1) == .milliseconds(100))
    #expect(policy.delay(beforeAttempt: 2) == .milliseconds(200))
    #expect(policy.delay(beforeAttempt: 3) == .milliseconds(350))
  }
}
