import DockingPortServiceInterface
import Localization

/// A schedule in memory for domain tests and previews.
public actor FakeVehicleScheduleClient: VehicleScheduleClient {
  /// What `schedule()` returns; nil: no schedule yet.
  public private(set) var reading: ScheduleReading?

  /// A fake returning `reading`.
  public init(
    reading: ScheduleReading? = ScheduleReading(
      schedule: .sample, receivedAt: VehicleSchedule.sample.generatedAt, isLive: true)
  ) {
    self.reading = reading
  }

  /// Replaces what `schedule()` returns.
  public func setReading(_ reading: ScheduleReading?) { self.reading = reading }

  public func schedule() async throws -> ScheduleReading {
    guard let reading else { throw VehicleScheduleError.noScheduleYet(.verbatim("no schedule in the fake")) }
    return reading
  }
}
