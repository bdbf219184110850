import Foundation

let script = "set -l skip 0"  // finding
// untranslated-file: too late  // finding
