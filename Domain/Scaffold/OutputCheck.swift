import CommandLineKit
import Localization
import UIComponents

/// The one place a program's end decides what a failed write to its output means (every app through
/// ``AppLauncher`` and ``AppCoordinator``, every bench through ``BenchLauncher``).
///
/// A reader that went away (a closed pipe: `app | head -1`) is no failure: the program ends quietly
/// with the code it had. Any other failure (a full disk, a closed descriptor, an I/O error) ends a
/// program that otherwise succeeded with 74 and one line on standard error — saying so when the
/// change the command made was saved before its report could not be written, so nobody runs it twice.
enum OutputCheck {
  /// The exit code of a run that ended with `code` and whose output failed with `failure` (nil: it
  /// did not), and the line to tell the person, if any; `changeSaved` when the run changed data.
  static func outcome(
    _ code: Int32, output failure: OutputFailure?, changeSaved: Bool
  ) -> (code: Int32, problem: LocalizedText?) {
    guard code == ExitCode.success, let failure, !failure.isClosedReader else { return (code, nil) }
    let problem =
      changeSaved
      ? Strings.outputFailedAfterChange(reason: failure.reason) : Strings.outputFailed(reason: failure.reason)
    return (ExitCode.ioError, problem)
  }

  /// ``outcome(_:output:changeSaved:)``'s code, its line (if any) written to `errors` as `error: …`.
  static func exitCode(
    _ code: Int32, output failure: OutputFailure?, changeSaved: Bool, errors: any TerminalOutput,
    translator: Translator
  ) -> Int32 {
    let outcome = outcome(code, output: failure, changeSaved: changeSaved)
    if let problem = outcome.problem {
      errors.writeInertLine(Strings.errorLine(message: problem).resolvedLine(by: translator))
    }
    return outcome.code
  }
}
