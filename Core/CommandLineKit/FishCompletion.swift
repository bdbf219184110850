/// The fish completion script (`complete -c`), with a function that finds the command path so far.
struct FishCompletion {
  let model: CompletionModel

  var text: String {
    let name = model.identifier
    var lines = [
      "# fish completion for \(model.program); load it with: \(model.program) --generate-completion-script fish | source",
      "function __\(name)_canonical",
      "    switch $argv[1]",
    ]
    for (canonical, spellings) in model.spellingsByPath {
      lines.append("        case " + spellings.map(ShellQuote.fish).joined(separator: " "))
      lines.append("            echo \(ShellQuote.fish(canonical))")
    }
    lines += [
      "    end",
      "end",
      "function __\(name)_state",
      "    set -l tokens (commandline -opc)",
      "    set -e tokens[1]",
      "    set -l cmdpath ''",
      "    set -l arguments 0",
      "    set -l skip 0",
      "    for word in $tokens",
      "        if test $skip -eq 1",
      "            set skip 0",
      "            continue",
      "        end",
      "        switch $word",
      "            case '--*=*'",
      "                continue",
      "            case '-*'",
      "                if contains -- $word \(model.valuedOptions.map(\.name).joined(separator: " "))",
      "                    set skip 1",
      "                end",
      "                continue",
      "        end",
      "        set -l canonical (__\(name)_canonical (string trim -- \"$cmdpath $word\"))",
      "        if test $arguments -eq 0 -a -n \"$canonical\"",
      "            set cmdpath $canonical",
      "        else",
      "            set arguments (math $arguments + 1)",
      "        end",
      "    end",
      "    echo \"$cmdpath|$arguments\"",
      "end",
      "function __\(name)_at",
      "    set -l state (__\(name)_state)",
      "    if test (count $argv) -ge 2",
      "        test \"$state\" = \"$argv[1]|$argv[2]\"",
      "    else",
      "        string match -q -- \"$argv[1]|*\" \"$state\"",
      "    end",
      "end",
      "complete -c \(model.program) -f",
    ]
    for option in model.globalOptions {
      lines.append("complete -c \(model.program) " + Self.option(option))
    }
    let help = model.globalOptions.first { $0.name == "--help" }?.help ?? ""
    lines.append("complete -c \(model.program) -s h -d \(ShellQuote.fish(help))")
    for (path, choices) in model.children {
      for choice in choices {
        lines.append(
          "complete -c \(model.program) -n \(ShellQuote.fish("__\(name)_at \(ShellQuote.double(path))")) "
            + "-a \(ShellQuote.fish(choice.word)) -d \(ShellQuote.fish(choice.help))")
      }
    }
    for (path, options) in model.commandOptions {
      for option in options {
        lines.append(
          "complete -c \(model.program) -n \(ShellQuote.fish("__\(name)_at \(ShellQuote.double(path))")) "
            + Self.option(option))
      }
    }
    for (path, completions) in model.commandArguments {
      for (index, completion) in completions.enumerated() {
        let condition = ShellQuote.fish("__\(name)_at \(ShellQuote.double(path)) \(index)")
        switch completion {
        case .none: continue
        case .values(let words):
          lines.append(
            "complete -c \(model.program) -n \(condition) -a \(ShellQuote.fish(words.joined(separator: " ")))")
        case .files: lines.append("complete -c \(model.program) -n \(condition) -F")
        case .directories:
          lines.append("complete -c \(model.program) -n \(condition) -a '(__fish_complete_directories)'")
        }
      }
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// The `-l name …` part of a `complete` line for an option.
  private static func option(_ option: OptionEntry) -> String {
    var parts = ["-l \(option.name.dropFirst(2))"]
    if option.takesValue {
      switch option.completion {
      case .none: parts.append("-x")
      case .values(let words): parts.append("-x -a \(ShellQuote.fish(words.joined(separator: " ")))")
      case .files: parts.append("-r -F")
      case .directories: parts.append("-x -a '(__fish_complete_directories)'")
      }
    }
    parts.append("-d \(ShellQuote.fish(option.help))")
    return parts.joined(separator: " ")
  }

  private typealias OptionEntry = CompletionModel.OptionEntry
}
