import Localization

/// A command-line program: its name, version, global options and commands.
///
/// ```swift
/// let program = Program(name: "cosmonaut", version: "1.0", abstract: "…", options: [dataDirectory],
///                       commands: CosmonautRoute.commands, groups: CosmonautRoute.groups)
/// switch try program.parse(CommandLine.arguments.dropFirst(), environment: env) { … }
/// ```
///
/// Generated for every program: `--help`/`-h` and `help <command>` (OVERVIEW, USAGE, ARGUMENTS,
/// OPTIONS, SUBCOMMANDS), `--version`, `--generate-completion-script bash|zsh|fish`, `--name=value`,
/// `--` (only arguments after it), "did you mean" for near misses, and one ``UsageError`` line for
/// anything wrong.
public struct Program<Route: Sendable>: Sendable {
  /// The executable's name.
  public let name: String
  /// Printed by `--version`.
  public let version: String
  /// One line: what the program is.
  public let abstract: LocalizedText
  /// More help, printed under the usage lines of the main help.
  public let discussion: LocalizedText?
  /// Options accepted anywhere on the line, before or after the command.
  public let options: [ParameterSpecification]
  /// What running the program without a command does, for the main usage line (nil: a command is required).
  public let withoutCommand: LocalizedText?
  /// Extra help sections after SUBCOMMANDS, e.g. EXIT CODES or SCENARIOS.
  public let sections: [HelpSection]
  let tree: CommandTree<Route>

  /// A program with global `options` and `commands` (grouped by `groups`). `withoutCommand` says what
  /// running it without a command does (nil: a command is required).
  public init(
    name: String, version: String, abstract: some TextArgument, discussion: (any TextArgument)? = nil,
    options: [any Parameter] = [], commands: [Command<Route>], groups: [CommandGroup] = [],
    withoutCommand: (any TextArgument)? = nil, sections: [HelpSection] = []
  ) {
    self.name = name
    self.version = version
    self.abstract = abstract.localizedText
    self.discussion = discussion?.localizedText
    self.options = options.map(\.specification)
    self.withoutCommand = withoutCommand?.localizedText
    self.sections = sections
    tree = CommandTree(commands: commands, groups: groups)
  }

  /// What the command line asks for.
  public enum Request: Sendable {
    /// Run: the command's route (`nil` when no command was given), `--json`, and the global options.
    case run(route: Route?, json: Bool, options: ParsedValues)
    /// Print this text on standard output and exit 0 (help, version, a completion script).
    case print(String)
  }

  /// Reads `arguments` (without the program's own name). Global options may stand anywhere before
  /// `--`; an option missing from the line is read from its environment variable, if it has one.
  /// Help and completion scripts are written in `language` (errors carry every language), and
  /// values are read as a reader of `language` writes them (`2,5` in Russian).
  public func parse(
    _ arguments: some Collection<String>, environment: [String: String] = [:], language: Language = .english
  ) throws(UsageError)
    -> Request
  {
    var values: [String: any Sendable] = [:]
    var rest: [String] = []
    var wantsHelp = false
    var tokens = Array(arguments)[...]
    var afterSeparator = false
    while let token = tokens.popFirst() {
      if afterSeparator || !OptionSyntax.looksLikeOption(token) {
        if token == "--" { afterSeparator = true }
        rest.append(token)
        continue
      }
      let (optionName, inline) = OptionSyntax.split(token)
      switch optionName {
      case "-h", "--help":
        wantsHelp = true
        continue
      case "--version":
        return .print("\(name) \(version)")
      case "--generate-completion-script":
        let shellName = try value(of: optionName, inline: inline, from: &tokens)
        guard let shell = CompletionShell(rawValue: shellName) else {
          let shells = CompletionShell.allCases.map(\.rawValue)
          throw UsageError(
            Strings.errorNotAShell(
              value: InertText(shellName), shells: shells.joined(separator: ", "),
              suggestion: Suggestion.clause(for: shellName, among: shells)))
        }
        return .print(CompletionScript(program: self, shell: shell, language: language).text)
      default: break
      }
      guard let option = options.first(where: { "--\($0.name)" == optionName }) else {
        rest.append(token)  // the command's own option, or an unknown one: the command decides
        continue
      }
      if option.kind == .flag {
        values[option.name] = try OptionSyntax.flagValue(optionName, inline: inline)
      } else {
        values[option.name] = try CommandTree<Route>.value(
          try value(of: optionName, inline: inline, from: &tokens), for: option, language: language)
      }
    }
    if rest.first == "help" && !wantsHelp {
      return .print(try help(for: Array(rest.dropFirst()), language: language))
    }
    if wantsHelp {
      let words = rest.prefix { $0 != "--" && !OptionSyntax.looksLikeOption($0) }
      return .print(try help(for: Array(words), language: language))
    }
    for option in options where values[option.name] == nil {
      guard let variable = option.environment, let text = environment[variable], !text.isEmpty else { continue }
      values[option.name] = try CommandTree<Route>.value(
        text, for: option, source: .verbatim("$\(variable)"), language: language)
    }
    // After `--` every token is a word, whatever it looks like.
    let beforeSeparator = rest.prefix { $0 != "--" }
    let hasWords =
      beforeSeparator.contains { !OptionSyntax.looksLikeOption($0) } || rest.count > beforeSeparator.count + 1
    guard hasWords || withoutCommand == nil else {
      if let stray = beforeSeparator.first(where: OptionSyntax.looksLikeOption) {
        throw strayOption(OptionSyntax.split(stray).name)
      }
      try requireOptions(in: values)
      return .run(route: nil, json: false, options: ParsedValues(values, language: language))
    }
    if tree.commands.isEmpty, let stray = rest.first(where: { $0 != "--" }) {
      throw OptionSyntax.looksLikeOption(stray)
        ? strayOption(OptionSyntax.split(stray).name)
        : UsageError(Strings.errorUnexpectedProgramArgument(argument: InertText(stray), program: name))
    }
    let parsed = try tree.parse(
      rest, programName: name, globalOptions: options.map(GlobalOption.init), language: language)
    try requireOptions(in: values)
    return .run(route: parsed.route, json: parsed.json, options: ParsedValues(values, language: language))
  }

  /// Refuses a line without one of the required global options.
  private func requireOptions(in values: [String: any Sendable]) throws(UsageError) {
    if let missing = options.first(where: { $0.isRequired && values[$0.name] == nil }) {
      throw UsageError(Strings.errorMissingOption(option: missing.usage, program: name))
    }
  }

  /// The error for an option given without a command: one of a command's, or unknown.
  private func strayOption(_ option: String) -> UsageError {
    let owners = tree.commands.filter { command in
      command.namedParameters.contains { "--\($0.name)" == option } || (option == "--json" && command.printsJSON)
    }
    if let example = owners.first {
      return UsageError(
        Strings.errorOptionBelongsToCommand(option: option, example: "\(name) \(example.name) \(option)"))
    }
    return tree.unknownOption(option, globalOptions: options.map(GlobalOption.init), programName: name)
  }

  /// The value of a global option: inline (`--name=value`) or the next token, which must not look like an option.
  private func value(
    of option: String, inline: String?, from tokens: inout ArraySlice<String>
  ) throws(UsageError)
    -> String
  {
    if let inline { return inline }
    guard let next = tokens.first else {
      throw UsageError(Strings.errorNeedsValue(option: option, hint: Strings.errorSeeProgramHelp(program: name)))
    }
    guard !OptionSyntax.looksLikeOption(next), next != "--" else {
      throw UsageError(Strings.errorValueLooksLikeOption(option: option, value: InertText(next)))
    }
    tokens.removeFirst()
    return next
  }

  /// The route a deep link names, validated exactly like the command's words (values read as a
  /// reader of `language` writes them).
  public func route(for link: DeepLink, language: Language = .english) throws(UsageError) -> Route {
    try tree.route(for: link, language: language)
  }

  /// The help for `words` in `language`: the main help for none, else the command's or the group's.
  public func help(for words: [String], language: Language = .english) throws(UsageError) -> String {
    let renderer = HelpRenderer(program: self, translator: Translator(language: language))
    guard !words.isEmpty else { return renderer.main() }
    let canonical = tree.canonicalPrefix(of: words)
    if let command = tree.command(at: canonical) { return renderer.command(command) }
    guard canonical.count == words.count, !canonical.isEmpty else {
      let unknown = words.prefix(canonical.count + 1).joined(separator: " ")
      let candidates = tree.allPaths.map { $0.joined(separator: " ") }
      throw UsageError(
        Strings.errorNoHelp(
          words: InertText(words.joined(separator: " ")), command: InertText(unknown),
          suggestion: Suggestion.clause(for: unknown, among: candidates), program: name))
    }
    return renderer.group(canonical)
  }

  /// Every command, for listings (help, completion, the link catalogue).
  public var commands: [Command<Route>] { tree.commands }
}
