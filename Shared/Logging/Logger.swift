import FoundationEssentials

/// A destination for log records (stderr, a file, memory). Implementations must be thread-safe.
public protocol LogSink: Sendable {
  /// Writes one record. Must not throw; a sink that cannot write drops the record.
  func write(_ record: LogRecord)
}

/// A leveled logger labelled with the module it belongs to, writing to pluggable sinks.
///
/// Records below `level` are dropped before the message autoclosure is evaluated.
public struct Logger: Sendable {
  /// The module label stamped on every record, e.g. "Network".
  public let module: String
  /// The minimum level that is written.
  public var level: LogLevel
  /// Where records go.
  public let sinks: [any LogSink]
  let clock: @Sendable () -> Date

  /// Creates a logger for `module` writing records at `level` or above to `sinks`.
  public init(module: String, level: LogLevel = .info, sinks: [any LogSink]) {
    self.init(module: module, level: level, sinks: sinks, clock: { Date() })
  }

  /// Creates a logger with an injected clock (for deterministic timestamps in tests).
  public init(module: String, level: LogLevel, sinks: [any LogSink], clock: @escaping @Sendable () -> Date) {
    self.module = module
    self.level = level
    self.sinks = sinks
    self.clock = clock
  }

  /// A logger that writes nothing and never evaluates its messages.
  public static func disabled(module: String) -> Logger {
    Logger(module: module, level: .critical, sinks: [])
  }

  /// The same sinks and level under another module label.
  public func scoped(to module: String) -> Logger {
    Logger(module: module, level: level, sinks: sinks, clock: clock)
  }

  /// The same sinks and module label with another minimum level.
  public func withLevel(_ level: LogLevel) -> Logger {
    Logger(module: module, level: level, sinks: sinks, clock: clock)
  }

  /// True when a record at `level` would be written.
  public func isEnabled(_ level: LogLevel) -> Bool {
    !sinks.isEmpty && level >= self.level
  }

  /// Writes `message` at `level` to every sink, unless the level is filtered out.
  public func log(_ level: LogLevel, _ message: @autoclosure () -> String, metadata: [String: String] = [:]) {
    guard isEnabled(level) else { return }
    let record = LogRecord(date: clock(), level: level, module: module, message: message(), metadata: metadata)
    for sink in sinks { sink.write(record) }
  }

  /// Logs at `.trace`.
  public func trace(_ message: @autoclosure () -> String, metadata: [String: String] = [:]) {
    log(.trace, message(), metadata: metadata)
  }
  /// Logs at `.debug`.
  public func debug(_ message: @autoclosure () -> String, metadata: [String: String] = [:]) {
    log(.debug, message(), metadata: metadata)
  }
  /// Logs at `.info`.
  public func info(_ message: @autoclosure () -> String, metadata: [String: String] = [:]) {
    log(.info, message(), metadata: metadata)
  }
  /// Logs at `.notice`.
  public func notice(_ message: @autoclosure () -> String, metadata: [String: String] = [:]) {
    log(.notice, message(), metadata: metadata)
  }
  /// Logs at `.warning`.
  public func warning(_ message: @autoclosure () -> String, metadata: [String: String] = [:]) {
    log(.warning, message(), metadata: metadata)
  }
  /// Logs at `.error`.
  public func error(_ message: @autoclosure () -> String, metadata: [String: String] = [:]) {
    log(.error, message(), metadata: metadata)
  }
  /// Logs at `.critical`.
  public func critical(_ message: @autoclosure () -> String, metadata: [String: String] = [:]) {
    log(.critical, message(), metadata: metadata)
  }
}
