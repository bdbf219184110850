import FoundationEssentials

/// The time of a model that moves in fixed steps: where it is, and how long one step is.
public struct ModelClock: Sendable, Equatable {
  /// The longest stretch a model simulates at once, seconds (a day): a later time is reached by a jump.
  public static let longestRun = 86_400.0

  /// The model time.
  public internal(set) var now: Date
  /// One step, seconds (at least 0.01).
  public let step: Double

  /// A clock at `start` moving in steps of `step` seconds.
  public init(start: Date, step: Double) {
    now = start
    self.step = max(step, 0.01)
  }
}

/// A device model that moves through time in fixed steps (a simulator). The model says what one
/// step does (``tick(_:)``); moving it on is the same for every model and written here once:
/// `advance(by:)` / `advance(to:)` run the steps, at most ``ModelClock/longestRun`` of them, and
/// leave the clock exactly at the time asked for. Time moves only through them, so a model is as
/// deterministic as its steps.
public protocol SteppedModel: Sendable {
  /// The model's time; `advance` moves it (a step's end is already the clock's time during its tick).
  var clock: ModelClock { get set }
  /// Moves the model on by one step of `seconds` (the clock's step, or what is left of the stretch).
  mutating func tick(_ seconds: Double)
}

extension SteppedModel {
  /// The model time.
  public var now: Date { clock.now }

  /// Advances the model to `date` (nothing for a date in the past).
  public mutating func advance(to date: Date) {
    advance(by: date.timeIntervalSince(clock.now))
  }

  /// Advances the model by `seconds` in steps (nothing for zero or less); beyond a day, the rest is a jump.
  public mutating func advance(by seconds: Double) {
    guard seconds > 0 else { return }
    let end = clock.now.addingTimeInterval(seconds)
    var remaining = min(seconds, ModelClock.longestRun)
    while remaining > 1e-9 {
      let dt = min(clock.step, remaining)
      clock.now = clock.now.addingTimeInterval(dt)
      tick(dt)
      remaining -= dt
    }
    clock.now = end
  }
}
