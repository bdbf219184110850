// untranslated-file: shell code, not prose
/// The menu's completion script for bash.
let completionScript = """
  complete -W "show quit" menu
  """
