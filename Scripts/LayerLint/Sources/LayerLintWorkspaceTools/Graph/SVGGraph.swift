import Foundation

/// The module graph as a self-contained SVG picture: one row per layer (top layer first), a box per
/// module, an arrow per dependency. No JavaScript and no external renderer, so a static page can
/// embed it as it is.
struct SVGGraph {
  let graph: ModuleGraph
  /// Modules drawn emphasised (a layer's page highlights its own).
  var highlighted: Set<String> = []
  /// Where each module's box links to, if anywhere.
  var links: [String: String] = [:]

  private static let rowHeight = 90.0
  private static let boxHeight = 30.0
  private static let gap = 18.0
  private static let labelWidth = 90.0
  private static let margin = 12.0

  private struct Box {
    let x: Double
    let y: Double
    let width: Double
    var centerX: Double { x + width / 2 }
  }

  /// The width of a module's box: its name at about 7.4 px a character, plus padding.
  private static func width(of name: String) -> Double { Double(name.count) * 7.4 + 20 }

  func render() -> String {
    let rows = graph.layers.map { layer in layer.modules.map { ($0, Self.width(of: $0)) } }
    let rowWidths = rows.map { row in row.reduce(0) { $0 + $1.1 } + Double(max(0, row.count - 1)) * Self.gap }
    let contentWidth = max(rowWidths.max() ?? 0, 200)
    let width = Self.labelWidth + contentWidth + 2 * Self.margin
    let height = Double(graph.layers.count) * Self.rowHeight + Self.margin
    var boxes: [String: Box] = [:]
    for (rowIndex, row) in rows.enumerated() {
      var x = Self.margin + Self.labelWidth + (contentWidth - rowWidths[rowIndex]) / 2
      let y = Self.margin + Double(rowIndex) * Self.rowHeight + (Self.rowHeight - Self.boxHeight) / 2 - 10
      for (name, boxWidth) in row {
        boxes[name] = Box(x: x, y: y, width: boxWidth)
        x += boxWidth + Self.gap
      }
    }
    var lines = [
      "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 \(Self.number(width)) \(Self.number(height))\" "
        + "width=\"\(Self.number(width))\" height=\"\(Self.number(height))\" role=\"img\" "
        + "aria-label=\"module graph\" font-family=\"-apple-system, Helvetica, Arial, sans-serif\" font-size=\"12\">",
      "<defs><marker id=\"arrow\" viewBox=\"0 0 10 10\" refX=\"10\" refY=\"5\" markerWidth=\"7\" markerHeight=\"7\" "
        + "orient=\"auto-start-reverse\"><path d=\"M 0 0 L 10 5 L 0 10 z\" fill=\"#8a8f98\"/></marker></defs>",
    ]
    for (rowIndex, layer) in graph.layers.enumerated() {
      let y = Self.margin + Double(rowIndex) * Self.rowHeight
      if rowIndex % 2 == 0 {
        lines.append(
          "<rect x=\"0\" y=\"\(Self.number(y - 6))\" width=\"\(Self.number(width))\" height=\"\(Self.number(Self.rowHeight))\" fill=\"#f6f7f9\"/>"
        )
      }
      lines.append(
        "<text x=\"\(Self.number(Self.margin))\" y=\"\(Self.number(y + Self.rowHeight / 2 - 10))\" font-weight=\"bold\" fill=\"#444\">\(Self.escape(layer.name))</text>"
      )
    }
    for edge in graph.edges {
      guard let from = boxes[edge.from], let to = boxes[edge.to] else { continue }
      let emphasised = highlighted.contains(edge.from) || highlighted.contains(edge.to)
      lines.append(
        "<line x1=\"\(Self.number(from.centerX))\" y1=\"\(Self.number(from.y + Self.boxHeight))\" "
          + "x2=\"\(Self.number(to.centerX))\" y2=\"\(Self.number(to.y))\" stroke=\"\(emphasised ? "#5b6470" : "#c3c7ce")\" "
          + "stroke-width=\"\(emphasised ? "1.4" : "1")\" marker-end=\"url(#arrow)\"><title>\(Self.escape(edge.from)) → \(Self.escape(edge.to))</title></line>"
      )
    }
    for layer in graph.layers {
      for name in layer.modules {
        guard let box = boxes[name] else { continue }
        let isHighlighted = highlighted.contains(name)
        var shape =
          "<rect x=\"\(Self.number(box.x))\" y=\"\(Self.number(box.y))\" width=\"\(Self.number(box.width))\" "
          + "height=\"\(Self.number(Self.boxHeight))\" rx=\"6\" fill=\"\(isHighlighted ? "#1f6feb" : "#ffffff")\" "
          + "stroke=\"\(isHighlighted ? "#1f6feb" : "#8a8f98")\"/>"
          + "<text x=\"\(Self.number(box.centerX))\" y=\"\(Self.number(box.y + 19))\" text-anchor=\"middle\" "
          + "fill=\"\(isHighlighted ? "#ffffff" : "#1d2125")\">\(Self.escape(name))</text>"
        if let link = links[name] { shape = "<a href=\"\(Self.escape(link))\">\(shape)</a>" }
        lines.append(shape)
      }
    }
    lines.append("</svg>")
    return lines.joined(separator: "\n") + "\n"
  }

  private static func number(_ value: Double) -> String {
    value == value.rounded() ? String(Int(value)) : String(format: "%.1f", value)
  }

  /// Escapes text for XML content and attribute values.
  static func escape(_ text: String) -> String {
    text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
      .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
  }
}
