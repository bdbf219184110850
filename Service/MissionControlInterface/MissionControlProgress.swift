import Localization

/// What a call that contacts mission control is doing, for a screen that says so ("contacting Houston…").
public enum MissionControlProgress: Sendable, Equatable {
  /// A request for `what` ("the station position", "report 3 of 10") is on its way.
  case contacting(LocalizedText)
  /// The last attempt failed (`reason`); the next one starts in `retryIn`.
  case retrying(attempt: Int, retryIn: Duration, reason: LocalizedText)
  /// `count` of `total` reports are delivered so far.
  case delivered(Int, of: Int)
  /// Mission control could not be used (`reason`); the last known value is shown instead.
  case fellBack(reason: LocalizedText)

  /// Asking for the station position.
  public static let contactingStationPosition = contacting(Strings.progressStationPosition)

  /// Delivering report `number` of `total`.
  public static func contactingReport(_ number: Int, of total: Int) -> MissionControlProgress {
    .contacting(Strings.progressReport(number: number, total: total))
  }
}
