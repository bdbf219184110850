import CommandLineKit
import Localization
import Logging
import PartnerConfiguration
import UIComponents

/// The options every app has: where its data lives, how much it logs, whether it uses colour, and
/// whose configuration it runs with.
public enum StandardOptions {
  /// `--data-dir <dir>`, default `$ISS_DATA_DIR`, else `$XDG_DATA_HOME/iss`, else `~/.local/share/iss`.
  public static let dataDirectory = Option(
    "data-dir", .path(directory: true), placeholder: "dir", environment: "ISS_DATA_DIR",
    help: Strings.optionDataDir)
  /// `--log-level <level>`, default `$ISS_LOG_LEVEL`, else info.
  public static let logLevel = Option(
    "log-level", .logLevel, placeholder: "level", environment: "ISS_LOG_LEVEL",
    help: Strings.optionLogLevel)
  /// `--no-color`: plain output even on a terminal (also with `NO_COLOR` set).
  public static let noColor = Flag("no-color", help: Strings.optionNoColor)

  /// `--color auto|always|never`, default auto: colour on a terminal only (`always`: also in a pipe).
  public static let color = Option(
    "color", ValueFormat<ColorChoice>.choice, placeholder: "when", help: Strings.optionColor)
  /// `--partner <id|path>`, default `$ISS_PARTNER`, else the app's own partner (for reading the value;
  /// the command line offers ``partner(defaultingTo:)``, whose help names the app's default).
  public static let partner = partner(defaultingTo: nil)

  /// `--partner <id|path>` whose help names `id` as the default.
  static func partner(defaultingTo id: String?) -> Option<String> {
    Option(
      "partner", .text(maximumLength: 4096, suggestions: PartnerCatalogue.ids), placeholder: "partner",
      environment: "ISS_PARTNER",
      help: id.map { Strings.optionPartnerWithDefault(partners: partnerNames, id: $0) }
        ?? Strings.optionPartner(partners: partnerNames))
  }

  /// The shipped partners' ids, joined only when help shows them.
  private static var partnerNames: LocalizedText {
    .joined(values: PartnerCatalogue.ids, separator: ", ")
  }

  /// The standard options of an app whose own partner is `partner`.
  static func all(partner: String) -> [any Parameter] {
    [dataDirectory, StageChoice.option, logLevel, noColor, color, Self.partner(defaultingTo: partner)]
  }
}
