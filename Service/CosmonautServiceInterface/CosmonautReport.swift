import MissionControlInterface

/// What a cosmonaut client reports to mission control: a change, or the periodic picture. A dialect
/// says what its centre gets for each (`CosmonautDialect.payload`).
public enum CosmonautReport: Sendable, Equatable {
  /// The profile after an update.
  case profileUpdated(CosmonautProfile)
  /// One consume or restock.
  case suppliesChanged(SupplyChange)
  /// The periodic status report: the profile and the whole inventory.
  case statusReport(profile: CosmonautProfile, supplies: [SupplyItem])

  /// The kind the report is queued under (`QueuedReport.profileUpdatedKind`, …).
  public var kind: String {
    switch self {
    case .profileUpdated: QueuedReport.profileUpdatedKind
    case .suppliesChanged: QueuedReport.suppliesChangedKind
    case .statusReport: QueuedReport.statusReportKind
    }
  }
}
