import CommandLineKit
import Logging
import PartnerConfiguration
import UIComponents

/// The options every app has: where its data lives, how much it logs, whether it uses colour, and
/// whose configuration it runs with.
public enum StandardOptions {
  /// `--data-dir <dir>`, default `$ISS_DATA_DIR`, else `$XDG_DATA_HOME/iss`, else `~/.local/share/iss`.
  public static let dataDirectory = Option(
    "data-dir", .path(directory: true), placeholder: "dir", environment: "ISS_DATA_DIR",
    help: "Where data lives; default $XDG_DATA_HOME/iss, else ~/.local/share/iss.")
  /// `--log-level <level>`, default `$ISS_LOG_LEVEL`, else info.
  public static let logLevel = Option(
    "log-level", .logLevel, placeholder: "level", environment: "ISS_LOG_LEVEL",
    help: "How much goes to the log file DIR/<app>.log; default info.")
  /// `--no-color`: plain output even on a terminal (also with `NO_COLOR` set).
  public static let noColor = Flag("no-color", help: "Plain output, also on a terminal (as with NO_COLOR set).")

  /// `--color auto|always|never`, default auto: colour on a terminal only (`always`: also in a pipe).
  public static let color = Option(
    "color", ValueFormat<ColorChoice>.choice, placeholder: "when",
    help: "When to use colour: auto, on a terminal only (the default); always, also in a pipe; never, as --no-color.")
  /// `--partner <id|path>`, default `$ISS_PARTNER`, else the app's own partner (for reading the value;
  /// the command line offers ``partner(defaultingTo:)``, whose help names the app's default).
  public static let partner = partner(defaultingTo: nil)

  /// `--partner <id|path>` whose help names `id` as the default.
  static func partner(defaultingTo id: String?) -> Option<String> {
    Option(
      "partner", .text(maximumLength: 4096, suggestions: PartnerCatalogue.ids), placeholder: "partner",
      environment: "ISS_PARTNER",
      help: "The agency whose configuration (theme, features, analytics) the app runs with: "
        + "\(PartnerCatalogue.ids.joined(separator: ", ")), or a partner file's path"
        + (id.map { "; default \($0)." } ?? "."))
  }

  /// The standard options of an app whose own partner is `partner`.
  static func all(partner: String) -> [any Parameter] {
    [dataDirectory, logLevel, noColor, color, Self.partner(defaultingTo: partner)]
  }
}
