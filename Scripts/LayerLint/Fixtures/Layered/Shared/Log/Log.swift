import Gen

public enum LogInfo {}
public struct Logger {}

/// Knows a toggle of the Feature domain (a `vocabulary` finding: Shared offers mechanisms, not domain words).
public let cargoLogging = "offlineCargo"
