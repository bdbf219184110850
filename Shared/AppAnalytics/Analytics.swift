import FoundationEssentials

/// One analytics event: a name, string properties and when it happened.
public struct AnalyticsEvent: Sendable, Codable, Equatable {
  /// What happened, e.g. "supplies.consumed" or "error".
  public var name: String
  /// Context for the event.
  public var properties: [String: String]
  /// When it happened.
  public var date: Date

  /// Creates an event (dated now unless `date` is given).
  public init(name: String, properties: [String: String] = [:], date: Date = Date()) {
    self.name = name
    self.properties = properties
    self.date = date
  }
}

/// A destination for analytics events (console, JSON-lines file, memory). Implementations must be thread-safe.
public protocol AnalyticsProvider: Sendable {
  /// Records one event. Must not throw; a provider that cannot record drops the event.
  func record(_ event: AnalyticsEvent)
}

/// What went wrong, in the terms an app needs to pick an exit code.
public enum ErrorKind: String, Sendable, Codable, CaseIterable {
  /// The user asked for something malformed (bad arguments, unknown item).
  case usage
  /// The request was well-formed but refused (e.g. not enough stock).
  case rejected
  /// Something the app needs is not reachable right now.
  case unavailable
  /// A bug or an unexpected failure inside the app.
  case `internal`
  /// A file or directory the app needs cannot be created (e.g. the data directory).
  case cannotCreate
  /// Reading or writing failed at the operating system: the disk is full, a write did not reach it.
  case io
}

/// An error a user can read: one line saying what was wrong and how to fix it.
public protocol ReportableError: Error, Sendable {
  /// The category deciding the exit code.
  var kind: ErrorKind { get }
  /// One line: what was wrong and how to fix it.
  var userMessage: String { get }
}

/// Records analytics events and errors through pluggable providers.
public struct Analytics: Sendable {
  /// Where events go.
  public let providers: [any AnalyticsProvider]
  let clock: @Sendable () -> Date

  /// Creates an analytics front end writing to `providers`.
  public init(providers: [any AnalyticsProvider]) {
    self.init(providers: providers, clock: { Date() })
  }

  /// Creates an analytics front end with an injected clock (deterministic dates in tests).
  public init(providers: [any AnalyticsProvider], clock: @escaping @Sendable () -> Date) {
    self.providers = providers
    self.clock = clock
  }

  /// Analytics that records nothing.
  public static var disabled: Analytics { Analytics(providers: []) }

  /// Records the event `name` with `properties`.
  public func track(_ name: String, _ properties: [String: String] = [:]) {
    guard !providers.isEmpty else { return }
    let event = AnalyticsEvent(name: name, properties: properties, date: clock())
    for provider in providers { provider.record(event) }
  }

  /// The name of the event ``recordError(_:module:context:)`` records.
  static let errorEvent = "error"

  /// Records the event "error" with properties `module`, `kind`, `message` and `type`, plus `context`.
  ///
  /// A `ReportableError` supplies `kind` and `message` (its `userMessage`); any other error is
  /// kind "internal" with `String(describing:)` as message. The four standard keys win over `context`.
  public func recordError(_ error: any Error, module: String, context: [String: String] = [:]) {
    track(Analytics.errorEvent, Analytics.errorProperties(error, module: module, context: context))
  }

  /// The properties `recordError` records for `error`.
  public static func errorProperties(
    _ error: any Error, module: String, context: [String: String] = [:]
  )
    -> [String: String]
  {
    let kind: ErrorKind
    let message: String
    if let reportable = error as? any ReportableError {
      kind = reportable.kind
      message = reportable.userMessage
    } else {
      kind = .internal
      message = String(describing: error)
    }
    var properties = context
    properties["module"] = module
    properties["kind"] = kind.rawValue
    properties["message"] = message
    properties["type"] = String(describing: type(of: error))
    return properties
  }
}
