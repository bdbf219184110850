/// Edits of the READMEs that list modules: the project README's table of the layers (a row
/// `| Domain | `Domain/` | <modules> | <what lives there> |`) and a layer's README (`- `Name`: …` bullets).
/// A README without the row or the list is left as it is.
enum ReadmeEditor {
  /// `readme` with `addition` (e.g. ``, `Greenhouse` ``) appended to the modules cell of `layer`'s row.
  static func addingToLayerTable(_ addition: String, layer: String, in readme: String) -> String {
    var lines = readme.components(separatedBy: "\n")
    guard let index = lines.firstIndex(where: { $0.hasPrefix("| \(layer) |") }) else { return readme }
    var cells = lines[index].components(separatedBy: "|")
    // "", " Domain ", " `Domain/` ", " modules ", " what ", "": the modules are the third cell.
    guard cells.count >= 5 else { return readme }
    let modules = cells[3].trimmingCharacters(in: .whitespaces)
    cells[3] = " \(modules)\(addition) "
    lines[index] = cells.joined(separator: "|")
    return lines.joined(separator: "\n")
  }

  /// `readme` with `bullet` (one line, `- `Name`: …`) after the last bullet of its last list of
  /// modules (a line starting with ``- ` `` and its indented continuation lines); at the end when it has none.
  static func addingBullet(_ bullet: String, to readme: String) -> String {
    var lines = readme.components(separatedBy: "\n")
    guard var last = lines.lastIndex(where: { $0.hasPrefix("- `") }) else {
      while lines.last == "" { lines.removeLast() }
      return (lines + ["", bullet]).joined(separator: "\n") + "\n"
    }
    while last + 1 < lines.count, lines[last + 1].hasPrefix("  "), !lines[last + 1].hasPrefix("  -") { last += 1 }
    lines.insert(bullet, at: last + 1)
    return lines.joined(separator: "\n")
  }
}
