/// The `--help` texts of the `cosmonaut` app.
enum HelpText {
  static var main: String {
    let commands = CommandCatalog.commands.map { spec in
      "  " + spec.words.joined(separator: " ").padding(toLength: 18, withPad: " ", startingAt: 0) + spec.summary
    }
    return """
      cosmonaut — the cosmonaut's app aboard the ISS: profile, health, spacesuit, supplies, Houston sync.

      Usage: cosmonaut [global options] [<command> [arguments] [--json]]
             cosmonaut                 interactive app (menus for Cosmonaut, Health, Spacesuit, Supplies, Sync)
             cosmonaut open <link>     interactive, starting at a deep link, e.g. spacesuit/telemetry

      Commands:
      \(commands.joined(separator: "\n"))

      Run 'cosmonaut <command> --help' for a command's arguments and options.

      Global options:
        --data-dir DIR      where data lives (default $ISS_DATA_DIR, else $XDG_DATA_HOME/iss, else ~/.local/share/iss)
        --houston URL       Houston's base URL (default $ISS_HOUSTON_URL; unset = offline, changes wait in the outbox)
        --suit SUIT         simulated (default, in-process) or unix:PATH for a suit on a socket (default $ISS_SUIT)
        --log-level LEVEL   trace, debug, info (default), notice, warning, error, critical; the log is DIR/cosmonaut.log
        --no-color          plain output (also when NO_COLOR is set or output is not a terminal)
        --help, --version

      Houston requests carry the token from $ISS_HOUSTON_TOKEN (default "iss-dev").

      Exit codes: 0 success, 64 bad usage, 65 rejected data (nothing changed), 69 the suit or Houston unreachable,
                  70 internal error, 73 the data directory cannot be created.
      """
  }

  static let open = """
    Usage: cosmonaut open <link>

    Starts the interactive app at a deep link, then continues with the main menu. Links:
      dashboard, profile, supplies, supplies/consume, supplies/restock, sync,
      health, spacesuit, spacesuit/telemetry
    """
}
