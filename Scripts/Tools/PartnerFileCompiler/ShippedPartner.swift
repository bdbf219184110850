import Foundation
import StyleSchemaReading

/// A shipped partner file (`Partners/<id>.json`) as a `PartnerConfiguration` expression, checked
/// here as the module checks a partner file it reads: the id is the file's name, the name one line,
/// the base styles the framework's elements, the providers names — and every toggle and screen one
/// that a module of the package declares (`declarations`), each screen styling only the elements it
/// shows. A package that declares nothing (the lower layers exported alone) checks the form only.
@MainActor func partnerValue(
  _ text: String, id: String, file: String, schema: FrameworkSchema, declarations: PackageDeclarations
) -> String {
  guard let partner = (try? JSONSerialization.jsonObject(with: Data(text.utf8))) as? [String: Any] else {
    problems.append("\(file): expected a JSON object (a partner configuration)")
    return ""
  }
  refuseUnknownKeys(partner, known: ["id", "name", "theme", "features", "analytics"], at: "", file: file)
  if partner["id"] as? String != id {
    problems.append("\(file): id: expected \"\(id)\", the file's name")
  }
  let name = partner["name"] as? String ?? ""
  if name.allSatisfy(\.isWhitespace) || name.contains(where: \.isNewline) {
    problems.append("\(file): name: expected the name people read, on one line")
  }
  let checksNames = !declarations.isEmpty
  var base = "[:]"
  var screenStyles: [String] = []
  if let theme = object(partner, "theme", at: "", file: file) {
    refuseUnknownKeys(theme, known: ["base", "screens"], at: "theme.", file: file)
    if let styles = object(theme, "base", at: "theme.", file: file) {
      for element in schema.elements where element.required && styles[element.name] == nil {
        problems.append("\(file): theme.base.\(element.name): missing (every partner styles it)")
      }
      base = styleMap(styles, allowed: schema.elementNames, at: "theme.base", file: file)
    }
    let screenObjects = theme["screens"] == nil ? [:] : object(theme, "screens", at: "theme.", file: file) ?? [:]
    for screenName in screenObjects.keys.sorted() {
      let declared = declarations.screen(screenName)
      guard isName(screenName), declared != nil || !checksNames else {
        problems.append(
          "\(file): theme.screens.\(screenName): no module of the package declares this screen (declared: "
            + "\(declarations.screenNames.joined(separator: ", ")))")
        continue
      }
      guard let styles = object(screenObjects, screenName, at: "theme.screens.", file: file) else { continue }
      let shown = declared?.elements ?? schema.elementNames
      screenStyles.append(
        "StyleScreen(\(literal(screenName))): "
          + styleMap(styles, allowed: shown, at: "theme.screens.\(screenName)", file: file))
    }
  }
  var toggles: [String] = []
  if partner["features"] != nil, let features = object(partner, "features", at: "", file: file) {
    for key in features.keys.sorted() {
      guard isName(key), isBoolean(features[key]) else {
        problems.append("\(file): features.\(key): expected true or false")
        continue
      }
      guard !checksNames || declarations.toggleNames.contains(key) else {
        problems.append(
          "\(file): features.\(key): no module of the package declares this toggle (declared: "
            + "\(declarations.toggleNames.joined(separator: ", ")))")
        continue
      }
      toggles.append("\(literal(key)): \(features[key] as? Bool == true)")
    }
  }
  var providers: [String] = []
  if let analytics = object(partner, "analytics", at: "", file: file) {
    refuseUnknownKeys(analytics, known: ["providers"], at: "analytics.", file: file)
    let names = analytics["providers"] as? [Any] ?? []
    if analytics["providers"] as? [Any] == nil || names.contains(where: { !isName($0 as? String ?? "") }) {
      problems.append("\(file): analytics.providers: expected a list of provider names")
    }
    for case let name as String in names where isName(name) && !providers.contains(".\(name)") {
      providers.append(".\(name)")
    }
  }
  let screensLiteral = screenStyles.isEmpty ? "[:]" : "[\(screenStyles.joined(separator: ", "))]"
  let togglesLiteral = toggles.isEmpty ? "[:]" : "[\(toggles.joined(separator: ", "))]"
  return """
    PartnerConfiguration(
            id: \(literal(id)), name: \(literal(name)),
            theme: PartnerTheme(base: \(base), screens: \(screensLiteral)),
            features: FeatureToggles(\(togglesLiteral)),
            analytics: AnalyticsSelection(providers: [\(providers.joined(separator: ", "))]))
    """
}

/// A partner's id (its file's name): lowercase letters, digits and hyphens.
func isPartnerID(_ text: String) -> Bool {
  !text.isEmpty && text.first != "-"
    && text.unicodeScalars.allSatisfy { ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "-" }
}

/// `enum ShippedPartners`: each file of `paths` (in `folder`, as messages name it) as it is written
/// and as the configuration it gives, and the catalogue of them the app hands to Scaffold.
@MainActor func shippedPartners(
  _ paths: [String], folder: String, schema: FrameworkSchema, declarations: PackageDeclarations
) -> String {
  var source = """
    // Generated by the PartnerFiles plugin from \(folder)/*.json; edit those, not this file.

    import PartnerConfiguration

    /// The partner files the app ships (\(folder)/), by id (the file's name): as they are written,
    /// and as the configurations they give, checked and made when the app was built.
    enum ShippedPartners {
      /// The catalogue the app hands to Scaffold: these partners, and what the package's modules declare.
      static let catalogue = PartnerCatalogue(
        ids: Array(files.keys), declared: .declaredInPackage, shipped: { configuration($0) })

      static let files: [String: String] = [

    """
  var ids: Set<String> = []
  var configurations: [String] = []
  for path in paths.sorted() {
    let url = URL(fileURLWithPath: path)
    let id = url.deletingPathExtension().lastPathComponent
    let file = "\(folder)/\(url.lastPathComponent)"
    guard isPartnerID(id) else {
      problems.append("\(file): a partner file is named by its id: lowercase letters, digits and hyphens")
      continue
    }
    guard ids.insert(id).inserted else { continue }
    do {
      let text = try String(contentsOf: url, encoding: .utf8)
      source += "    \(literal(id)): \(rawLiteral(text)),\n"
      let value = partnerValue(text, id: id, file: file, schema: schema, declarations: declarations)
      configurations.append("    case \(literal(id)):  // \(file)\n      return \(value)\n")
    } catch {
      problems.append("\(file): cannot be read as UTF-8 text (\(error.localizedDescription))")
    }
  }
  source += ids.isEmpty ? "    :\n" : ""
  source += "  ]\n\n  /// The configuration of the shipped partner `id`; nil for an id none has.\n"
  source += "  static func configuration(_ id: String) -> PartnerConfiguration? {\n    switch id {\n"
  source += configurations.joined() + "    default:\n      return nil\n    }\n  }\n}\n"
  return source + declarations.source
}
