// untranslated-file: shell code, not prose
/// The zsh completion script (`#compdef`), built on the same word-finding functions as bash's.
struct ZshCompletion {
  let model: CompletionModel

  var text: String {
    let name = model.identifier
    return """
      #compdef \(model.program)
      # zsh completion for \(model.program): save it as _\(model.program) in a directory on $fpath, or load it
      # with: source <(\(model.program) --generate-completion-script zsh)
      \(BashCompletion.sharedFunctions(model))
      _\(name)() {
        local cur=${words[CURRENT]} prev=${words[CURRENT-1]}
        _\(name)_scan "${(@)words[2,CURRENT-1]}"
        case $prev in
      \(valueCases)
        esac
        if [[ $cur == -* ]]; then
          local -a options
          case $_\(name)_path in
      \(optionCases)
          esac
          compadd -- $options \(model.globalOptions.map(\.name).joined(separator: " "))
          return
        fi
        local -a choices
        case $_\(name)_path in
      \(wordCases)
        esac
      }
      if [[ ${funcstack[1]-} == _\(name) ]]; then
        _\(name) "$@"
      else
        compdef _\(name) \(model.program)
      fi

      """
  }

  private var valueCases: String {
    model.valuedOptions.map { option in "    \(option.name)) \(Self.complete(option.completion)); return ;;" }
      .joined(separator: "\n")
  }

  private var optionCases: String {
    model.commandOptions.filter { !$0.options.isEmpty }.map { path, options in
      "      \(ShellQuote.double(path))) options=(\(options.map(\.name).joined(separator: " "))) ;;"
    }.joined(separator: "\n")
  }

  private var wordCases: String {
    var cases = model.children.map { path, choices in
      let described = choices.map { ShellQuote.single("\($0.word):\($0.help)") }.joined(separator: " ")
      return "    \(ShellQuote.double(path))) choices=(\(described)); _describe -t commands command choices ;;"
    }
    for (path, completions) in model.commandArguments where !completions.isEmpty {
      let positions = completions.enumerated().map { index, completion in
        "        \(index)) \(Self.complete(completion)) ;;"
      }.joined(separator: "\n")
      cases.append(
        "    \(ShellQuote.double(path)))\n      case $_\(model.identifier)_args in\n\(positions)\n      esac ;;")
    }
    return cases.joined(separator: "\n")
  }

  /// The zsh command that completes a value.
  private static func complete(_ completion: Completion) -> String {
    switch completion {
    case .none: "_message value"
    case .values(let words): "compadd -- " + words.map(ShellQuote.single).joined(separator: " ")
    case .files: "_files"
    case .directories: "_directories"
    }
  }
}
