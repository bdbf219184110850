/// The options that apply to every command.
struct GlobalOptions: Equatable, Sendable {
  var dataDirectory: String?
  var houston: String?
  var suit: String?
  var logLevel: String?
  var noColor = false
}

/// What the user asked for, parsed from the command line.
enum Invocation: Equatable, Sendable {
  /// The interactive app, optionally starting at a deep link (`open <link>`).
  case interactive(GlobalOptions, startLink: String?)
  /// One scripted command, opened as a deep link.
  case command(GlobalOptions, link: String, parameters: [String: String], json: Bool)
  /// Help text to print on stdout, then exit 0.
  case help(String)
  case version
}

/// A command line that cannot be run, with the one line that says how to fix it.
struct UsageError: Error, Equatable {
  let message: String
}

/// Turns `CommandLine.arguments.dropFirst()` into an ``Invocation``.
///
/// Global options may stand anywhere; `--name=value` and `--name value` are both accepted.
enum InvocationParser {
  static let valueOptions: Set<String> = ["--data-dir", "--houston", "--suit", "--log-level"]

  static func parse(_ arguments: [String]) throws(UsageError) -> Invocation {
    var globals = GlobalOptions()
    var words: [String] = []
    var wantsHelp = false
    var index = arguments.startIndex
    var onlyPositionals = false
    while index < arguments.endIndex {
      var argument = arguments[index]
      index += 1
      if !onlyPositionals && argument == "-h" {
        wantsHelp = true
        continue
      }
      if onlyPositionals || !argument.hasPrefix("--") || argument == "--" {
        // `--` ends options for the whole line; the command parser sees it too.
        if argument == "--" && !onlyPositionals {
          onlyPositionals = true
          if words.isEmpty { continue }  // nothing to end for the command yet
        }
        words.append(argument)
        continue
      }
      let inlineValue: String?
      (argument, inlineValue) = splitInlineValue(argument)
      if valueOptions.contains(argument) {
        let value: String
        if let inlineValue {
          value = inlineValue
        } else {
          guard index < arguments.endIndex else { throw UsageError(message: "\(argument) needs a value") }
          value = arguments[index]
          index += 1
        }
        switch argument {
        case "--data-dir":
          // An empty value would silently mean "the default directory": refuse it instead.
          guard !value.isEmpty else {
            throw UsageError(message: "--data-dir needs a directory, e.g. --data-dir /tmp/iss")
          }
          globals.dataDirectory = value
        case "--houston": globals.houston = value
        case "--suit": globals.suit = value
        default: globals.logLevel = value
        }
      } else if argument == "--no-color" {
        globals.noColor = true
      } else if argument == "--help" {
        wantsHelp = true
      } else if argument == "--version" {
        return .version
      } else {
        // A command option: keep it (with its inline value) for the command's own parser.
        words.append(arguments[index - 1])
      }
    }
    return try route(words, globals: globals, wantsHelp: wantsHelp)
  }

  private static func route(_ words: [String], globals: GlobalOptions, wantsHelp: Bool) throws(UsageError) -> Invocation
  {
    let words = try commandFirst(words)
    guard let first = words.first else {
      return wantsHelp ? .help(HelpText.main) : .interactive(globals, startLink: nil)
    }
    if first == "help" {
      return .help(words.count > 1 ? try helpFor(Array(words.dropFirst())) : HelpText.main)
    }
    if first == "open" {
      if wantsHelp { return .help(HelpText.open) }
      guard words.count == 2 else {
        throw UsageError(message: "'open' takes one deep link, e.g. 'cosmonaut open spacesuit/telemetry'")
      }
      return .interactive(globals, startLink: words[1])
    }
    guard let spec = CommandCatalog.match(words) else {
      if CommandCatalog.groups.contains(first) {
        if wantsHelp { return .help(try helpFor([first])) }
        let choices = CommandCatalog.commands.filter { $0.words.first == first }.map { $0.words.joined(separator: " ") }
        let given =
          words.count > 1
          ? "unknown command \"\(words.prefix(2).joined(separator: " "))\"" : "'\(first)' needs a sub-command"
        throw UsageError(message: "\(given); try one of: \(choices.joined(separator: ", "))")
      }
      throw UsageError(message: "unknown command \"\(first)\". Run 'cosmonaut --help' for the list of commands")
    }
    if wantsHelp { return .help(spec.help) }
    return try command(spec, rest: Array(words.dropFirst(spec.words.count)), globals: globals)
  }

  /// `--name=value` as (`--name`, `value`); any other argument as itself without a value.
  private static func splitInlineValue(_ argument: String) -> (flag: String, value: String?) {
    guard let equals = argument.firstIndex(of: "=") else { return (argument, nil) }
    return (String(argument[..<equals]), String(argument[argument.index(after: equals)...]))
  }

  private static func command(
    _ spec: CommandSpec, rest: [String], globals: GlobalOptions
  ) throws(UsageError)
    -> Invocation
  {
    var parameters: [String: String] = [:]
    var positionals: [String] = []
    var json = false
    var index = rest.startIndex
    var onlyPositionals = false
    while index < rest.endIndex {
      var argument = rest[index]
      index += 1
      if argument == "--" && !onlyPositionals {
        onlyPositionals = true
        continue
      }
      guard !onlyPositionals, argument.hasPrefix("--"), argument.count > 2 else {
        positionals.append(argument)
        continue
      }
      if argument == "--json" {
        guard spec.allowsJSON else {
          throw UsageError(message: "'\(spec.words.joined(separator: " "))' has no --json output")
        }
        json = true
        continue
      }
      let inlineValue: String?
      (argument, inlineValue) = splitInlineValue(argument)
      guard let option = spec.options.first(where: { $0.flag == argument }) else {
        throw UsageError(
          message: "unknown option \(argument) for '\(spec.words.joined(separator: " "))'. Usage: \(spec.usage)")
      }
      if let inlineValue {
        parameters[option.parameter] = inlineValue
      } else {
        guard index < rest.endIndex else {
          throw UsageError(message: "\(option.flag) needs a value. Usage: \(spec.usage)")
        }
        parameters[option.parameter] = rest[index]
        index += 1
      }
    }
    guard positionals.count <= spec.arguments.count else {
      throw UsageError(message: "unexpected argument \"\(positionals[spec.arguments.count])\". Usage: \(spec.usage)")
    }
    guard positionals.count == spec.arguments.count else {
      let missing = spec.argumentLabels[positionals.count]
      throw UsageError(message: "missing \(missing). Usage: \(spec.usage)")
    }
    for (name, value) in zip(spec.arguments, positionals) { parameters[name] = value }
    return .command(globals, link: spec.link, parameters: parameters, json: json)
  }

  /// Command options given before the command (`cosmonaut --json health`) move behind it; an
  /// option that takes a separate value cannot be told from the command there, so it is refused.
  private static func commandFirst(_ words: [String]) throws(UsageError) -> [String] {
    let leading = words.prefix { $0.hasPrefix("--") && $0 != "--" }
    guard !leading.isEmpty, leading.count < words.count else { return words }
    if let valued = leading.first(where: { $0 != "--json" && !$0.contains("=") }) {
      throw UsageError(
        message: "\(valued) belongs after the command, e.g. 'cosmonaut profile set \(valued) VALUE'")
    }
    return Array(words.dropFirst(leading.count)) + leading
  }

  private static func helpFor(_ words: [String]) throws(UsageError) -> String {
    if words == ["open"] { return HelpText.open }
    if let spec = CommandCatalog.match(words) { return spec.help }
    let group = CommandCatalog.commands.filter { $0.words.first == words.first }
    guard !group.isEmpty else {
      throw UsageError(
        message: "no help for \"\(words.joined(separator: " "))\"; run 'cosmonaut --help' for the list of commands")
    }
    return (["Commands:"] + group.map { "  " + $0.usage + "\n      " + $0.summary }).joined(separator: "\n")
  }
}
