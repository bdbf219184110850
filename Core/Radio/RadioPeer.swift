import FoundationEssentials

/// What serves a Radio socket, as it says itself: which program, what it serves, and the request
/// bands it answers. Every bench simulator answers the **identify** request with it, so a client
/// pointed at the wrong socket, and a simulator finding its socket taken, can say what is really
/// there instead of guessing from a message type nobody expected.
///
/// On the wire: the request is type `0x70` with an empty body, the answer `0xF0` with this value as
/// its JSON body. The band `0x70…0x7F` is Radio's own; no device protocol may use it.
public struct RadioPeer: Codable, Sendable, Equatable {
  /// The program, e.g. `lab-sim`.
  public let program: String
  /// What it serves, in English (the wire's language), e.g. "the labs of Destiny, Columbus, Kibo and Nauka".
  public let serves: String
  /// The first request type of each band it answers (`0x00` for the suit, `0x40` for the labs).
  public let bands: [UInt8]

  /// A peer called `program`, serving `serves`, answering requests of `bands` (each `0xN0`).
  public init(program: String, serves: String, bands: [UInt8]) {
    self.program = program
    self.serves = serves
    self.bands = bands.map { $0 & 0xF0 }
  }

  /// The identify request's type.
  public static let identifyRequest: UInt8 = 0x70
  /// The identify answer's type.
  public static let identifyAnswer: UInt8 = 0xF0

  /// Whether it answers requests of `type`.
  public func answers(_ type: UInt8) -> Bool { bands.contains(type & 0xF0) }

  /// Whether `answer` is outside the band of the `request` it answers (a request's answers are in
  /// its band: `request | 0x80`, the band's failure): then who answered is worth asking.
  static func isOutOfBand(_ answer: UInt8, for request: UInt8) -> Bool {
    request & 0x70 != RadioPeer.identifyRequest && answer & 0x70 != request & 0x70
  }

  /// The answer to an identify `request`.
  func answer(to request: Frame) -> Frame {
    Frame(type: Self.identifyAnswer, sequence: request.sequence, payload: (try? FrameBody.encode(self)) ?? [])
  }

  /// What a peer that answered an identify request with `frame` says it is; nil when it said
  /// nothing of the kind (a device that does not know the request).
  static func identified(by frame: Frame) -> RadioPeer? {
    guard frame.type == identifyAnswer else { return nil }
    return try? FrameBody.decode(RadioPeer.self, from: frame.payload)
  }
}

/// What holds a Unix socket path, as ``RadioPeer/probe(path:timeout:)`` finds it.
public enum RadioPeerProbe: Sendable, Equatable {
  /// A peer that says what it is.
  case peer(RadioPeer)
  /// A device that speaks Radio's framing but does not say what it is (an older simulator).
  case anonymous
  /// Something accepts connections there but does not speak Radio at all (not one of ours).
  case stranger
  /// Nobody accepts connections there (a stale socket file, or nothing at all).
  case nobody
}

extension RadioPeer {
  /// Connects to the socket at `path` and asks who serves it, waiting at most `timeout` for the answer.
  public static func probe(path: String, timeout: Duration = .seconds(1)) async -> RadioPeerProbe {
    let transport: UnixSocketTransport
    do { transport = try await UnixSocketTransport.connect(path: path) } catch { return .nobody }
    return await withTaskGroup(of: RadioPeerProbe?.self) { group -> RadioPeerProbe in
      group.addTask {
        guard let bytes = try? FrameEncoder().encode(Frame(type: identifyRequest, sequence: 1, payload: [])),
          (try? await transport.send(bytes)) != nil
        else { return .stranger }
        var decoder = FrameDecoder()
        while let chunk = try? await transport.receive() {
          if let frame = decoder.feed(chunk).first {
            return identified(by: frame).map(RadioPeerProbe.peer) ?? .anonymous
          }
        }
        return .stranger
      }
      group.addTask {
        try? await Task.sleep(for: timeout)
        return nil
      }
      let first = await group.next() ?? nil
      group.cancelAll()
      await transport.close()
      return first ?? .stranger
    }
  }
}
