/// One scripted command: its words, what it maps to, and its help.
struct CommandSpec: Sendable {
  /// A `--name VALUE` option that becomes a deep-link parameter.
  struct Option: Sendable {
    let flag: String
    let parameter: String
    let placeholder: String
    let help: String
  }

  let words: [String]
  let summary: String
  /// Positional arguments, in order, each becoming the deep-link parameter of the same name.
  let arguments: [String]
  let options: [Option]
  let allowsJSON: Bool
  /// The deep link the command opens, e.g. `spacesuit/status`.
  let link: String
  /// A lowercase label for each positional argument in the usage line.
  let argumentLabels: [String]

  init(
    _ words: String, summary: String, link: String, arguments: [(name: String, label: String)] = [],
    options: [Option] = [], json: Bool = false
  ) {
    self.words = words.split(separator: " ").map(String.init)
    self.summary = summary
    self.link = link
    self.arguments = arguments.map(\.name)
    self.argumentLabels = arguments.map(\.label)
    self.options = options
    self.allowsJSON = json
  }

  var usage: String {
    var parts = ["cosmonaut"] + words + argumentLabels
    parts += options.map { "[\($0.flag) \($0.placeholder)]" }
    if allowsJSON { parts.append("[--json]") }
    return parts.joined(separator: " ")
  }

  var help: String {
    var lines = ["Usage: \(usage)", "", summary]
    if !options.isEmpty || allowsJSON {
      lines.append("")
      lines.append("Options:")
      for option in options {
        lines.append(
          "  " + "\(option.flag) \(option.placeholder)".padding(toLength: 22, withPad: " ", startingAt: 0) + option.help
        )
      }
      if allowsJSON {
        lines.append(
          "  " + "--json".padding(toLength: 22, withPad: " ", startingAt: 0) + "print one JSON document instead of text"
        )
      }
    }
    lines.append("")
    lines.append("Global options (--data-dir, --houston, --suit, --log-level, --no-color): see 'cosmonaut --help'.")
    return lines.joined(separator: "\n")
  }
}

/// Every scripted command of the `cosmonaut` app. Each one is a deep link into a domain.
enum CommandCatalog {
  static let commands: [CommandSpec] = [
    CommandSpec(
      "dashboard", summary: "Station position, who is aboard, low stock and what waits for Houston.", link: "dashboard",
      json: true),
    CommandSpec("profile show", summary: "Show the cosmonaut's profile.", link: "profile/show", json: true),
    CommandSpec(
      "profile set", summary: "Change profile fields; the change is stored locally and queued for Houston.",
      link: "profile/set",
      options: [
        .init(flag: "--name", parameter: "name", placeholder: "N", help: "full name"),
        .init(flag: "--agency", parameter: "agency", placeholder: "A", help: "space agency, e.g. Roscosmos"),
        .init(flag: "--role", parameter: "role", placeholder: "R", help: "role aboard, e.g. flight engineer"),
        .init(
          flag: "--mission", parameter: "mission", placeholder: "M", help: "mission or expedition, e.g. Expedition 72"),
      ], json: true),
    CommandSpec(
      "health", summary: "Vitals from the suit's biomonitor, each classified with its thresholds.", link: "health",
      json: true),
    CommandSpec(
      "suit status", summary: "Suit telemetry with thresholds, settings and alerts.", link: "spacesuit/status",
      json: true),
    CommandSpec(
      "suit watch", summary: "Live suit telemetry, one line per sample (Ctrl-C stops; --json needs --count).",
      link: "spacesuit/watch",
      options: [
        .init(flag: "--count", parameter: "count", placeholder: "N", help: "stop after N samples"),
        .init(
          flag: "--interval-ms", parameter: "interval-ms", placeholder: "MS",
          help: "time between samples (default 1000)"),
      ], json: true),
    CommandSpec(
      "suit set",
      summary:
        "Send a command the suit acknowledges: temperature °C (16–30), oxygen-flow L/min (0.5–8), lights on|off.",
      link: "spacesuit/set", arguments: [("setting", "temperature|oxygen-flow|lights"), ("value", "VALUE")], json: true),
    CommandSpec(
      "supplies list", summary: "The supplies inventory with quantities, units and low-stock warnings.",
      link: "supplies/list", json: true),
    CommandSpec(
      "supplies consume", summary: "Take QUANTITY of ITEM from the inventory; never below zero.",
      link: "supplies/consume",
      arguments: [("item", "ITEM"), ("quantity", "QUANTITY")], json: true),
    CommandSpec(
      "supplies restock", summary: "Add QUANTITY of ITEM to the inventory.", link: "supplies/restock",
      arguments: [("item", "ITEM"), ("quantity", "QUANTITY")], json: true),
    CommandSpec(
      "sync", summary: "Deliver the outbox to Houston; tells what was delivered and what is pending.", link: "sync",
      json: true),
    CommandSpec(
      "sync status", summary: "What waits in the outbox, without contacting Houston.", link: "sync/status", json: true),
  ]

  /// Command groups that need a sub-command (`profile`, `suit`, `supplies`).
  static var groups: Set<String> {
    Set(commands.filter { $0.words.count > 1 }.map { $0.words[0] })
  }

  /// The longest command whose words start `arguments`.
  static func match(_ arguments: [String]) -> CommandSpec? {
    commands
      .filter { arguments.starts(with: $0.words) }
      .max { $0.words.count < $1.words.count }
  }
}
