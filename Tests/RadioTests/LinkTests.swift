import Foundation
import Logging
import Synchronization
import Testing

@testable import Radio

@Suite struct LinkTests {
  @Test func requestAndResponseOverTheInMemoryPair() async throws {
    let (clientSide, serverSide) = InMemoryRadioTransport.pair()
    let server = RadioLink(transport: serverSide, logger: quiet)
    try await server.start()
    let echoing = echo(on: server)
    let client = RadioLink(transport: clientSide, logger: quiet)
    try await client.start()

    let response = try await client.request(type: 0x01, payload: [1, 2, 3])
    #expect(response.type == 0x81)
    #expect(response.payload == [1, 2, 3])
    async let a = client.request(type: 0x02, payload: [7])
    async let b = client.request(type: 0x03, payload: [8])
    let (first, second) = try await (a, b)
    #expect(first.payload == [7])
    #expect(second.payload == [8])
    let statistics = await client.statistics()
    #expect(statistics.framesSent == 3)
    #expect(statistics.framesReceived == 3)

    await client.close()
    await server.close()
    echoing.cancel()
  }

  @Test func requestTimesOutWhenNobodyAnswers() async throws {
    let (clientSide, serverSide) = InMemoryRadioTransport.pair()
    let client = RadioLink(transport: clientSide, logger: quiet)
    try await client.start()
    await #expect(throws: RadioError.timeout(sequence: 1)) {
      try await client.request(type: 1, timeout: .milliseconds(30))
    }
    #expect(await client.statistics().timeouts == 1)
    await client.close()
    await serverSide.close()
  }

  @Test func countsCorruptFramesOnTheLink() async throws {
    let (clientSide, serverSide) = InMemoryRadioTransport.pair()
    let client = RadioLink(transport: clientSide, logger: quiet)
    try await client.start()
    var bad = try FrameEncoder().encode(Frame(type: 9, sequence: 0, payload: [1]))
    bad[7] ^= 0x01
    try await serverSide.send([0x00, 0x01] + bad + (try FrameEncoder().encode(Frame(type: 9, sequence: 0))))
    var iterator = client.incoming.makeAsyncIterator()
    let frame = await iterator.next()
    #expect(frame?.type == 9)
    let statistics = await client.statistics()
    #expect(statistics.corruptFrames == 1)
    #expect(statistics.droppedBytes == 2 + bad.count)
    await client.close()
  }

  @Test func reconnectsAfterThePeerCloses() async throws {
    let servers = Mutex<[RadioLink]>([])
    let connector = RadioConnector(endpoint: "in-memory") {
      let (clientSide, serverSide) = InMemoryRadioTransport.pair()
      let server = RadioLink(transport: serverSide, logger: quiet)
      try await server.start()
      _ = echo(on: server)
      servers.withLock { $0.append(server) }
      return clientSide
    }
    let policy = ReconnectPolicy(maximumAttempts: 5, initialDelay: .milliseconds(5), maximumDelay: .milliseconds(20))
    let client = RadioLink(connector: connector, configuration: .init(reconnect: policy), logger: quiet)
    try await client.start()
    #expect(try await client.request(type: 1, payload: [1]).payload == [1])

    await servers.withLock { $0[0] }.close()
    #expect(
      await eventually {
        let connected = await client.isConnected
        return await client.statistics().reconnects == 1 && connected
      })
    #expect(try await client.request(type: 1, payload: [2]).payload == [2])
    #expect(servers.withLock { $0.count } == 2)

    await client.close()
    for server in servers.withLock({ $0 }) { await server.close() }
  }

  @Test func givesUpAndClosesWhenReconnectsFail() async throws {
    let attempts = Mutex(0)
    let (clientSide, serverSide) = InMemoryRadioTransport.pair()
    let connector = RadioConnector(endpoint: "in-memory") {
      let attempt = attempts.withLock { count in
        count += 1
        return count
      }
      if attempt == 1 { return clientSide }
      throw RadioError.notConnected
    }
    let policy = ReconnectPolicy(maximumAttempts: 2, initialDelay: .milliseconds(1), maximumDelay: .milliseconds(2))
    let client = RadioLink(connector: connector, configuration: .init(reconnect: policy), logger: quiet)
    try await client.start()
    await serverSide.close()
    var iterator = client.incoming.makeAsyncIterator()
    #expect(await iterator.next() == nil)
    #expect(attempts.withLock { $0 } == 3)
    await #expect(throws: RadioError.reconnectFailed(attempts: 2)) { try await client.request(type: 1) }
  }

  @Test func closingWhileStartIsConnectingClosesTheNewConnection() async throws {
    let (connecting, connectingContinuation) = AsyncStream.makeStream(of: Void.self)
    let gate = Gate()
    let (clientSide, serverSide) = InMemoryRadioTransport.pair()
    let connector = RadioConnector(endpoint: "in-memory") {
      connectingContinuation.yield()
      await gate.wait()
      return clientSide
    }
    let link = RadioLink(connector: connector, configuration: .init(reconnect: .never), logger: quiet)
    let starting = Task { try await link.start() }
    var iterator = connecting.makeAsyncIterator()
    _ = await iterator.next()
    await link.close()
    await gate.open()
    await #expect(throws: RadioError.closed) { try await starting.value }
    // Nobody owns the connection made for the closed link, so it must be closed: the peer can no longer send.
    await #expect(throws: RadioError.closed) { try await serverSide.send([1]) }
  }

  @Test func talksOverARealUnixSocket() async throws {
    let path = "/tmp/iss-\(UUID().uuidString.prefix(8)).sock"
    let listener = try UnixSocketListener(path: path)
    defer { listener.close() }
    #expect(FileManager.default.fileExists(atPath: path))
    #expect(throws: RadioError.addressInUse(path: path)) { try UnixSocketListener(path: path) }

    // Serves every connection (the addressInUse probe above was one) until the listener closes.
    let serving = Task {
      while let transport = try? await listener.accept() {
        Task {
          let server = RadioLink(transport: transport, logger: quiet)
          try await server.start()
          for await frame in server.incoming {
            try await server.respond(to: frame, type: frame.type | 0x80, payload: frame.payload.reversed())
          }
        }
      }
    }
    let client = RadioLink(
      connector: .unixSocket(path: path), configuration: .init(requestTimeout: patience, reconnect: .never),
      logger: quiet)
    try await client.start()
    let big = (0..<3000).map { UInt8($0 % 251) }
    let response = try await client.request(type: 4, payload: big)
    #expect(response.type == 0x84)
    #expect(response.payload == big.reversed())
    await client.close()
    listener.close()
    await serving.value
    #expect(!FileManager.default.fileExists(atPath: path))
  }

  @Test func refusesSocketPathsLongerThanSunPath() {
    let path = "/tmp/" + String(repeating: "x", count: 200) + ".sock"
    #expect(throws: RadioError.socketPathTooLong(path: path, maximum: maximumUnixSocketPathLength)) {
      try UnixSocketListener(path: path)
    }
  }

  @Test func replacesAStaleSocketFile() async throws {
    let path = "/tmp/iss-\(UUID().uuidString.prefix(8)).sock"
    let first = try UnixSocketListener(path: path)
    // Simulate a crashed server: the file stays, nobody listens.
    first.closeKeepingFile()
    #expect(FileManager.default.fileExists(atPath: path))
    let second = try UnixSocketListener(path: path)
    second.close()
    #expect(!FileManager.default.fileExists(atPath: path))
  }

  @Test func connectingToNothingFails() async {
    let path = "/tmp/iss-\(UUID().uuidString.prefix(8)).sock"
    await #expect(throws: RadioError.self) { try await UnixSocketTransport.connect(path: path) }
  }

  @Test func connectingWhereNoSocketCanBeNamesWhatIsThere() async throws {
    let folder = "/tmp/iss-\(UUID().uuidString.prefix(8))"
    try FileManager.default.createDirectory(atPath: folder + "/dir", withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    #expect(FileManager.default.createFile(atPath: folder + "/file", contents: Data()))
    await #expect(throws: RadioError.notASocket(path: folder + "/file", kind: .regularFile)) {
      try await UnixSocketTransport.connect(path: folder + "/file")
    }
    await #expect(throws: RadioError.notASocket(path: folder + "/dir", kind: .directory)) {
      try await UnixSocketTransport.connect(path: folder + "/dir")
    }
    await #expect(
      throws: RadioError.notADirectory(path: folder + "/file/s.sock", component: folder + "/file", kind: .regularFile)
    ) { try await UnixSocketTransport.connect(path: folder + "/file/s.sock") }
    #expect(RadioError.notASocket(path: "x", kind: .directory).isNoSocketPath)
    #expect(!RadioError.system(call: "connect", reason: "Connection refused").isNoSocketPath)
  }
}

/// Holds callers of `wait()` until `open()`.
private actor Gate {
  private var isOpen = false
  private var waiters: [CheckedContinuation<Void, Never>] = []

  func wait() async {
    guard !isOpen else { return }
    await withCheckedContinuation { waiters.append($0) }
  }

  func open() {
    isOpen = true
    for waiter in waiters { waiter.resume() }
    waiters.removeAll()
  }
}
