import FoundationEssentials
import Localization

/// A parsed command: the route it names and whether `--json` was given.
public struct ParsedCommand<Route: Sendable>: Sendable {
  /// The route the words name.
  public let route: Route
  /// True when `--json` was given.
  public let json: Bool
}

/// The commands of a program and their groups: finds the command that words or a link name, reads
/// its values, and writes a route back as words.
struct CommandTree<Route: Sendable>: Sendable {
  let commands: [Command<Route>]
  let groups: [CommandGroup]
  /// Each command's path, in the order of `commands`: what finding a command looks at. The tree's
  /// code is generic, and an element of `commands` read there is copied whole, every field of it.
  private let paths: [[String]]

  init(commands: [Command<Route>], groups: [CommandGroup]) {
    self.commands = commands
    self.groups = groups
    var paths: [[String]] = []
    paths.reserveCapacity(commands.count)
    for command in commands { paths.append(command.path) }
    self.paths = paths
  }

  // MARK: Names

  /// The names accepted for the last word of `path` (a command's or a group's path): itself and its aliases.
  ///
  /// Here and below, loops rather than `filter`/`flatMap`/`max` over `[Command<Route>]`: a generic
  /// algorithm on an array of a generic type resolves its conformances at run time, which every
  /// parse of a command line would pay for (`Scripts/bench`'s start-up rows).
  func names(of path: [String]) -> [String] {
    var names = [path[path.count - 1]]
    for index in paths.indices where paths[index] == path { names += commands[index].aliases }
    for index in groups.indices where groups[index].path == path { names += groups[index].aliases }
    return names
  }

  /// Every command and group path, canonical.
  var allPaths: [[String]] {
    var paths = self.paths
    paths += groups.map(\.path)
    // Implied groups: every proper prefix of a command path.
    for path in self.paths where path.count > 1 {
      for length in 1..<path.count { paths.append(Array(path.prefix(length))) }
    }
    var seen = Set<[String]>()
    return paths.filter { seen.insert($0).inserted }
  }

  /// `words` (or their leading part) mapped to canonical words, as far as they name a known path.
  func canonicalPrefix(of words: [String]) -> [String] {
    var canonical: [String] = []
    for word in words {
      guard let next = child(of: canonical, named: word) else { break }
      canonical.append(next)
    }
    return canonical
  }

  /// The canonical word after `canonical` that `word` names, itself or an alias, in any case: the
  /// paths one word longer are tried in the order of ``allPaths`` (commands, groups, implied groups),
  /// the first that answers to `word` wins. A path met again answers as it did the first time, so
  /// none is set aside: a parse hashes no path.
  private func child(of canonical: [String], named word: String) -> String? {
    let wanted = word.lowercased()
    func answers(_ path: [String]) -> Bool {
      names(of: path).contains { $0 == word || $0.lowercased() == wanted }
    }
    let length = canonical.count + 1
    for path in paths {
      if path.count == length, path.starts(with: canonical), answers(path) { return path[canonical.count] }
    }
    for index in groups.indices {
      let path = groups[index].path
      if path.count == length, path.starts(with: canonical), answers(path) { return path[canonical.count] }
    }
    for path in paths {
      if path.count > length, path.starts(with: canonical), answers(Array(path.prefix(length))) {
        return path[canonical.count]
      }
    }
    return nil
  }

  /// The command whose path is exactly `canonical`.
  func command(at canonical: [String]) -> Command<Route>? {
    for index in paths.indices where paths[index] == canonical { return commands[index] }
    return nil
  }

  /// The group at `canonical` (declared or implied by longer command paths).
  func isGroup(_ canonical: [String]) -> Bool { !commands(under: canonical).isEmpty }

  /// The abstract of a group path.
  func groupAbstract(_ canonical: [String]) -> LocalizedText? {
    groups.first { $0.path == canonical }?.abstract
  }

  /// The commands directly or indirectly under `canonical` (all commands for `[]`).
  func commands(under canonical: [String]) -> [Command<Route>] {
    var under: [Command<Route>] = []
    for index in paths.indices where paths[index].count > canonical.count && paths[index].starts(with: canonical) {
      under.append(commands[index])
    }
    return under
  }

  /// The next words after `canonical`, for suggestions and completion.
  func childNames(of canonical: [String]) -> [String] {
    var names: [String] = []
    for path in allPaths where path.count == canonical.count + 1 && Array(path.dropLast()) == canonical {
      names.append(path[path.count - 1])
    }
    return names
  }

  // MARK: Reading words

  /// Parses the command words and their parameters (`supplies consume water 2 --json`), global
  /// options already removed. `programName` appears in hints; values are read as a reader of
  /// `language` writes them (a decimal with its decimal mark).
  func parse(
    _ tokens: [String], programName: String, globalOptions: [GlobalOption] = [], language: Language = .english
  ) throws(UsageError)
    -> ParsedCommand<Route>
  {
    var tokens = tokens[...]
    // Options given before the command move behind it; one that takes a separate value cannot be
    // told from the command's words there.
    var leading: [String] = []
    while let first = tokens.first, first != "--", OptionSyntax.looksLikeOption(first) {
      leading.append(first)
      tokens.removeFirst()
    }
    var words: [String] = []
    while let first = tokens.first, first != "--", !OptionSyntax.looksLikeOption(first) {
      words.append(first)
      tokens.removeFirst()
    }
    // `-- supplies list`, `-- --help`: after `--` the command's words are words, whatever they look like.
    if words.isEmpty, tokens.first == "--" {
      tokens.removeFirst()
      words = Array(tokens.prefix { $0 != "--" })
      tokens = tokens.dropFirst(words.count)
    }
    let canonical = canonicalPrefix(of: words)
    guard let command = longestCommand(within: canonical) else {
      // An option nobody knows, followed by a word, is the mistake to report, not the words: the word
      // may be its value, taken for a command (`--hosuton URL sync`: "unknown command 'URL'").
      let after = Array(tokens)
      let followedByWord = after.indices.dropLast().filter { index in
        !OptionSyntax.looksLikeOption(after[index + 1]) && after[index + 1] != "--"
      }
      let suspects = leading + followedByWord.map { after[$0] }
      if let unknown = suspects.first(where: { isUnknownOption($0, globalOptions: globalOptions) }) {
        throw unknownOption(OptionSyntax.split(unknown).name, globalOptions: globalOptions, programName: programName)
      }
      if let misplaced = misplacedOption(leading, words: words, programName: programName) { throw misplaced }
      throw unknownCommand(words, canonical: canonical, programName: programName)
    }
    let rest = Array(words.dropFirst(command.path.count)) + Array(tokens)
    for option in leading {
      let name = OptionSyntax.split(option).name
      if let parameter = command.namedParameters.first(where: { "--\($0.name)" == name }), parameter.kind == .option,
        !option.contains("=")
      {
        throw UsageError(
          Strings.errorOptionBelongsAfter(
            option: name, example: "\(programName) \(command.name) \(name) <\(parameter.placeholder)>"))
      }
    }
    return try read(
      command, tokens: leading + rest, programName: programName, globalOptions: globalOptions, language: language)
  }

  /// `--name VALUE command …`: the error saying that `--name` belongs after the command, when the
  /// words after its value name a command that has that option.
  private func misplacedOption(_ leading: [String], words: [String], programName: String) -> UsageError? {
    guard let option = leading.last, !option.contains("="), words.count > 1 else { return nil }
    let canonical = canonicalPrefix(of: Array(words.dropFirst()))
    guard let command = longestCommand(within: canonical),
      let parameter = command.namedParameters.first(where: { "--\($0.name)" == option }), parameter.kind == .option
    else { return nil }
    return UsageError(
      Strings.errorOptionBelongsAfter(
        option: option, example: "\(programName) \(command.name) \(option) <\(parameter.placeholder)>"))
  }

  /// Whether `token` is an option (`--name`, `--name=value`, `-x`) that neither the program nor any
  /// of its commands has.
  private func isUnknownOption(_ token: String, globalOptions: [GlobalOption]) -> Bool {
    guard token != "--", OptionSyntax.looksLikeOption(token) else { return false }
    let name = OptionSyntax.split(token).name
    return !knownOptionNames(globalOptions: globalOptions).contains(name)
  }

  /// Every option a line of this program may hold: the global ones, every command's, `--json`,
  /// `--help`, `-h`, `--version`.
  private func knownOptionNames(globalOptions: [GlobalOption]) -> Set<String> {
    var names = Set(globalOptions.map(\.name) + OptionSyntax.builtIn)
    for command in commands {
      names.formUnion(command.namedParameters.map { "--\($0.name)" })
      if command.printsJSON { names.insert("--json") }
    }
    return names
  }

  /// "unknown option '--hosuton' (did you mean '--houston'?)": the near miss among every option of
  /// the program, or the option a person may have meant by another name (`--houston` for `--tsup`).
  func unknownOption(_ option: String, globalOptions: [GlobalOption], programName: String) -> UsageError {
    let known = knownOptionNames(globalOptions: globalOptions).sorted()
    let meant = globalOptions.first { $0.alsoKnownAs.contains(option.lowercased()) }?.name
    let suggestion = meant.map { Strings.errorSuggestion(word: $0) } ?? Suggestion.clause(for: option, among: known)
    return UsageError(
      Strings.errorUnknownOption(option: InertText(option), suggestion: suggestion, program: programName))
  }

  /// The command with the longest path that `canonical` starts with.
  private func longestCommand(within canonical: [String]) -> Command<Route>? {
    var longest: Int?
    for index in paths.indices where canonical.starts(with: paths[index]) {
      if paths[index].count > longest.map({ paths[$0].count }) ?? -1 { longest = index }
    }
    return longest.map { commands[$0] }
  }

  private func unknownCommand(_ words: [String], canonical: [String], programName: String) -> UsageError {
    let help = programName.isEmpty ? .verbatim("") : Strings.errorSeeProgramHelp(program: programName)
    guard !words.isEmpty else {
      return UsageError(Strings.errorCommandMissing(hint: help))
    }
    if canonical.count == words.count, isGroup(canonical) {
      let choices = childNames(of: canonical).joined(separator: ", ")
      return UsageError(Strings.errorNeedsSubcommand(group: canonical.joined(separator: " "), choices: choices))
    }
    let unknown = words.prefix(canonical.count + 1).joined(separator: " ")
    let candidates = childNames(of: canonical).map { (canonical + [$0]).joined(separator: " ") }
    return UsageError(
      Strings.errorUnknownCommand(
        command: InertText(unknown), suggestion: Suggestion.clause(for: unknown, among: candidates), hint: help))
  }

  /// Reads the parameters of `command` from `tokens` (everything after its words).
  private func read(
    _ command: Command<Route>, tokens: [String], programName: String, globalOptions: [GlobalOption],
    language: Language
  ) throws(UsageError) -> ParsedCommand<Route> {
    let usage = Usage(command: command, programName: programName)
    var values: [String: any Sendable] = [:]
    var positionals: [String] = []
    var json = false
    var index = tokens.startIndex
    var onlyPositionals = false
    while index < tokens.endIndex {
      let token = tokens[index]
      index += 1
      if !onlyPositionals && token == "--" {
        onlyPositionals = true
        continue
      }
      guard !onlyPositionals, OptionSyntax.looksLikeOption(token) else {
        positionals.append(token)
        continue
      }
      let (name, inline) = OptionSyntax.split(token)
      if name == "--json" && command.printsJSON {
        json = try OptionSyntax.flagValue(name, inline: inline)
        continue
      }
      guard let parameter = command.namedParameters.first(where: { "--\($0.name)" == name }) else {
        if name == "--json" { throw UsageError(Strings.errorNoJson(command: command.name)) }
        let known =
          command.namedParameters.map { "--\($0.name)" } + (command.printsJSON ? ["--json"] : [])
          + globalOptions.map(\.name)
        let meant = globalOptions.first { $0.alsoKnownAs.contains(name.lowercased()) }?.name
        throw UsageError(
          Strings.errorUnknownCommandOption(
            option: InertText(name), command: command.name,
            suggestion: meant.map { Strings.errorSuggestion(word: $0) } ?? Suggestion.clause(for: name, among: known),
            hint: usage.hint))
      }
      if parameter.kind == .flag {
        values[parameter.name] = try OptionSyntax.flagValue(name, inline: inline)
        continue
      }
      let text: String
      if let inline {
        text = inline
      } else {
        guard index < tokens.endIndex else { throw UsageError(Strings.errorNeedsValue(option: name, hint: usage.hint)) }
        text = tokens[index]
        if OptionSyntax.looksLikeOption(text) || text == "--" {
          throw UsageError(Strings.errorValueLooksLikeOption(option: name, value: InertText(text)))
        }
        index += 1
      }
      values[parameter.name] = try Self.value(text, for: parameter, language: language)
    }
    let arguments = command.arguments
    if positionals.count > arguments.count {
      let extra = positionals[arguments.count]
      let children = childNames(of: command.path)
      if arguments.isEmpty, !children.isEmpty {
        let candidates = children.map { (command.path + [$0]).joined(separator: " ") }
        let unknown = (command.path + [extra]).joined(separator: " ")
        throw UsageError(
          Strings.errorUnknownCommand(
            command: InertText(unknown), suggestion: Suggestion.clause(for: unknown, among: candidates),
            hint: usage.hint))
      }
      throw UsageError(
        Strings.errorUnexpectedArgument(argument: InertText(extra), command: command.name, hint: usage.hint))
    }
    if positionals.count < arguments.count {
      throw UsageError(Strings.errorMissingParameter(parameter: arguments[positionals.count].label, usage: usage.line))
    }
    for (parameter, text) in zip(arguments, positionals) {
      values[parameter.name] = try Self.value(text, for: parameter, language: language)
    }
    if let missing = command.namedParameters.first(where: { $0.isRequired && values[$0.name] == nil }) {
      throw UsageError(Strings.errorMissingParameter(parameter: missing.usage, usage: usage.line))
    }
    return ParsedCommand(route: try command.route(ParsedValues(values, language: language)), json: json)
  }

  /// `text` read by `parameter`'s format as a reader of `language` writes it, or the error line that
  /// names the parameter and what it expects.
  static func value(
    _ text: String, for parameter: ParameterSpecification, source: LocalizedText? = nil, language: Language = .english
  ) throws(UsageError)
    -> any Sendable
  {
    let rejection: ValueRejection
    switch parameter.read(text, language) {
    case .success(let value): return value
    case .failure(let failure): rejection = failure
    }
    let origin = source ?? .verbatim(parameter.label)
    if let reason = rejection.reason { throw UsageError(Strings.errorRejectedValue(origin: origin, reason: reason)) }
    let expectation = parameter.expectation ?? Strings.formatOnOff
    if text.trimmingSpaces().isEmpty {
      throw UsageError(Strings.errorEmptyValue(origin: origin, expectation: expectation))
    }
    let words = parameter.completion.words
    let suggestion = !words.isEmpty && !text.isEmpty ? Suggestion.clause(for: text, among: words) : .verbatim("")
    throw UsageError(
      Strings.errorInvalidValue(
        value: InertText(text), origin: origin, expectation: expectation, suggestion: suggestion))
  }

  // MARK: Reading links

  /// The route a deep link names: its path must be exactly a command's words (or their aliases),
  /// and its parameters exactly that command's, validated by the same formats as the command line
  /// (in `language`, as the person who typed it writes).
  func route(for link: DeepLink, language: Language = .english) throws(UsageError) -> Route {
    let canonical = canonicalPrefix(of: link.path)
    let shown = InertText(link.description, limit: InertText.longLimit)
    guard canonical.count == link.path.count, let command = command(at: canonical) else {
      let known = commands.map { $0.invocation().link.description }
      if canonical.count == link.path.count, isGroup(canonical) {
        let choices = childNames(of: canonical).map { (canonical + [$0]).joined(separator: "/") }
        throw UsageError(Strings.errorLinkNamesGroup(link: shown, choices: choices.joined(separator: ", ")))
      }
      let path = link.path.joined(separator: "/")
      throw UsageError(Strings.errorUnknownLink(link: shown, suggestion: Suggestion.clause(for: path, among: known)))
    }
    var values: [String: any Sendable] = [:]
    for (name, text) in link.parameters.sorted(by: { $0.key < $1.key }) {
      guard let parameter = command.parameters.first(where: { $0.name == name }) else {
        let names = command.parameters.map(\.name)
        guard !names.isEmpty else {
          throw UsageError(Strings.errorLinkTakesNothing(name: InertText(name), link: shown))
        }
        throw UsageError(
          Strings.errorUnknownLinkParameter(
            name: InertText(name), link: shown, parameters: names.joined(separator: ", "),
            suggestion: Suggestion.clause(for: name, among: names)))
      }
      let origin = Strings.errorLinkParameterOrigin(name: name, link: shown)
      values[name] = try Self.value(
        parameter.kind == .flag && text.isEmpty ? "on" : text, for: parameter, source: origin, language: language)
    }
    if let missing = command.parameters.first(where: { $0.isRequired && values[$0.name] == nil }) {
      throw UsageError(
        Strings.errorLinkMissingParameter(link: shown, name: missing.name, template: Usage.linkTemplate(command)))
    }
    return try command.route(ParsedValues(values, language: language))
  }

  // MARK: Writing

  /// The words that reach a route written as `invocation`: path, arguments in order, then options.
  func words(for invocation: CommandInvocation) -> [String] {
    guard let command = command(at: invocation.path) else { return invocation.path }
    let byName = Dictionary(invocation.values.map { ($0.name, $0.text) }) { _, last in last }
    var named: [String] = []
    for parameter in command.namedParameters {
      guard let text = byName[parameter.name] else { continue }
      switch parameter.kind {
      case .flag: if ValueFormat<Bool>.onOff.read(text) == true { named.append("--\(parameter.name)") }
      default: named.append("--\(parameter.name)=\(text)")
      }
    }
    let positionals = command.arguments.compactMap { byName[$0.name] }
    let needsSeparator = positionals.contains { OptionSyntax.looksLikeOption($0) || $0 == "--" }
    return invocation.path + named + (needsSeparator ? ["--"] : []) + positionals
  }
}

/// How options are written: `--name`, `--name=value`, `-h`.
enum OptionSyntax {
  /// The options every program has, whatever it declares.
  static let builtIn = ["--help", "-h", "--version", "--generate-completion-script"]

  /// True for `--name…` and `-x` (a letter); `-5`, `-` and `--` are values.
  static func looksLikeOption(_ token: String) -> Bool {
    if token.hasPrefix("--") { return token.count > 2 }
    guard token.hasPrefix("-"), token.count >= 2 else { return false }
    return token.dropFirst().first?.isLetter ?? false
  }

  /// `--name=value` as (`--name`, `value`); any other token as itself without a value.
  static func split(_ token: String) -> (name: String, value: String?) {
    guard let equals = token.firstIndex(of: "=") else { return (token, nil) }
    return (String(token[..<equals]), String(token[token.index(after: equals)...]))
  }

  /// A flag is on when given alone; `--flag=off` (or false/no/0) turns it off.
  static func flagValue(_ name: String, inline: String?) throws(UsageError) -> Bool {
    guard let inline else { return true }
    guard let value = ValueFormat<Bool>.onOff.read(inline) else {
      throw UsageError(Strings.errorFlagValue(flag: InertText(name)))
    }
    return value
  }
}
