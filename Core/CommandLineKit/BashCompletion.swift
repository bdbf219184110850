// untranslated-file: shell code, not prose
import FoundationEssentials
import Localization

/// The bash completion script (`complete -F`), also the word-finding core the zsh script reuses.
struct BashCompletion {
  let model: CompletionModel

  var text: String {
    let name = model.identifier
    return """
      # bash completion for \(model.program); load it with: source <(\(model.program) --generate-completion-script bash)
      \(Self.sharedFunctions(model))
      _\(name)() {
        local cur="${COMP_WORDS[COMP_CWORD]}" prev=""
        (( COMP_CWORD > 0 )) && prev="${COMP_WORDS[COMP_CWORD-1]}"
        _\(name)_scan "${COMP_WORDS[@]:1:COMP_CWORD-1}"
        local reply=""
        case "$prev" in
      \(valueCases)
        esac
        if [[ "$cur" == -* ]]; then
          case "$_\(name)_path" in
      \(optionCases)
          esac
          COMPREPLY=( $(compgen -W "$reply \(model.globalOptions.map(\.name).joined(separator: " "))" -- "$cur") )
          return
        fi
        case "$_\(name)_path" in
      \(wordCases)
        esac
        COMPREPLY=( $(compgen -W "$reply" -- "$cur") )
      }
      complete -F _\(name) \(model.program)

      """
  }

  /// `_<name>_canonical`, `_<name>_takes_value` and `_<name>_scan`, which sets `_<name>_path` (the
  /// canonical command path so far) and `_<name>_args` (how many arguments follow it). Valid bash and zsh.
  static func sharedFunctions(_ model: CompletionModel) -> String {
    let name = model.identifier
    let canonicalCases = model.spellingsByPath.map { canonical, spellings in
      "    " + spellings.map(ShellQuote.double).joined(separator: "|") + ") echo \(ShellQuote.double(canonical)) ;;"
    }.joined(separator: "\n")
    let valued = model.valuedOptions.map(\.name).joined(separator: "|")
    return """
      _\(name)_canonical() {
        case "$1" in
      \(canonicalCases)
          *) return 1 ;;
        esac
      }
      _\(name)_takes_value() {
        case "$1" in
          \(valued.isEmpty ? "--" : valued)) return 0 ;;
          *) return 1 ;;
        esac
      }
      _\(name)_scan() {
        _\(name)_path=""
        _\(name)_args=0
        local word candidate skip=0
        for word in "$@"; do
          if (( skip )); then skip=0; continue; fi
          case "$word" in
            --*=*) continue ;;
            -*) _\(name)_takes_value "$word" && skip=1; continue ;;
          esac
          if (( _\(name)_args == 0 )) && candidate="$(_\(name)_canonical "${_\(name)_path:+$_\(name)_path }$word")"; then
            _\(name)_path="$candidate"
          else
            _\(name)_args=$(( _\(name)_args + 1 ))
          fi
        done
      }
      """
  }

  private var valueCases: String {
    model.valuedOptions.map { option in
      "    \(option.name)) " + Self.reply(for: option.completion) + " ;;"
    }.joined(separator: "\n")
  }

  private var optionCases: String {
    model.commandOptions.filter { !$0.options.isEmpty }.map { path, options in
      "      \(ShellQuote.double(path))) reply=\(ShellQuote.double(options.map(\.name).joined(separator: " "))) ;;"
    }.joined(separator: "\n")
  }

  private var wordCases: String {
    var cases = model.children.map { path, choices in
      "    \(ShellQuote.double(path))) reply=\(ShellQuote.double(choices.map(\.word).joined(separator: " "))) ;;"
    }
    for (path, completions) in model.commandArguments where !completions.isEmpty {
      let positions = completions.enumerated().map { index, completion in
        "        \(index)) \(Self.reply(for: completion)) ;;"
      }.joined(separator: "\n")
      cases.append(
        "    \(ShellQuote.double(path)))\n      case $_\(model.identifier)_args in\n\(positions)\n      esac ;;")
    }
    return cases.joined(separator: "\n")
  }

  /// The bash statement that completes a value.
  private static func reply(for completion: Completion) -> String {
    switch completion {
    case .none: "COMPREPLY=(); return"
    case .values(let words):
      "COMPREPLY=( $(compgen -W \(ShellQuote.double(words.joined(separator: " "))) -- \"$cur\") ); return"
    case .files: "COMPREPLY=( $(compgen -f -- \"$cur\") ); return"
    case .directories: "COMPREPLY=( $(compgen -d -- \"$cur\") ); return"
    }
  }
}

/// Quoting for the shells' scripts.
enum ShellQuote {
  /// `"text"` with `"`, `\`, `$` and backquotes escaped (bash and zsh).
  static func double(_ text: String) -> String {
    var escaped = ""
    for character in text {
      if "\"\\$`".contains(character) { escaped.append("\\") }
      escaped.append(character)
    }
    return "\"\(escaped)\""
  }

  /// `'text'` for bash and zsh (`'` written as `'\''`).
  static func single(_ text: String) -> String {
    "'" + text.replacingEvery("'", with: "'\\''") + "'"
  }

  /// `'text'` for fish (`'` and `\` escaped with a backslash).
  static func fish(_ text: String) -> String {
    "'" + text.replacingEvery("\\", with: "\\\\").replacingEvery("'", with: "\\'") + "'"
  }
}
