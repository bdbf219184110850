import FoundationEssentials

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
