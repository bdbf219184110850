import Localization

/// How a stage is called in what a person reads.
enum StageNames {
  static func name(of stage: Stage) -> LocalizedText {
    switch stage {
    case .development: Strings.stageDevelopment
    case .staging: Strings.stageStaging
    case .production: Strings.stageProduction
    }
  }
}
