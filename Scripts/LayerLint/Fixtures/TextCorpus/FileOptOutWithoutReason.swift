// finding below
// untranslated-file:
import Foundation

let script = "set -l skip 0"
