/// Renders a `ModuleGraph` as Mermaid, DOT or statistics.
enum GraphRenderer {
  /// `flowchart TB` with one subgraph per layer, top layer first.
  static func mermaid(_ graph: ModuleGraph) -> String {
    var lines = ["flowchart TB"]
    for layer in graph.layers {
      lines.append("  subgraph layer_\(layer.name) [\(layer.name)]")
      lines.append("    direction LR")
      lines += layer.modules.map { "    \($0)" }
      lines.append("  end")
    }
    lines += graph.edges.map { "  \($0.from) --> \($0.to)" }
    return lines.joined(separator: "\n") + "\n"
  }

  /// A Graphviz digraph with one cluster per layer.
  static func dot(_ graph: ModuleGraph) -> String {
    var lines = ["digraph modules {", "  rankdir=TB;", "  node [shape=box];"]
    for layer in graph.layers {
      lines.append("  subgraph \"cluster_\(layer.name)\" {")
      lines.append("    label=\"\(layer.name)\";")
      lines += layer.modules.map { "    \"\($0)\";" }
      lines.append("  }")
    }
    lines += graph.edges.map { "  \"\($0.from)\" -> \"\($0.to)\";" }
    lines.append("}")
    return lines.joined(separator: "\n") + "\n"
  }

  /// Height, the longest path, and each module's layer, fan-in and fan-out.
  static func stats(_ graph: ModuleGraph) -> String {
    let fanIn = graph.fanIn
    let fanOut = graph.fanOut
    var lines = [
      "modules: \(graph.modules.count)", "edges: \(graph.edges.count)",
      "height: \(graph.height) (\(graph.longestPath.joined(separator: " -> ")))", "",
    ]
    let width = max(6, graph.modules.map(\.count).max() ?? 0)
    let layerWidth = max(5, graph.layers.map(\.name.count).max() ?? 0)
    lines.append(pad("module", width) + "  " + pad("layer", layerWidth) + "  fan-in  fan-out")
    for layer in graph.layers {
      for module in layer.modules {
        lines.append(
          pad(module, width) + "  " + pad(layer.name, layerWidth) + "  " + pad("\(fanIn[module] ?? 0)", 6) + "  "
            + "\(fanOut[module] ?? 0)")
      }
    }
    return lines.joined(separator: "\n") + "\n"
  }

  private static func pad(_ text: String, _ width: Int) -> String {
    text + String(repeating: " ", count: max(0, width - text.count))
  }
}
