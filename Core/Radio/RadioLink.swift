import Foundation
import Logging

/// Counters of one radio link since it was created; survive reconnects.
public struct LinkStatistics: Codable, Sendable, Equatable {
  /// Frames written to the transport.
  public var framesSent: Int
  /// Valid frames decoded from the transport.
  public var framesReceived: Int
  /// Frames discarded for a bad checksum or an oversize length.
  public var corruptFrames: Int
  /// Bytes discarded while resynchronising (garbage and the bytes of corrupt frames).
  public var droppedBytes: Int
  /// Successful reconnects after the transport dropped.
  public var reconnects: Int
  /// Requests that got no response in time.
  public var timeouts: Int

  /// Creates statistics; all counters default to zero.
  public init(
    framesSent: Int = 0, framesReceived: Int = 0, corruptFrames: Int = 0, droppedBytes: Int = 0,
    reconnects: Int = 0, timeouts: Int = 0
  ) {
    self.framesSent = framesSent
    self.framesReceived = framesReceived
    self.corruptFrames = corruptFrames
    self.droppedBytes = droppedBytes
    self.reconnects = reconnects
    self.timeouts = timeouts
  }
}

/// When and how often a link reconnects after its transport drops.
public struct ReconnectPolicy: Sendable, Equatable {
  /// Attempts per outage before the link gives up and closes; 0 = never reconnect.
  public var maximumAttempts: Int
  /// Delay before the first attempt; doubled for each further attempt.
  public var initialDelay: Duration
  /// Upper bound of the delay between attempts.
  public var maximumDelay: Duration

  /// Creates a policy.
  public init(maximumAttempts: Int, initialDelay: Duration, maximumDelay: Duration) {
    self.maximumAttempts = maximumAttempts
    self.initialDelay = initialDelay
    self.maximumDelay = maximumDelay
  }

  /// Never reconnect (server side of a connection, one-shot tools).
  public static let never = ReconnectPolicy(maximumAttempts: 0, initialDelay: .zero, maximumDelay: .zero)
  /// Ten attempts, 100 ms doubling up to 2 s.
  public static let standard = ReconnectPolicy(
    maximumAttempts: 10, initialDelay: .milliseconds(100), maximumDelay: .seconds(2))

  /// The delay before attempt `attempt` (1-based).
  public func delay(beforeAttempt attempt: Int) -> Duration {
    var delay = initialDelay
    for _ in 1..<max(attempt, 1) where delay < maximumDelay { delay = delay * 2 }
    return min(delay, maximumDelay)
  }
}

/// How a `RadioLink` behaves.
public struct RadioLinkConfiguration: Sendable, Equatable {
  /// How long `request` waits for the response by default.
  public var requestTimeout: Duration
  /// What happens when the transport drops.
  public var reconnect: ReconnectPolicy

  /// Creates a configuration.
  public init(requestTimeout: Duration = .seconds(3), reconnect: ReconnectPolicy = .standard) {
    self.requestTimeout = requestTimeout
    self.reconnect = reconnect
  }
}

/// Frames over a transport: send, receive, request/response matched by sequence number with a
/// timeout, reconnect with backoff when the transport drops, and counters.
///
/// Frames whose sequence matches an outstanding request complete that request; every other
/// frame is delivered on `incoming`.
public actor RadioLink {
  /// Frames that are not responses to this side's requests (e.g. requests to a server).
  /// Finishes when the link closes for good.
  public nonisolated let incoming: AsyncStream<Frame>
  private let incomingContinuation: AsyncStream<Frame>.Continuation

  private let connector: RadioConnector?
  private let configuration: RadioLinkConfiguration
  private let logger: Logger
  private let encoder = FrameEncoder()

  private var transport: (any RadioTransport)?
  private var decoder = FrameDecoder()
  private var statisticsBase = LinkStatistics()
  private var counters = LinkStatistics()
  private var nextSequence: UInt16 = 1
  private var pending: [UInt16: CheckedContinuation<Frame, any Error>] = [:]
  private var timeoutTasks: [UInt16: Task<Void, Never>] = [:]
  private var receiveTask: Task<Void, Never>?
  private var isClosed = false

  /// A link that connects (and reconnects) through `connector`; call `start()` to connect.
  public init(connector: RadioConnector, configuration: RadioLinkConfiguration = .init(), logger: Logger) {
    self.connector = connector
    self.configuration = configuration
    self.logger = logger
    (incoming, incomingContinuation) = AsyncStream.makeStream(of: Frame.self)
  }

  /// A link over an already connected transport (e.g. one accepted by a listener); never
  /// reconnects. Call `start()` to begin receiving.
  public init(transport: any RadioTransport, requestTimeout: Duration = .seconds(3), logger: Logger) {
    self.connector = nil
    self.configuration = RadioLinkConfiguration(requestTimeout: requestTimeout, reconnect: .never)
    self.logger = logger
    self.transport = transport
    (incoming, incomingContinuation) = AsyncStream.makeStream(of: Frame.self)
  }

  /// Connects if needed and starts receiving; throws when the first connection fails.
  ///
  /// The connect suspends the actor, so the link may be closed or started by another call
  /// meanwhile: a connection that is no longer wanted is closed, never left open unowned.
  public func start() async throws {
    guard !isClosed else { throw RadioError.closed }
    guard receiveTask == nil else { return }
    if transport == nil {
      guard let connector else { throw RadioError.notConnected }
      let connected = try await connector.connect()
      guard !isClosed else {
        await connected.close()
        throw RadioError.closed
      }
      guard receiveTask == nil else {
        await connected.close()
        return
      }
      transport = connected
      logger.debug("connected to \(connector.endpoint)")
    }
    guard let transport else { throw RadioError.notConnected }
    receiveTask = Task { await self.receiveLoop(first: transport) }
  }

  /// Whether a transport is currently connected.
  public var isConnected: Bool { transport != nil }

  /// The counters so far.
  public func statistics() -> LinkStatistics {
    var total = counters
    total.corruptFrames = statisticsBase.corruptFrames + decoder.corruptFrames
    total.droppedBytes = statisticsBase.droppedBytes + decoder.droppedBytes
    return total
  }

  /// Sends one frame as is.
  public func send(_ frame: Frame) async throws {
    guard let transport else { throw isClosed ? RadioError.closed : RadioError.notConnected }
    let bytes = try encode(frame)
    try await transport.send(bytes)
    counters.framesSent += 1
  }

  /// Replies to `request` with a frame of `type` carrying the request's sequence number.
  public func respond(to request: Frame, type: UInt8, payload: [UInt8]) async throws {
    try await send(Frame(type: type, sequence: request.sequence, payload: payload))
  }

  /// Sends a request and waits for the frame with the same sequence number.
  /// Throws `RadioError.timeout`, `.connectionLost`, `.notConnected` or `.closed`.
  public func request(type: UInt8, payload: [UInt8] = [], timeout: Duration? = nil) async throws -> Frame {
    guard let transport else { throw isClosed ? RadioError.closed : RadioError.notConnected }
    let sequence = takeSequence()
    let bytes = try encode(Frame(type: type, sequence: sequence, payload: payload))
    let limit = timeout ?? configuration.requestTimeout
    return try await withCheckedThrowingContinuation { continuation in
      pending[sequence] = continuation
      timeoutTasks[sequence] = Task {
        try? await Task.sleep(for: limit)
        guard !Task.isCancelled else { return }
        self.expire(sequence)
      }
      Task {
        do {
          try await transport.send(bytes)
          self.countSent()
        } catch {
          self.complete(sequence, with: .failure(error))
        }
      }
    }
  }

  /// Closes the link for good: fails outstanding requests, ends `incoming`.
  public func close() async {
    guard !isClosed else { return }
    isClosed = true
    receiveTask?.cancel()
    let current = transport
    transport = nil
    failAllPending(RadioError.closed)
    incomingContinuation.finish()
    await current?.close()
  }

  // MARK: - Internals

  private func encode(_ frame: Frame) throws(RadioError) -> [UInt8] {
    do { return try encoder.encode(frame) } catch { throw .encoding(error.description) }
  }

  private func takeSequence() -> UInt16 {
    var sequence = nextSequence
    while pending[sequence] != nil || sequence == 0 { sequence &+= 1 }
    nextSequence = sequence &+ 1
    return sequence
  }

  private func countSent() { counters.framesSent += 1 }

  private func expire(_ sequence: UInt16) {
    guard pending[sequence] != nil else { return }
    counters.timeouts += 1
    logger.warning("request #\(sequence) timed out")
    complete(sequence, with: .failure(RadioError.timeout(sequence: sequence)))
  }

  private func complete(_ sequence: UInt16, with result: Result<Frame, any Error>) {
    timeoutTasks.removeValue(forKey: sequence)?.cancel()
    pending.removeValue(forKey: sequence)?.resume(with: result)
  }

  private func failAllPending(_ error: RadioError) {
    for sequence in Array(pending.keys) { complete(sequence, with: .failure(error)) }
  }

  private func handle(_ chunk: [UInt8]) {
    for frame in decoder.feed(chunk) {
      counters.framesReceived += 1
      if pending[frame.sequence] != nil {
        complete(frame.sequence, with: .success(frame))
      } else {
        incomingContinuation.yield(frame)
      }
    }
  }

  private func receiveLoop(first: any RadioTransport) async {
    var current = first
    while !isClosed {
      do {
        guard let chunk = try await current.receive() else { throw RadioError.closed }
        handle(chunk)
      } catch {
        guard !isClosed else { break }
        logger.info("connection dropped: \(error)")
        await current.close()
        transport = nil
        failAllPending(.connectionLost)
        guard let next = await reconnect() else {
          await close()
          break
        }
        current = next
      }
    }
  }

  private func reconnect() async -> (any RadioTransport)? {
    guard let connector else { return nil }
    let policy = configuration.reconnect
    guard policy.maximumAttempts > 0 else { return nil }
    for attempt in 1...policy.maximumAttempts {
      try? await Task.sleep(for: policy.delay(beforeAttempt: attempt))
      guard !isClosed else { return nil }
      do {
        let next = try await connector.connect()
        guard !isClosed else {
          await next.close()
          return nil
        }
        statisticsBase.corruptFrames += decoder.corruptFrames
        statisticsBase.droppedBytes += decoder.droppedBytes
        decoder = FrameDecoder()
        transport = next
        counters.reconnects += 1
        logger.notice("reconnected to \(connector.endpoint) (attempt \(attempt))")
        return next
      } catch {
        logger.debug("reconnect attempt \(attempt) to \(connector.endpoint) failed: \(error)")
      }
    }
    logger.warning("gave up reconnecting to \(connector.endpoint) after \(policy.maximumAttempts) attempts")
    return nil
  }
}
