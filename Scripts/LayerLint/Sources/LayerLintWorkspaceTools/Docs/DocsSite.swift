import Foundation

/// The hand-written part of the documentation site: a landing page for the workspace and one per
/// layer, each with the module graph (the layer's modules highlighted), linking to every module's
/// DocC pages under `modules/<Module>/`.
struct DocsSite {
  /// One module as the landing pages show it.
  struct Module: Sendable {
    let name: String
    let layer: String
    let summary: String
    let owners: [String]
    let dependencies: [String]
    let dependents: [String]
    /// Whether DocC pages exist for it (library modules).
    let isDocumented: Bool
  }

  let title: String
  let graph: ModuleGraph
  let modules: [Module]
  /// Layers whose public API is enforced.
  let documentedLayers: [String]

  /// `modules/Network/documentation/network/`, relative to the site root.
  static func documentationPath(of module: String) -> String {
    "modules/\(module)/documentation/\(module.lowercased())/"
  }

  /// `layers/core/`, relative to the site root.
  static func layerPath(of layer: String) -> String { "layers/\(layer.lowercased())/" }

  /// Path → HTML of every landing page.
  func pages() -> [(path: String, html: String)] {
    [("index.html", index())]
      + graph.layers.map { layer in (Self.layerPath(of: layer.name) + "index.html", page(for: layer.name)) }
  }

  private func index() -> String {
    var body = ["<h1>\(escape(title))</h1>"]
    body.append(
      "<p>The modules of the workspace by layer. Dependencies point downward only; each box links to the module's documentation.</p>"
    )
    body.append(graphFigure(highlighted: [], linkPrefix: ""))
    for layer in graph.layers {
      let enforced = documentedLayers.contains(layer.name) ? " <span class=\"tag\">API fully documented</span>" : ""
      body.append(
        "<h2><a href=\"\(Self.layerPath(of: layer.name))\">\(escape(layer.name))</a>\(enforced)</h2>")
      body.append(moduleList(layer.name, linkPrefix: ""))
    }
    return document(title: title, body: body)
  }

  private func page(for layer: String) -> String {
    let prefix = "../../"
    var body = [
      "<p class=\"crumb\"><a href=\"\(prefix)index.html\">\(escape(title))</a></p>",
      "<h1>The \(escape(layer)) layer</h1>",
    ]
    if documentedLayers.contains(layer) {
      body.append(
        "<p>Every public symbol of these modules is documented and every symbol link resolves (checked by <code>Scripts/docs</code>).</p>"
      )
    }
    let members = Set(modules.filter { $0.layer == layer }.map(\.name))
    body.append(graphFigure(highlighted: members, linkPrefix: prefix))
    body.append(moduleList(layer, linkPrefix: prefix, detailed: true))
    return document(title: "\(layer) — \(title)", body: body)
  }

  private func graphFigure(highlighted: Set<String>, linkPrefix: String) -> String {
    var links: [String: String] = [:]
    for module in modules where module.isDocumented {
      links[module.name] = linkPrefix + Self.documentationPath(of: module.name)
    }
    return "<figure class=\"graph\">\(SVGGraph(graph: graph, highlighted: highlighted, links: links).render())</figure>"
  }

  private func moduleList(_ layer: String, linkPrefix: String, detailed: Bool = false) -> String {
    var items: [String] = []
    for module in modules where module.layer == layer {
      let name =
        module.isDocumented
        ? "<a href=\"\(linkPrefix)\(Self.documentationPath(of: module.name))\"><code>\(escape(module.name))</code></a>"
        : "<code>\(escape(module.name))</code>"
      var item = "<li>\(name) — \(inline(module.summary))"
      if detailed {
        item += "<dl>"
        item +=
          "<dt>Owners</dt><dd>\(module.owners.isEmpty ? "none" : module.owners.map(escape).joined(separator: ", "))</dd>"
        item += "<dt>Depends on</dt><dd>\(names(module.dependencies))</dd>"
        item += "<dt>Used by</dt><dd>\(names(module.dependents))</dd>"
        item += "</dl>"
      }
      items.append(item + "</li>")
    }
    return "<ul class=\"modules\">\n" + items.joined(separator: "\n") + "\n</ul>"
  }

  private func names(_ list: [String]) -> String {
    list.isEmpty ? "nothing" : list.map { "<code>\(escape($0))</code>" }.joined(separator: ", ")
  }

  private func document(title: String, body: [String]) -> String {
    """
    <!doctype html>
    <html lang="en">
    <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <title>\(escape(title))</title>
    <style>
    body { font: 15px/1.5 -apple-system, Helvetica, Arial, sans-serif; max-width: 1100px; margin: 2em auto; padding: 0 1em; color: #1d2125; }
    a { color: #0a58ca; text-decoration: none; } a:hover { text-decoration: underline; }
    code { font: 13px ui-monospace, Menlo, monospace; }
    .graph { overflow-x: auto; margin: 1em 0; } .graph svg { max-width: 100%; height: auto; }
    .tag { font-size: 12px; font-weight: normal; background: #e7f0ff; color: #1f6feb; border-radius: 4px; padding: 1px 6px; }
    .modules li { margin: .5em 0; } dl { display: grid; grid-template-columns: max-content auto; gap: 0 1em; margin: .3em 0 0 1em; font-size: 13px; }
    dt { color: #666; } dd { margin: 0; } .crumb { font-size: 13px; }
    </style>
    </head>
    <body>
    \(body.joined(separator: "\n"))
    </body>
    </html>

    """
  }

  private func escape(_ text: String) -> String { SVGGraph.escape(text) }

  /// Escaped text with `code` spans.
  private func inline(_ text: String) -> String {
    let parts = escape(text).components(separatedBy: "`")
    return parts.enumerated().map { $0.offset % 2 == 1 ? "<code>\($0.element)</code>" : $0.element }.joined()
  }

  /// The first paragraph of a module README after its headings, on one line, without DocC link syntax.
  static func summary(ofReadme text: String) -> String {
    var paragraph: [String] = []
    for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
      let trimmed = line.trimmingCharacters(in: .whitespaces)
      if trimmed.hasPrefix("#") || (trimmed.isEmpty && paragraph.isEmpty) { continue }
      if trimmed.isEmpty || trimmed.hasPrefix("```") || trimmed.hasPrefix("|") { break }
      paragraph.append(trimmed)
    }
    return paragraph.joined(separator: " ").replacingOccurrences(of: "``", with: "`")
  }
}
