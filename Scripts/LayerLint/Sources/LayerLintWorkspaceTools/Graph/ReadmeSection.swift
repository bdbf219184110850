/// The generated Mermaid section of a README, between `<!-- module-graph:begin -->` and `<!-- module-graph:end -->`.
enum ReadmeSection {
  static let beginMarker = "<!-- module-graph:begin -->"
  static let endMarker = "<!-- module-graph:end -->"

  /// The section body: a fenced mermaid block, between the markers.
  static func block(mermaid: String) -> String {
    "\(beginMarker)\n```mermaid\n\(mermaid)```\n\(endMarker)"
  }

  /// The text between the markers (markers included), or `nil` when they are missing or out of order.
  static func currentBlock(in readme: String) -> Substring? {
    guard let begin = readme.range(of: beginMarker),
      let end = readme.range(of: endMarker, range: begin.upperBound..<readme.endIndex)
    else { return nil }
    return readme[begin.lowerBound..<end.upperBound]
  }

  /// `readme` with the section replaced, or appended under a heading when it has none.
  static func updating(_ readme: String, mermaid: String) -> String {
    let fresh = block(mermaid: mermaid)
    guard let current = currentBlock(in: readme) else {
      let separator = readme.isEmpty ? "" : (readme.hasSuffix("\n") ? "\n" : "\n\n")
      return readme + separator + "## Module graph\n\n" + fresh + "\n"
    }
    return readme.replacingCharacters(in: current.startIndex..<current.endIndex, with: fresh)
  }
}
