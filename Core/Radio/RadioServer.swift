import FoundationEssentials
import Glibc
import Logging
import Synchronization

/// How a `RadioServer` treats its clients.
public struct RadioServerConfiguration: Sendable, Equatable {
  /// Clients served at once; one more is refused (closed at once, and logged).
  public var maximumConnections: Int
  /// A client that neither sends nor takes a byte for this long is dropped.
  public var idleTimeout: Duration
  /// A client that sent part of a frame and not the rest for this long is dropped.
  public var partialFrameTimeout: Duration

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
/// however many clients come and go. Each client's requests are answered in order, one at a time;
/// clients are served concurrently. Clients over the limit, idle ones and ones that stop halfway
/// through a frame are dropped and logged.
public final class RadioServer: Sendable {
  /// Answers one request frame; nil sends nothing back. The answer normally carries the request's
  /// sequence number.
  public typealias Handler = @Sendable (Frame) async -> Frame?

  private struct Client {
    let transport: any RadioTransport
    var lastActivity: ContinuousClock.Instant
    /// Since when the client has left part of a frame unsent.
    var partialSince: ContinuousClock.Instant?
  }

  private struct State {
    var clients: [UInt64: Client] = [:]
    var nextID: UInt64 = 1
    var stopped = false
    var refused = 0
  }

  private let configuration: RadioServerConfiguration
  private let logger: Logger
  private let handler: Handler
  private let state = Mutex(State())
  private let clock = ContinuousClock()

  /// Creates a server answering with `handler`.
  public init(configuration: RadioServerConfiguration = .init(), logger: Logger, handler: @escaping Handler) {
    self.configuration = configuration
    self.logger = logger
    self.handler = handler
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
        group.addTask { await self.serve(transport, id: id, peer: listener.peer) }
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
    defer {
      let count = state.withLock { state -> Int in
        state.clients[id] = nil
        return state.clients.count
      }
      logger.debug("client \(id) disconnected (\(count) connected)")
    }
    do {
      while let chunk = try await transport.receive() {
        let corrupt = decoder.corruptFrames
        let frames = decoder.feed(chunk)
        if decoder.corruptFrames > corrupt {
          logger.info("client \(id) sent \(decoder.corruptFrames - corrupt) corrupt frame(s); skipped")
        }
        touch(id, partial: decoder.bufferedByteCount > 0)
        for frame in frames {
          let answer: Frame
          if frame.type == RadioPeer.identifyRequest, let peer {
            answer = peer.answer(to: frame)
          } else {
            guard let handled = await handler(frame) else { continue }
            answer = handled
          }
          let bytes: [UInt8]
          do { bytes = try encoder.encode(answer) } catch {
            logger.error("cannot answer request #\(frame.sequence) of client \(id): \(error)")
            continue
          }
          try await transport.send(bytes)
          touch(id, partial: decoder.bufferedByteCount > 0)
        }
      }
    } catch {
      logger.debug("client \(id) dropped: \(error)")
    }
    await transport.close()
  }

  private func touch(_ id: UInt64, partial: Bool) {
    let now = clock.now
    state.withLock { state in
      guard var client = state.clients[id] else { return }
      client.lastActivity = now
      if !partial {
        client.partialSince = nil
      } else if client.partialSince == nil {
        client.partialSince = now
      }
      state.clients[id] = client
    }
  }

  /// Drops idle and half-sent clients, checking a few times per timeout, until cancelled.
  private func sweep() async {
    let period = min(
      min(configuration.idleTimeout, configuration.partialFrameTimeout) / 4, .seconds(1))
    while !Task.isCancelled {
      try? await Task.sleep(for: max(period, .milliseconds(10)))
      let now = clock.now
      let expired = state.withLock { state -> [(UInt64, any RadioTransport, halfSent: Bool)] in
        state.clients.compactMap { id, client in
          if let since = client.partialSince, now - since > configuration.partialFrameTimeout {
            return (id, client.transport, halfSent: true)
          }
          if now - client.lastActivity > configuration.idleTimeout {
            return (id, client.transport, halfSent: false)
          }
          return nil
        }
      }
      for (id, transport, halfSent) in expired {
        if halfSent {
          logger.info(
            "dropped client \(id): sent part of a frame and nothing more for \(configuration.partialFrameTimeout)")
        } else {
          logger.info("dropped client \(id): idle for \(configuration.idleTimeout)")
        }
        await transport.close()
      }
    }
  }
}
