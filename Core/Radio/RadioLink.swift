import FoundationEssentials
import Logging
import Synchronization

/// Frames over a transport: send, receive, request/response matched by sequence number with a
/// timeout, reconnect with backoff when the transport drops, and counters.
///
/// Frames whose sequence matches an outstanding request complete that request; every other
/// frame is delivered on `incoming`. While the link reconnects, `send` and `request` wait for the
/// new connection (as long as the reconnect policy keeps trying) instead of failing; requests that
/// were waiting for a response when the connection dropped fail with `.connectionLost`. `events()`
/// tells a person what is going on.
///
/// The actor owns the connection (connect, reconnect, close); requests do not go through it once
/// connected: a response is handed to its request on the thread it arrived on.
public actor RadioLink {
  /// Frames that are not responses to this side's requests (e.g. requests to a server).
  /// Finishes when the link closes for good.
  public nonisolated let incoming: AsyncStream<Frame>
  private nonisolated let exchange: LinkExchange
  private nonisolated let broadcast = EventBroadcast<LinkEvent>()
  /// The connected transport and its generation (nil between connections) and, once closed, why:
  /// read without the actor.
  private nonisolated let current = Mutex<(transport: (any RadioTransport)?, generation: Int, closed: RadioError?)>(
    (nil, 0, nil))

  private let connector: RadioConnector?
  private nonisolated let configuration: RadioLinkConfiguration
  private let logger: Logger
  private nonisolated let encoder = FrameEncoder()

  private enum Connection {
    case idle
    case connected(any RadioTransport)
    case reconnecting
    case closed(RadioError)
  }

  private var connection: Connection
  /// Counts connections, so a late report about an old one is ignored.
  private var generation = 0
  private var connectionWaiters: [UInt64: CheckedContinuation<(any RadioTransport, Int), any Error>] = [:]
  private var nextWaiterID: UInt64 = 1
  private var receiveTask: Task<Void, Never>?
  private var reconnectTask: Task<Void, Never>?
  private var started = false

  /// A link that connects (and reconnects) through `connector`; call `start()` to connect.
  public init(connector: RadioConnector, configuration: RadioLinkConfiguration = .init(), logger: Logger) {
    self.connector = connector
    self.configuration = configuration
    self.logger = logger
    self.connection = .idle
    let (incoming, continuation) = AsyncStream.makeStream(of: Frame.self)
    self.incoming = incoming
    self.exchange = LinkExchange(incoming: continuation, logger: logger)
  }

  /// A link over an already connected transport (e.g. one accepted by a listener); never
  /// reconnects. Call `start()` to begin receiving.
  public init(transport: any RadioTransport, requestTimeout: Duration = .seconds(3), logger: Logger) {
    self.connector = nil
    self.configuration = RadioLinkConfiguration(requestTimeout: requestTimeout, reconnect: .never)
    self.logger = logger
    self.connection = .connected(transport)
    let (incoming, continuation) = AsyncStream.makeStream(of: Frame.self)
    self.incoming = incoming
    self.exchange = LinkExchange(incoming: continuation, logger: logger)
  }

  /// Connects if needed and starts receiving; throws when the first connection fails.
  ///
  /// The connect suspends the actor, so the link may be closed or started by another call
  /// meanwhile: a connection that is no longer wanted is closed, never left open unowned.
  public func start() async throws {
    if case .closed(let reason) = connection { throw reason }
    guard !started else { return }
    if case .idle = connection {
      guard let connector else { throw RadioError.notConnected }
      let connected = try await connector.connect()
      if case .closed(let reason) = connection {
        await connected.close()
        throw reason
      }
      guard !started else {
        await connected.close()
        return
      }
      connection = .connected(connected)
      logger.debug("connected to \(connector.endpoint)")
    }
    guard case .connected(let transport) = connection else { throw RadioError.notConnected }
    started = true
    begin(transport)
  }

  /// Whether a transport is currently connected.
  public var isConnected: Bool {
    if case .connected = connection { return true }
    return false
  }

  /// The link's connection events from now on: lost, each reconnect attempt, reconnected or gave
  /// up. The stream finishes when the link closes.
  public nonisolated func events() -> AsyncStream<LinkEvent> { broadcast.subscribe() }

  /// The counters so far.
  public func statistics() -> LinkStatistics {
    exchange.statistics()
  }

  /// Sends one frame as is (waiting for a reconnection in progress).
  public nonisolated func send(_ frame: Frame) async throws {
    let bytes = try encode(frame)
    let (transport, generation) = try await connectedTransport()
    do { try await transport.send(bytes) } catch { throw await writeFailed(generation, error) }
    exchange.countSent()
  }

  /// Replies to `request` with a frame of `type` carrying the request's sequence number.
  public nonisolated func respond(to request: Frame, type: UInt8, payload: [UInt8]) async throws {
    try await send(Frame(type: type, sequence: request.sequence, payload: payload))
  }

  /// Sends a request and waits for the frame with the same sequence number.
  ///
  /// While the link reconnects the request waits for the new connection; `timeout` (default: the
  /// configuration's) counts from when the request is sent. Throws `RadioError.timeout`,
  /// `.connectionLost`, `.notConnected`, `.reconnectFailed`, `.closed`, `.echoedRequest` (the
  /// request came back unchanged), `.wrongPeer`, or `CancellationError` as soon as the calling task
  /// is cancelled.
  public nonisolated func request(type: UInt8, payload: [UInt8] = [], timeout: Duration? = nil) async throws -> Frame {
    try Task.checkCancellation()
    let (transport, generation) = try await connectedTransport()
    let deadline = ContinuousClock.now + (timeout ?? configuration.requestTimeout)
    let (sequence, id) = exchange.open(deadline: deadline)
    do {
      let bytes = try encode(Frame(type: type, sequence: sequence, payload: payload))
      do { try await transport.send(bytes) } catch { throw await writeFailed(generation, error) }
    } catch {
      exchange.discard(sequence, id: id)
      throw error
    }
    exchange.countSent()
    let response = try await response(to: sequence, id: id, over: transport, by: deadline)
    // The request itself coming back is no answer: an echo or a loopback holds the socket, not a
    // device (every protocol on Radio answers with a type of its own).
    if response.type == type && response.payload == payload { throw RadioError.echoedRequest }
    guard RadioPeer.isOutOfBand(response.type, for: type) else { return response }
    return try await checkedPeer(answering: response, to: type)
  }

  /// How long a request's caller reads its answer from a Unix socket itself, on its own thread,
  /// before it waits as a suspended task: long enough for a device's usual answer, short enough
  /// not to hold a thread of Swift's pool.
  static let directWait: Duration = .milliseconds(2)

  /// The answer to request `sequence`/`id`: read on the caller's thread when the transport is a
  /// Unix socket that no other caller reads meanwhile (for at most ``directWait``, never past
  /// `deadline`, and no further once the task is cancelled), so the answer crosses no thread; else,
  /// or when it is late, awaited as it comes in.
  private nonisolated func response(
    to sequence: UInt16, id: UInt64, over transport: any RadioTransport, by deadline: ContinuousClock.Instant
  ) async throws -> Frame {
    let window = min(Self.directWait, deadline - ContinuousClock.now)
    if window > .zero, let socket = (transport as? UnixSocketTransport)?.socket {
      let exchange = exchange
      if socket.receiveDirectly(
        within: window, until: { exchange.isSettled(sequence, id: id) || Task.isCancelled },
        othersWaiting: { exchange.hasWaiting }),
        let settled = exchange.settledResponse(to: sequence, id: id)
      {
        return try settled.get()
      }
    }
    return try await exchange.response(to: sequence, id: id)
  }

  /// How many times ``repeatableRequest(type:payload:timeout:)`` sends a request again after the
  /// connection dropped under it.
  public static let resendsAfterDrop = 3

  /// Sends a request that is safe to send twice (a reading, a command that sets a value) and waits
  /// for its answer, as ``request(type:payload:timeout:)`` does; when the connection drops before
  /// the answer comes (`.connectionLost`), sends it again on the new connection — waiting for it as
  /// long as the reconnect policy keeps trying — at most ``resendsAfterDrop`` times. Every watch of
  /// a device reads through here, so a device that restarts under a request costs the watch a
  /// reconnect, not its end.
  public nonisolated func repeatableRequest(
    type: UInt8, payload: [UInt8] = [], timeout: Duration? = nil
  ) async throws
    -> Frame
  {
    var resends = 0
    while true {
      do {
        return try await request(type: type, payload: payload, timeout: timeout)
      } catch RadioError.connectionLost where resends < Self.resendsAfterDrop {
        resends += 1
        logger.info("the connection dropped during request type \(Frame.typeName(type)); sending it again (\(resends))")
      }
    }
  }

  /// An answer outside the request's band (a suit's request answered as the labs answer): asks who
  /// answers and throws ``RadioError/wrongPeer(_:)`` when it is not a peer for `request` — a device
  /// that does not say what it is keeps its answer, for the caller to judge.
  private nonisolated func checkedPeer(answering response: Frame, to request: UInt8) async throws -> Frame {
    let timeout = min(configuration.requestTimeout, .seconds(2))
    guard let identity = try? await self.request(type: RadioPeer.identifyRequest, timeout: timeout),
      let peer = RadioPeer.identified(by: identity), !peer.answers(request)
    else { return response }
    throw RadioError.wrongPeer(peer)
  }

  /// Closes the link for good: fails outstanding requests, ends `incoming` and `events()`.
  public func close() async {
    await close(because: .closed)
  }

  // MARK: - Internals

  private var isClosed: Bool {
    if case .closed = connection { return true }
    return false
  }

  private nonisolated func encode(_ frame: Frame) throws(RadioError) -> [UInt8] {
    do { return try encoder.encode(frame) } catch { throw .encoding(error.description) }
  }

  /// A write on connection `generation` failed: the connection is gone (reconnecting starts now,
  /// so a caller sending again waits for the new one) and the caller gets `.connectionLost`, or the
  /// link's close reason.
  private func writeFailed(_ generation: Int, _ error: any Error) -> any Error {
    guard error is RadioError else { return error }
    if case .closed(let reason) = connection { return reason }
    dropped(generation: generation, error: error)
    return RadioError.connectionLost
  }

  /// The connected transport and its generation: at once when connected, else (reconnecting) once
  /// reconnected.
  private nonisolated func connectedTransport() async throws -> (any RadioTransport, Int) {
    let (transport, generation, closed) = current.withLock { ($0.transport, $0.generation, $0.closed) }
    if let closed { throw closed }
    if let transport { return (transport, generation) }
    return try await awaitConnection()
  }

  private func awaitConnection() async throws -> (any RadioTransport, Int) {
    switch connection {
    case .connected(let transport): return (transport, generation)
    case .closed(let reason): throw reason
    case .idle: throw RadioError.notConnected
    case .reconnecting:
      let id = nextWaiterID
      nextWaiterID += 1
      return try await withTaskCancellationHandler {
        try await withCheckedThrowingContinuation { continuation in
          if Task.isCancelled { return continuation.resume(throwing: CancellationError()) }
          connectionWaiters[id] = continuation
        }
      } onCancel: {
        Task { await self.stopWaiting(id) }
      }
    }
  }

  private func stopWaiting(_ id: UInt64) {
    connectionWaiters.removeValue(forKey: id)?.resume(throwing: CancellationError())
  }

  /// Starts receiving on a new connection.
  private func begin(_ transport: any RadioTransport) {
    generation += 1
    let generation = generation
    exchange.startConnection()
    current.withLock { $0 = (transport, generation, nil) }
    if let socket = (transport as? UnixSocketTransport)?.socket {
      // Straight from the poll thread into the exchange; the actor hears only of the end.
      let exchange = exchange
      socket.deliver { [weak self] bytes in
        if let bytes {
          exchange.feed(bytes)
        } else if let self {
          Task { await self.dropped(generation: generation, error: RadioError.closed) }
        }
      }
    } else {
      receiveTask = Task { await self.receive(from: transport, generation: generation) }
    }
  }

  private func receive(from transport: any RadioTransport, generation: Int) async {
    do {
      while let chunk = try await transport.receive() { exchange.feed(chunk) }
      dropped(generation: generation, error: RadioError.closed)
    } catch {
      dropped(generation: generation, error: error)
    }
  }

  /// The connection of `generation` ended: reconnect (or close) in the background, unless that
  /// already happened. From here on requests wait for the new connection.
  private func dropped(generation: Int, error: any Error) {
    guard generation == self.generation, case .connected(let transport) = connection else { return }
    logger.info("connection dropped: \(error)")
    connection = .reconnecting
    current.withLock { $0.transport = nil }
    exchange.failAll(.connectionLost)
    broadcast.yield(.connectionLost(reason: String(describing: error)))
    reconnectTask = Task {
      await transport.close()
      await self.reconnect()
    }
  }

  /// Tries to connect again as the policy says; closes the link when every attempt failed.
  private func reconnect() async {
    let policy = configuration.reconnect
    guard let connector, policy.maximumAttempts > 0 else {
      return await close(because: connector == nil ? .closed : .reconnectFailed(attempts: 0))
    }
    for attempt in 1...policy.maximumAttempts {
      let delay = policy.delay(beforeAttempt: attempt)
      broadcast.yield(.reconnecting(attempt: attempt, maximumAttempts: policy.maximumAttempts, delay: delay))
      try? await Task.sleep(for: delay)
      guard !isClosed else { return }
      do {
        let next = try await connector.connect()
        guard !isClosed else { return await next.close() }
        connection = .connected(next)
        begin(next)
        exchange.countReconnect()
        logger.notice("reconnected to \(connector.endpoint) (attempt \(attempt))")
        broadcast.yield(.reconnected(attempt: attempt))
        for waiter in connectionWaiters.values { waiter.resume(returning: (next, generation)) }
        connectionWaiters.removeAll()
        return
      } catch {
        logger.debug("reconnect attempt \(attempt) to \(connector.endpoint) failed: \(error)")
      }
    }
    logger.warning("gave up reconnecting to \(connector.endpoint) after \(policy.maximumAttempts) attempts")
    broadcast.yield(.gaveUp(attempts: policy.maximumAttempts))
    await close(because: .reconnectFailed(attempts: policy.maximumAttempts))
  }

  private func close(because reason: RadioError) async {
    guard !isClosed else { return }
    var transport: (any RadioTransport)?
    if case .connected(let connected) = connection { transport = connected }
    connection = .closed(reason)
    current.withLock { $0 = (nil, generation, reason) }
    receiveTask?.cancel()
    reconnectTask?.cancel()
    exchange.close(reason)
    for waiter in connectionWaiters.values { waiter.resume(throwing: reason) }
    connectionWaiters.removeAll()
    broadcast.finish()
    await transport?.close()
  }
}
