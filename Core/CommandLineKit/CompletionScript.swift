import Localization

/// A shell that `--generate-completion-script` writes for.
public enum CompletionShell: String, CaseIterable, Sendable {
  /// GNU bash (`complete -F`).
  case bash
  /// zsh (`#compdef`, compsys).
  case zsh
  /// fish (`complete -c`).
  case fish
}

/// What every completion script needs to know about a program, in shell-neutral form.
struct CompletionModel {
  /// A word offered after a path, with its one-line description.
  struct Choice {
    let word: String
    let help: String
  }

  /// An option or flag with what its value completes to.
  struct OptionEntry {
    let name: String
    let takesValue: Bool
    let completion: Completion
    let help: String
  }

  /// The program's name.
  let program: String
  /// A name usable in shell function names (`cosmonaut-ru` → `cosmonaut_ru`).
  let identifier: String
  /// Every accepted spelling of a path (aliases included) and its canonical spelling.
  let spellings: [(spelling: String, canonical: String)]
  /// The words offered after each canonical path (`""` is the program itself).
  let children: [(path: String, choices: [Choice])]
  /// Global options and flags.
  let globalOptions: [OptionEntry]
  /// Each command's options and flags, by canonical path.
  let commandOptions: [(path: String, options: [OptionEntry])]
  /// Each command's positional arguments, in order, by canonical path.
  let commandArguments: [(path: String, completions: [Completion])]

  /// The model of `program`, descriptions in `translator`'s language.
  init<Route>(_ program: Program<Route>, translator: Translator) {
    self.program = program.name
    identifier = String(program.name.map { $0.isLetter || $0.isNumber ? $0 : "_" })
    let tree = program.tree
    var spellings: [(String, String)] = []
    for path in tree.allPaths {
      var variants: [[String]] = [[]]
      for depth in path.indices {
        let names = tree.names(of: Array(path.prefix(depth + 1)))
        variants = variants.flatMap { prefix in names.map { prefix + [$0] } }
      }
      for variant in variants { spellings.append((variant.joined(separator: " "), path.joined(separator: " "))) }
    }
    self.spellings = spellings
    var children: [(String, [Choice])] = []
    for path in [[]] + tree.allPaths {
      let names = tree.childNames(of: path)
      guard !names.isEmpty else { continue }
      let choices = names.map { name -> Choice in
        let child = path + [name]
        let help =
          tree.command(at: child)?.abstract ?? tree.groupAbstract(child)
          ?? Strings.helpGroupDefaultAbstract(group: name)
        return Choice(word: name, help: translator(help))
      }
      children.append(
        (
          path.joined(separator: " "),
          path.isEmpty ? choices + [Choice(word: "help", help: translator(Strings.helpHelpRowText))] : choices
        ))
    }
    self.children = children
    let entry = { (parameter: ParameterSpecification) in
      OptionEntry(
        name: "--\(parameter.name)", takesValue: parameter.kind == .option, completion: parameter.completion,
        help: translator(parameter.help))
    }
    globalOptions =
      program.options.map(entry) + [
        OptionEntry(
          name: "--generate-completion-script", takesValue: true,
          completion: .values(CompletionShell.allCases.map(\.rawValue)),
          help: translator(Strings.completionShellOption)),
        OptionEntry(
          name: "--version", takesValue: false, completion: .none, help: translator(Strings.helpVersionOption)),
        OptionEntry(name: "--help", takesValue: false, completion: .none, help: translator(Strings.helpHelpOption)),
      ]
    commandOptions = tree.commands.map { command in
      var options = command.namedParameters.map(entry)
      if command.printsJSON { options.append(entry(Flag.json.specification)) }
      return (command.name, options)
    }
    commandArguments = tree.commands.map { ($0.name, $0.arguments.map(\.completion)) }
  }

  /// The accepted spellings of each canonical path, in the order paths were first seen.
  var spellingsByPath: [(canonical: String, spellings: [String])] {
    var grouped: [(canonical: String, spellings: [String])] = []
    for (spelling, canonical) in spellings {
      if let index = grouped.firstIndex(where: { $0.canonical == canonical }) {
        grouped[index].spellings.append(spelling)
      } else {
        grouped.append((canonical, [spelling]))
      }
    }
    return grouped
  }

  /// For each command with arguments, a `case $<name>_args in … esac` branch (bash and zsh syntax)
  /// whose positions run `statement(completion)`.
  func argumentCases(_ statement: (Completion) -> String) -> [String] {
    commandArguments.filter { !$0.completions.isEmpty }.map { path, completions in
      let positions = completions.enumerated().map { index, completion in
        "        \(index)) \(statement(completion)) ;;"
      }.joined(separator: "\n")
      return "    \(ShellQuote.double(path)))\n      case $_\(identifier)_args in\n\(positions)\n      esac ;;"
    }
  }

  /// Every option that takes a value, global or of any command.
  var valuedOptions: [OptionEntry] {
    var seen = Set<String>()
    return (globalOptions + commandOptions.flatMap(\.options)).filter { $0.takesValue && seen.insert($0.name).inserted }
  }
}

/// The completion script of a program for one shell.
struct CompletionScript<Route: Sendable> {
  let program: Program<Route>
  let shell: CompletionShell
  /// The language of the descriptions.
  let language: Language

  var text: String {
    let model = CompletionModel(program, translator: Translator(language: language))
    switch shell {
    case .bash: return BashCompletion(model: model).text
    case .zsh: return ZshCompletion(model: model).text
    case .fish: return FishCompletion(model: model).text
    }
  }
}
