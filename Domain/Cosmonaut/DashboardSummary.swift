import CosmonautServiceInterface
import FoundationEssentials
import Localization

/// What the dashboard shows, also its `--json` document.
struct DashboardSummary: Encodable, Equatable {
  struct Position: Encodable, Equatable {
    let latitude: Double
    let longitude: Double
    let altitudeKm: Double
    let speedKmPerSecond: Double
    let timestamp: Date
    let live: Bool
    /// Why the position is not live, when it is not (the screen's language; English in `--json`).
    let offlineReason: LocalizedText?

  }

  let profile: CosmonautProfile
  let position: Position?
  let lowStock: [SupplyItem]
  let pendingReports: Int
}
