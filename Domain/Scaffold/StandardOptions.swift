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
  /// the command line offers ``partner(defaultingTo:among:)``, whose help names the app's partners).
  public static let partner = partner(defaultingTo: nil, among: .none)

  /// `--partner <id|path>` whose help names the partners of `catalogue` and `id` as the default.
  static func partner(defaultingTo id: String?, among catalogue: PartnerCatalogue) -> Option<String> {
    // The shipped partners' ids, joined only when help shows them.
    let names = LocalizedText.joined(values: catalogue.ids, separator: ", ")
    return Option(
      "partner", .text(maximumLength: 4096, suggestions: catalogue.ids), placeholder: "partner",
      environment: "ISS_PARTNER",
      help: id.map { Strings.optionPartnerWithDefault(partners: names, id: $0) }
        ?? Strings.optionPartner(partners: names))
  }

  /// The standard options of an app whose own partner is `partner`, one of `catalogue`'s.
  static func all(partner: String, among catalogue: PartnerCatalogue) -> [any Parameter] {
    [
      dataDirectory, StageChoice.option, logLevel, noColor, color,
      Self.partner(defaultingTo: partner, among: catalogue),
    ]
  }
}
