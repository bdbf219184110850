import CommandLineKit
import FoundationEssentials
import Localization
import Secrets

/// A stage of mission control an app runs against: development, staging or production. Each has its
/// own base URLs, tokens (from `Secrets`) and data directory.
public typealias Stage = Secrets.Stage

/// Which stage a launch runs against and where that stage keeps its data: `--stage` (or
/// `$ISS_STAGE`), else the choice stored by the interactive app in `DIR/stage`, else development.
/// Development keeps its data in `DIR` itself (as before stages existed); staging and production in
/// `DIR/stages/<stage>`, so no outbox, cache or store is ever shared between two stages.
enum StageChoice {
  /// The file in the root data directory that holds the stage chosen in the interactive app.
  static let fileName = "stage"

  /// `--stage development|staging|production`, default `$ISS_STAGE`.
  static let option = Option(
    "stage",
    ValueFormat(
      expectation: Strings.optionStageExpectation, completion: .values(Stage.allCases.map(\.rawValue)),
      read: { Stage(rawValue: $0.lowercased()) }, write: \.rawValue),
    placeholder: "stage", environment: "ISS_STAGE", help: Strings.optionStage)

  /// The stage to run: `given` (the option or `$ISS_STAGE`), else the stored choice, else development.
  static func stage(given: Stage?, root: URL) throws(StageError) -> Stage {
    if let given { return given }
    return try stored(in: root) ?? .development
  }

  /// The stage stored in `root`, nil when none is; a file that names no stage is an error (it is
  /// left as it is).
  static func stored(in root: URL) throws(StageError) -> Stage? {
    let file = root.appendingPathComponent(fileName)
    guard let data = FileManager.default.contents(atPath: file.path) else { return nil }
    let text = String(decoding: data, as: UTF8.self).trimmingWhitespace()
    guard let stage = Stage(rawValue: text) else { throw .unreadableChoice(file: file.path, content: text) }
    return stage
  }

  /// Stores `stage` as the choice for later launches (written whole, then renamed into place).
  static func store(_ stage: Stage, in root: URL) throws(StageError) {
    let file = root.appendingPathComponent(fileName)
    do {
      try Data((stage.rawValue + "\n").utf8).write(to: file, options: .atomic)
    } catch {
      throw .cannotStore(file: file.path, reason: error.systemReason)
    }
  }

  /// Where `stage` keeps its data under the root data directory.
  static func directory(for stage: Stage, root: URL) -> URL {
    switch stage {
    case .development: root
    case .staging, .production:
      root.appendingPathComponent("stages", isDirectory: true).appendingPathComponent(
        stage.rawValue, isDirectory: true)
    }
  }
}
