extension FeatureToggles {
  /// The toggles of a shipped partner file, as the PartnerFiles plugin writes them: every key of the
  /// file's `features`, in alphabetical order and none defaulted, so a shipped file that misses,
  /// misspells or invents a toggle fails the build instead of reading as a default.
  static func compiled(
    backgroundSync: Bool, dashboardPositionPanel: Bool, dockingSchedule: Bool, offlineMode: Bool,
    resultsOnCompletion: Bool
  ) -> FeatureToggles {
    FeatureToggles(
      offlineMode: offlineMode, backgroundSync: backgroundSync, dashboardPositionPanel: dashboardPositionPanel,
      dockingSchedule: dockingSchedule, resultsOnCompletion: resultsOnCompletion)
  }
}
