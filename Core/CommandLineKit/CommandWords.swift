/// The words of a command path written with spaces (`"supplies list"`), empty ones left out, as
/// `split(separator: " ")` gives them. A loop over the bytes: the standard library's generic `split`
/// costs each start-up some 3,000 instructions a command the first time (`Scripts/bench`'s start-up
/// rows), and every command of every domain is declared at start-up.
func commandWords(_ path: String) -> [String] {
  var words: [String] = []
  var start = path.utf8.startIndex
  var index = start
  while index != path.utf8.endIndex {
    if path.utf8[index] == UInt8(ascii: " ") {
      if start != index { words.append(String(path[start..<index])) }
      start = path.utf8.index(after: index)
    }
    index = path.utf8.index(after: index)
  }
  if start != index { words.append(String(path[start..<index])) }
  return words
}
