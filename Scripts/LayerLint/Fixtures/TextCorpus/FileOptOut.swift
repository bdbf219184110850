// Shell completion scripts.
// untranslated-file: shell code, not prose
import Foundation

let script = "set -l skip 0"
let comment = "# bash completion for the program"
