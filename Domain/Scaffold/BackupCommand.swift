import AppAnalytics
import CommandLineKit
import FoundationEssentials
import Localization
import UIComponents

/// `backup <directory>`, a command of every app: copies each store the app keeps into a new file
/// in `directory`, through its services (`AppServices.backup(to:)`), safely while other processes
/// use the stores and never overwriting a file. Prints each file written (`--json`: `{"files": […]}`);
/// exit 0, 73 when a file is in the way or the directory cannot be made, 74 for an I/O error (a
/// full disk), 69 when a store is busy.
enum BackupCommand {
  /// Where the copies go.
  static let directory = Argument(
    "directory", .path(directory: true), placeholder: "dir", help: Strings.backupDirectoryHelp)

  /// The command, producing `target(directory)` for the launcher.
  static func command<Target: Sendable>(_ target: @escaping @Sendable (String) -> Target) -> Command<Target> {
    let directory = directory
    return Command(
      "backup", abstract: Strings.backupAbstract, discussion: Strings.backupDiscussion, parameters: [directory],
      json: true
    ) { values in target(values[directory]) }
  }

  /// What `--json` prints: the files written, in order.
  struct Report: Encodable {
    let files: [String]
  }

  /// Backs up `services`' stores into `directory` (relative to the working directory) and says
  /// what it wrote; returns the exit code. An error is one line on standard error, recorded and logged.
  @MainActor static func run(
    into directory: String, json: Bool, appName: String, services: some AppServices, launch: Launch
  ) async -> Int32 {
    let terminal = launch.terminal
    let target = URL(fileURLWithPath: directory, isDirectory: true)
    let files: [URL]
    do {
      files = try await services.backup(to: target)
    } catch {
      terminal.printError(ErrorLine.text(for: error, translator: terminal.translator))
      launch.analytics.recordError(error, module: AppCoordinator.module, context: ["command": "backup"])
      launch.logger.error(ErrorLine.text(for: error))
      return ExitCode.forError(error)
    }
    launch.analytics.track("app.backup", ["app": appName, "files": String(files.count)])
    launch.logger.notice("backed up \(files.count) store(s) into \(target.path)")
    if json {
      do {
        terminal.print(try JSONOutput.render(Report(files: files.map(\.path))))
      } catch {
        terminal.printError(ErrorLine.text(for: error, translator: terminal.translator))
        return ExitCode.forError(error)
      }
    } else if files.isEmpty {
      terminal.print(Strings.backupNothing(app: appName))
    } else {
      for file in files {
        terminal.print(Strings.backupWritten(file: InertText(file.path, limit: InertText.longLimit)))
      }
    }
    let outcome = OutputCheck.outcome(ExitCode.success, output: terminal.outputFailure, changeSaved: !files.isEmpty)
    if let problem = outcome.problem { terminal.printError(Strings.errorLine(message: problem)) }
    return outcome.code
  }
}
