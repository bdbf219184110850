import FoundationEssentials
import Glibc
import Logging
import Synchronization

/// How a `RadioServer` treats its clients.
public struct RadioServerConfiguration: Sendable, Equatable {
  /// Clients served at once; one more is refused (closed at once, and logged).
  public var maximumConnections: Int
  /// A client that neither sends nor takes a byte for this long is dropped, as is one that leaves an
  /// answer untaken this long (it sends requests and does not read): a write to a client never waits
  /// longer, whether the client is served on the poll thread or on a thread of its own.
  public var idleTimeout: Duration
  /// A client that sent part of a frame and not the rest for this long is dropped.
  public var partialFrameTimeout: Duration
  /// With an immediate handler, socket clients served each on a thread of its own at once (4); the
  /// others wait on the poll thread. Internal: only tests change it.
  var clientThreads = 4

  /// Creates a configuration.
  public init(
    maximumConnections: Int = 1000, idleTimeout: Duration = .seconds(300), partialFrameTimeout: Duration = .seconds(10)
  ) {
    self.maximumConnections = maximumConnections
    self.idleTimeout = idleTimeout
    self.partialFrameTimeout = partialFrameTimeout
  }
}

/// Serves a request/response protocol of radio frames to many clients at once, for any device
/// simulator (the suit, station peripheries, lab racks).
///
/// Every socket waits on the process's one poll thread, and a client costs a descriptor, a small
/// record and, only while it has a request in hand, a task: threads stay bounded and memory flat
/// however many clients come and go. A server whose handler answers at once (an
/// ``ImmediateHandler``) serves its first few socket clients (four at a time) each on a thread of
/// its own instead, reading, answering and writing there as a C server would,
/// with no hop between threads. Each client's requests are answered in order, one at a time;
/// clients are served concurrently. Clients over the limit, idle ones, ones that stop halfway
/// through a frame and ones that do not take their answers are dropped and logged; a client on a
/// thread of its own is dropped as one on the poll thread is, after the same time.
public final class RadioServer: Sendable {
  /// Answers one request frame; nil sends nothing back. The answer normally carries the request's
  /// sequence number.
  public typealias Handler = @Sendable (Frame) async -> Frame?
  /// Answers one request frame at once, without suspending (a model behind a lock); nil sends
  /// nothing back. It may be called on any thread, for several clients at the same time.
  public typealias ImmediateHandler = @Sendable (Frame) -> Frame?

  private enum Answering: Sendable {
    case suspending(Handler)
    case immediate(ImmediateHandler)
  }

  private struct Client {
    let transport: any RadioTransport
    var lastActivity: ContinuousClock.Instant
    /// Since when the server has waited for the rest of a frame the client began.
    var partialSince: ContinuousClock.Instant?
    /// Since when the server has been writing an answer the client has not yet taken whole.
    var answerUntakenSince: ContinuousClock.Instant?
  }

  private struct State {
    var clients: [UInt64: Client] = [:]
    var nextID: UInt64 = 1
    var stopped = false
    var refused = 0
    /// Clients being served on threads of their own.
    var threadedClients = 0
  }

  private let configuration: RadioServerConfiguration
  private let logger: Logger
  private let answering: Answering
  private let state = Mutex(State())
  private let clock = ContinuousClock()

  /// Creates a server answering with `handler`.
  public init(configuration: RadioServerConfiguration = .init(), logger: Logger, handler: @escaping Handler) {
    self.configuration = configuration
    self.logger = logger
    self.answering = .suspending(handler)
  }

  /// Creates a server answering at once with `immediateHandler`: its socket clients are served on
  /// threads of their own (up to four at a time).
  public init(
    configuration: RadioServerConfiguration = .init(), logger: Logger, immediateHandler: @escaping ImmediateHandler
  ) {
    self.configuration = configuration
    self.logger = logger
    self.answering = .immediate(immediateHandler)
  }

  /// Clients being served now.
  public var connectionCount: Int { state.withLock { $0.clients.count } }

  /// Clients refused so far because the server was full.
  public var refusedCount: Int { state.withLock { $0.refused } }

  /// Accepts and serves clients until the listener is closed or the server stopped; then drops
  /// every client and returns.
  public func serve(listener: UnixSocketListener) async {
    let sweeping = Task { await sweep() }
    await withDiscardingTaskGroup { group in
      while !state.withLock({ $0.stopped }) {
        let socket: NonBlockingSocket
        do {
          socket = try await listener.acceptSocket()
        } catch RadioError.closed {
          break
        } catch {
          // A passing failure (e.g. out of file descriptors) must not end serving for good.
          logger.warning("could not accept a client on \(listener.path): \(error)")
          try? await Task.sleep(for: .milliseconds(100))
          continue
        }
        let transport = UnixSocketTransport(socket: socket)
        guard let id = admit(transport) else {
          socket.close()
          continue
        }
        if case .immediate(let handler) = answering, claimClientThread() {
          group.addTask { await self.serveOnThread(socket, id: id, peer: listener.peer, handler: handler) }
        } else {
          group.addTask { await self.serve(transport, id: id, peer: listener.peer) }
        }
      }
      // The clients' tasks end once their connections are closed.
      stop()
    }
    sweeping.cancel()
  }

  /// Serves one already connected client (an in-memory pair, an accepted socket) until it hangs
  /// up or the server stops. The idle and half-frame timeouts apply to clients of `serve(listener:)`.
  public func serve(_ transport: any RadioTransport) async {
    guard let id = admit(transport) else { return await transport.close() }
    await serve(transport, id: id)
  }

  /// Drops every client and refuses new ones.
  public func stop() {
    let clients = state.withLock { state -> [any RadioTransport] in
      state.stopped = true
      return state.clients.values.map(\.transport)
    }
    for transport in clients { Task { await transport.close() } }
  }

  // MARK: - Internals

  /// Registers a client, or refuses it (logged) when stopped or full.
  private func admit(_ transport: any RadioTransport) -> UInt64? {
    let now = clock.now
    let admitted = state.withLock { state -> (UInt64?, Int, Bool) in
      guard !state.stopped else { return (nil, state.clients.count, true) }
      guard state.clients.count < configuration.maximumConnections else {
        state.refused += 1
        return (nil, state.clients.count, false)
      }
      let id = state.nextID
      state.nextID += 1
      state.clients[id] = Client(transport: transport, lastActivity: now)
      return (id, state.clients.count, false)
    }
    switch admitted {
    case (let id?, let count, _):
      logger.debug("client \(id) connected (\(count) connected)")
      return id
    case (nil, _, true):
      return nil
    case (nil, let count, false):
      logger.warning(
        "refused a client: already serving \(count) clients, the limit; it may retry once others leave")
      return nil
    }
  }

  /// Serves one client; `peer` (if any) answers the identify request.
  private func serve(_ transport: any RadioTransport, id: UInt64, peer: RadioPeer? = nil) async {
    var decoder = FrameDecoder()
    let encoder = FrameEncoder()
    defer { forget(id) }
    do {
      while let chunk = try await transport.receive() {
        for frame in frames(in: chunk, from: id, decoder: &decoder) {
          let answer: Frame?
          if frame.type == RadioPeer.identifyRequest, let peer {
            answer = peer.answer(to: frame)
          } else {
            switch answering {
            case .suspending(let handler): answer = await handler(frame)
            case .immediate(let handler): answer = handler(frame)
            }
          }
          guard let bytes = encoded(answer, to: frame, of: id, encoder: encoder) else { continue }
          startAnswer(id)
          try await transport.send(bytes)
          answered(id, partial: decoder.bufferedByteCount > 0)
        }
      }
    } catch {
      logger.debug("client \(id) dropped: \(error)")
    }
    await transport.close()
  }

  /// Serves one socket client on a thread of its own with blocking calls (answering with `handler`),
  /// or as any other client when no thread can be made; returns once the client is gone.
  private func serveOnThread(
    _ socket: NonBlockingSocket, id: UInt64, peer: RadioPeer?, handler: @escaping ImmediateHandler
  )
    async
  {
    let started = await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
      let made = DetachedThread.start(named: "radio.client") { [self] in
        serveBlocking(socket, id: id, peer: peer, handler: handler)
        continuation.resume(returning: true)
      }
      if !made { continuation.resume(returning: false) }
    }
    guard !started else { return }
    state.withLock { $0.threadedClients -= 1 }
    await serve(UnixSocketTransport(socket: socket), id: id, peer: peer)
  }

  /// The thread of one client: reads, answers and writes each request where it is, in the kernel's
  /// blocking calls, until the client hangs up or is dropped (its socket closed). No call waits past
  /// the sweep's limits: the sweep closes the socket of a client that does not take its answer, goes
  /// idle or stops halfway through a frame, which wakes the call with the end of the stream.
  private func serveBlocking(_ socket: NonBlockingSocket, id: UInt64, peer: RadioPeer?, handler: ImmediateHandler) {
    var decoder = FrameDecoder()
    let encoder = FrameEncoder()
    let dropped = socket.withBlockingCalls { calls -> RadioError? in
      withUnsafeTemporaryAllocation(byteCount: NonBlockingSocket.chunkLimit, alignment: 1) { buffer in
        while let count = calls.receive(into: buffer) {
          for frame in frames(in: UnsafeRawBufferPointer(rebasing: buffer[0..<count]), from: id, decoder: &decoder) {
            let answer: Frame?
            if frame.type == RadioPeer.identifyRequest, let peer {
              answer = peer.answer(to: frame)
            } else {
              answer = handler(frame)
            }
            guard let bytes = encoded(answer, to: frame, of: id, encoder: encoder) else { continue }
            startAnswer(id)
            do throws(RadioError) { try calls.send(bytes) } catch { return error }
            answered(id, partial: decoder.bufferedByteCount > 0)
          }
        }
        return nil
      }
    }
    if let failure = dropped ?? nil { logger.debug("client \(id) dropped: \(failure)") }
    socket.close()
    state.withLock { $0.threadedClients -= 1 }
    forget(id)
  }

  /// Takes one of the client threads, if one is free.
  private func claimClientThread() -> Bool {
    state.withLock { state in
      guard state.threadedClients < configuration.clientThreads else { return false }
      state.threadedClients += 1
      return true
    }
  }

  /// The frames a client's `chunk` completes (corrupt ones logged and skipped); counts as activity.
  private func frames(in chunk: some Sequence<UInt8>, from id: UInt64, decoder: inout FrameDecoder) -> [Frame] {
    let corrupt = decoder.corruptFrames
    let frames = decoder.feed(chunk)
    if decoder.corruptFrames > corrupt {
      logger.info("client \(id) sent \(decoder.corruptFrames - corrupt) corrupt frame(s); skipped")
    }
    heard(id, partial: decoder.bufferedByteCount > 0)
    return frames
  }

  /// The bytes of `answer` to `frame` of client `id`; nil when there is none, or it cannot be encoded
  /// (logged).
  private func encoded(_ answer: Frame?, to frame: Frame, of id: UInt64, encoder: FrameEncoder) -> [UInt8]? {
    guard let answer else { return nil }
    do { return try encoder.encode(answer) } catch {
      logger.error("cannot answer request #\(frame.sequence) of client \(id): \(error)")
      return nil
    }
  }

  /// A client gone: no longer counted.
  private func forget(_ id: UInt64) {
    let count = state.withLock { state -> Int in
      state.clients[id] = nil
      return state.clients.count
    }
    logger.debug("client \(id) disconnected (\(count) connected)")
  }

  /// Bytes came from client `id`; `partial`: a frame is still unfinished (since now, unless it was).
  private func heard(_ id: UInt64, partial: Bool) {
    let now = clock.now
    updateClient(id) { client in
      client.lastActivity = now
      if !partial {
        client.partialSince = nil
      } else if client.partialSince == nil {
        client.partialSince = now
      }
    }
  }

  /// The server begins writing an answer to client `id`.
  private func startAnswer(_ id: UInt64) {
    let now = clock.now
    updateClient(id) { $0.answerUntakenSince = now }
  }

  /// Client `id` took its answer whole; `partial`: a frame of it is still unfinished, waited for from
  /// now on (the time spent writing is not the client's delay).
  private func answered(_ id: UInt64, partial: Bool) {
    let now = clock.now
    updateClient(id) { client in
      client.lastActivity = now
      client.answerUntakenSince = nil
      client.partialSince = partial ? now : nil
    }
  }

  private func updateClient(_ id: UInt64, _ change: (inout Client) -> Void) {
    state.withLock { state in
      // Found once and changed in place: the client's record is not copied out and back.
      guard let index = state.clients.index(forKey: id) else { return }
      change(&state.clients.values[index])
    }
  }

  /// Why the sweep drops a client.
  private enum Expiry {
    case answerUntaken, halfSent, idle
  }

  /// Whether `client` has outstayed a limit at `now`, and which. While an answer is being written to
  /// it, only the time it leaves the answer untaken counts: the server reads nothing meanwhile.
  private func expiry(of client: Client, at now: ContinuousClock.Instant) -> Expiry? {
    if let since = client.answerUntakenSince {
      return now - since > configuration.idleTimeout ? .answerUntaken : nil
    }
    if let since = client.partialSince, now - since > configuration.partialFrameTimeout { return .halfSent }
    return now - client.lastActivity > configuration.idleTimeout ? .idle : nil
  }

  /// Drops clients that leave an answer untaken, idle ones and half-sent ones, checking a few times
  /// per timeout, until cancelled.
  private func sweep() async {
    let period = min(
      min(configuration.idleTimeout, configuration.partialFrameTimeout) / 4, .seconds(1))
    while !Task.isCancelled {
      try? await Task.sleep(for: max(period, .milliseconds(10)))
      let now = clock.now
      let expired = state.withLock { state -> [(UInt64, any RadioTransport, Expiry)] in
        state.clients.compactMap { id, client in expiry(of: client, at: now).map { (id, client.transport, $0) } }
      }
      for (id, transport, expiry) in expired {
        switch expiry {
        case .answerUntaken:
          logger.info("dropped client \(id): did not take its answer for \(configuration.idleTimeout)")
        case .halfSent:
          logger.info(
            "dropped client \(id): sent part of a frame and nothing more for \(configuration.partialFrameTimeout)")
        case .idle:
          logger.info("dropped client \(id): idle for \(configuration.idleTimeout)")
        }
        await transport.close()
      }
    }
  }
}
