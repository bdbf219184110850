import FoundationEssentials

/// The clock of a bench simulation: model time that may run faster than the wall (a bench's
/// `--time-factor`).
public enum SimulationClock {
  /// A clock starting at `start` and running `factor` times as fast as the wall clock.
  public static func starting(at start: Date, factor: Double) -> @Sendable () -> Date {
    { start.addingTimeInterval(Date().timeIntervalSince(start) * factor) }
  }
}
