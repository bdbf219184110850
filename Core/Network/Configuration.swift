import FoundationEssentials

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// How often and how patiently a client retries idempotent requests.
public struct RetryPolicy: Sendable, Equatable {
  /// Total attempts including the first (1 = no retry).
  public var maxAttempts: Int
  /// The wait before the first retry.
  public var initialBackoff: Duration
  /// The factor each further wait grows by.
  public var multiplier: Double
  /// The longest single wait (also caps `Retry-After`).
  public var maxBackoff: Duration

  /// Creates a policy.
  public init(maxAttempts: Int, initialBackoff: Duration, multiplier: Double, maxBackoff: Duration) {
    self.maxAttempts = maxAttempts
    self.initialBackoff = initialBackoff
    self.multiplier = multiplier
    self.maxBackoff = maxBackoff
  }

  /// One attempt, never retries.
  public static let none = RetryPolicy(maxAttempts: 1, initialBackoff: .zero, multiplier: 1, maxBackoff: .zero)
  /// The one policy the apps follow: 3 attempts, waiting 200 ms then 400 ms (at most 2 s each), so
  /// an unreachable or hanging server is reported within seconds.
  public static let standard = RetryPolicy(
    maxAttempts: 3, initialBackoff: .milliseconds(200), multiplier: 2, maxBackoff: .seconds(2))

  /// The wait after failed attempt number `attempt` (1-based): initial × multiplier^(attempt−1), capped.
  public func backoff(afterAttempt attempt: Int) -> Duration {
    let exponent = Double(max(0, attempt - 1))
    let seconds = initialBackoff.seconds * pow(max(multiplier, 1), exponent)
    return min(Duration.seconds(min(seconds, maxBackoff.seconds)), maxBackoff)
  }
}

/// How a client talks to one server.
public struct ClientConfiguration: Sendable {
  /// The server's base URL, e.g. "http://127.0.0.1:8080/api"; request paths are appended to it.
  public var baseURL: URL
  /// The per-request timeout.
  public var timeout: Duration
  /// The retry policy for idempotent requests.
  public var retry: RetryPolicy

  /// Creates a configuration.
  public init(baseURL: URL, timeout: Duration = .seconds(10), retry: RetryPolicy = .standard) {
    self.baseURL = baseURL
    self.timeout = timeout
    self.retry = retry
  }
}

extension Duration {
  /// The duration in (fractional) seconds.
  var seconds: Double {
    let (whole, fraction) = components
    return Double(whole) + Double(fraction) / 1e18
  }
}
