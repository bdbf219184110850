import CommandLineKit
import Logging

/// The options every app has: where its data lives, how much it logs, and whether it uses colour.
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

  static let all: [any Parameter] = [dataDirectory, StageChoice.option, logLevel, noColor]

}
