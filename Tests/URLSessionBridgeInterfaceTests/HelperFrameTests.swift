import Glibc
import Testing
import URLSessionBridgeInterface

/// A pipe: frames written to its write end are read from its read end.
private func pipeEnds() throws -> (read: Int32, write: Int32) {
  var ends: [Int32] = [0, 0]
  try #require(pipe(&ends) == 0)
  return (ends[0], ends[1])
}

@Suite struct HelperFrameTests {
  @Test func whatTheWriterWritesTheReaderReadsBackInOrderAndNothingPastTheEnd() {
    var writer = HelperFrame.Writer()
    writer.integer(UInt64(0x0102_0304_0506_0708))
    writer.integer(Int32(-2))
    writer.text("Звезда/ISS")
    writer.byteString([0, 255, 7])
    writer.optionalText(nil)
    writer.optionalText("x")
    #expect(Array(writer.bytes.prefix(8)) == [8, 7, 6, 5, 4, 3, 2, 1])  // little-endian
    var reader = HelperFrame.Reader(bytes: writer.bytes)
    #expect(reader.integer(UInt64.self) == 0x0102_0304_0506_0708)
    #expect(reader.integer(Int32.self) == -2)
    #expect(reader.text() == "Звезда/ISS")
    #expect(reader.byteString() == [0, 255, 7])
    #expect(reader.integer(UInt8.self) == 0)
    #expect(reader.integer(UInt8.self) == 1)
    #expect(reader.text() == "x")
    #expect(reader.integer(UInt8.self) == nil)
    #expect(reader.text() == nil)
  }

  @Test func aByteStringLongerThanWhatIsLeftReadsAsNothing() {
    var reader = HelperFrame.Reader(bytes: [9, 0, 0, 0, 1, 2])
    #expect(reader.byteString() == nil)
  }

  @Test func framesGoThroughADescriptorWholeAndTheEndReadsAsNil() throws {
    let (input, output) = try pipeEnds()
    defer { close(input) }
    #expect(HelperFrame.framed([1, 2, 3]) == [3, 0, 0, 0, 1, 2, 3])
    for payload: [UInt8] in [[1, 2, 3], []] {
      let frame = HelperFrame.framed(payload)
      #expect(write(output, frame, frame.count) == frame.count)
    }
    close(output)
    #expect(HelperFrame.read(from: input) == [1, 2, 3])
    #expect(HelperFrame.read(from: input) == [])
    #expect(HelperFrame.read(from: input) == nil)
  }

  @Test func aFrameCutShortOrLongerThanTheLimitIsRefused() throws {
    let (input, output) = try pipeEnds()
    defer { close(input) }
    let tooLong = UInt32(HelperFrame.maximumLength + 1)
    let cut: [UInt8] = withUnsafeBytes(of: tooLong.littleEndian) { Array($0) }
    #expect(write(output, cut, cut.count) == 4)
    close(output)
    #expect(HelperFrame.read(from: input) == nil)

    let (shortInput, shortOutput) = try pipeEnds()
    defer { close(shortInput) }
    let short: [UInt8] = [5, 0, 0, 0, 1, 2]
    #expect(write(shortOutput, short, short.count) == 6)
    close(shortOutput)
    #expect(HelperFrame.read(from: shortInput) == nil)
  }
}
