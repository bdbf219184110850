/// Writes a module's public API, read from its symbol graph, as the text of its API file: one
/// declaration a line as the compiler prints it (attributes, `public`/`open`, `static`, generic
/// parameters and constraints, `async`/`throws`, `{ get set }`), grouped by type in a stable order.
///
/// - A type is a line at the start of a line, with its conformances (`public struct Profile : Codable`);
///   its members follow, indented by two spaces, sorted by kind and name; a nested type is a group of
///   its own named by its path (`public enum Supply.Kind`).
/// - Protocol requirements carry no access level (as in the protocol's body); one with a default
///   implementation in an extension of the protocol ends in `// has a default implementation`; other
///   members of the protocol's extensions are `public`.
/// - A conformance under conditions is a member line `extension Box : Equatable where T : Equatable`.
/// - Types of other modules that the module extends follow (`extension Swift.String`), then the free
///   functions, variables and type aliases.
struct APIRenderer {
  /// The module's name.
  let module: String
  let graph: SymbolGraph

  /// The mark after a requirement that an extension of its protocol implements.
  static let defaultImplementationMark = "// has a default implementation"

  /// Protocols every type conforms to without saying so; listing them would only add noise.
  static let implicitProtocols: Set<String> = ["Copyable", "Escapable", "SendableMetatype", "BitwiseCopyable"]

  private static let typeKinds: Set<String> = [
    "swift.struct", "swift.class", "swift.enum", "swift.protocol", "swift.actor",
  ]

  /// The API file's text: the header comment, then each group separated by a blank line.
  func render() -> String {
    let groups = self.groups()
    var lines = Self.header(module: module)
    for group in groups {
      lines.append("")
      lines.append(group.header)
      lines += group.members.map { "  " + $0 }
    }
    let loose = looseDeclarations()
    if !loose.isEmpty {
      lines.append("")
      lines += loose
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// The comment at the top of every API file.
  static func header(module: String) -> [String] {
    [
      "// The public API of \(module), one declaration a line (Scripts/README.md, \"api\"). Written by",
      "// `Scripts/api dump \(module)` from the built module; `Scripts/api check` fails when they differ.",
      "// A removed or changed line breaks the modules that import this one: their owners review it.",
    ]
  }

  // MARK: - Reading the graph

  private struct Index {
    var symbols: [String: SymbolGraph.Symbol] = [:]
    /// Member → the type or extension block it belongs to (`memberOf`, `requirementOf`).
    var parent: [String: String] = [:]
    var requirements: Set<String> = []
    /// Default implementation → the requirement it implements.
    var implements: [String: String] = [:]
    var conformances: [String: [(protocolName: String, constraints: [SymbolGraph.Constraint])]] = [:]
    var superclass: [String: String] = [:]
    /// Extension block → the type it extends.
    var extended: [String: String] = [:]
    /// Names of types outside the graph, from the relationships that point at them.
    var fallbackNames: [String: String] = [:]
  }

  private func index() -> Index {
    var index = Index()
    for symbol in graph.symbols where isAPI(symbol) { index.symbols[symbol.id] = symbol }
    for relationship in graph.relationships {
      if let fallback = relationship.targetFallback { index.fallbackNames[relationship.target] = fallback }
      switch relationship.kind {
      case "memberOf": index.parent[relationship.source] = relationship.target
      case "requirementOf", "optionalRequirementOf":
        index.parent[relationship.source] = relationship.target
        index.requirements.insert(relationship.source)
      case "defaultImplementationOf": index.implements[relationship.source] = relationship.target
      case "conformsTo":
        index.conformances[relationship.source, default: []].append(
          (relationship.target, relationship.swiftConstraints ?? []))
      case "inheritsFrom": index.superclass[relationship.source] = relationship.target
      case "extensionTo": index.extended[relationship.source] = relationship.target
      default: break
      }
    }
    return index
  }

  private func isAPI(_ symbol: SymbolGraph.Symbol) -> Bool {
    (symbol.accessLevel == "public" || symbol.accessLevel == "open") && symbol.spi != true
  }

  /// The name a type is shown by: its path in this module, else what the graph calls it (`Swift.Int`).
  private func name(of id: String, _ index: Index) -> String? {
    if let symbol = index.symbols[id] {
      if symbol.kindIdentifier == "swift.extension" { return extensionName(symbol, index) }
      return symbol.pathComponents.joined(separator: ".")
    }
    return index.fallbackNames[id]
  }

  private func extensionName(_ block: SymbolGraph.Symbol, _ index: Index) -> String {
    if let target = index.extended[block.id], let fallback = index.fallbackNames[target] { return fallback }
    let path = block.pathComponents.joined(separator: ".")
    return block.swiftExtension?.extendedModule.map { "\($0).\(path)" } ?? path
  }

  private func protocolName(_ id: String, _ index: Index) -> String? {
    guard let name = name(of: id, index) else { return nil }
    let short = name.hasPrefix("Swift.") ? String(name.dropFirst(6)) : name
    if Self.implicitProtocols.contains(short) { return nil }
    return name.hasPrefix("_Concurrency.") ? String(name.dropFirst(13)) : short
  }

  // MARK: - Groups

  private struct Group {
    var sortKey: (Int, String)
    var header: String
    var members: [String]
  }

  private enum Container: Hashable {
    /// A type of this module, by its identifier.
    case type(String)
    /// A type of another module, by name (`Swift.String`).
    case external(String)
    case none
  }

  /// Where a member belongs.
  private func container(of symbol: SymbolGraph.Symbol, _ index: Index) -> Container {
    var parent = index.parent[symbol.id]
    if parent == nil, let requirement = index.implements[symbol.id] { parent = index.parent[requirement] }
    if let parent {
      if let block = index.symbols[parent], block.kindIdentifier == "swift.extension" {
        if let target = index.extended[parent], index.symbols[target] != nil { return .type(target) }
        return .external(extensionName(block, index))
      }
      if index.symbols[parent] != nil { return .type(parent) }
      if let name = index.fallbackNames[parent] { return .external(name) }
    }
    guard let extensionInfo = symbol.swiftExtension, symbol.pathComponents.count > 1 else { return .none }
    let path = symbol.pathComponents.dropLast().joined(separator: ".")
    return .external(extensionInfo.extendedModule.map { "\($0).\(path)" } ?? path)
  }

  private func groups() -> [Group] {
    let index = self.index()
    var members: [Container: [(order: Int, name: String, line: String)]] = [:]
    var defaultImplemented = Set<String>()
    // Default implementations of this module's own requirements, without conditions, mark the requirement.
    for (implementation, requirement) in index.implements {
      guard let symbol = index.symbols[implementation], index.symbols[requirement] != nil,
        (symbol.swiftExtension?.constraints ?? []).isEmpty
      else { continue }
      defaultImplemented.insert(requirement)
    }
    for symbol in index.symbols.values where !Self.typeKinds.contains(symbol.kindIdentifier) {
      guard symbol.kindIdentifier != "swift.extension" else { continue }
      if let requirement = index.implements[symbol.id], defaultImplemented.contains(requirement) { continue }
      let container = container(of: symbol, index)
      guard container != .none else { continue }
      var line = memberLine(symbol, index, container: container)
      if defaultImplemented.contains(symbol.id) { line += "  " + Self.defaultImplementationMark }
      members[container, default: []].append((Self.order(of: symbol), symbol.pathComponents.last ?? "", line))
    }
    var groups: [Group] = []
    var externalConformances: [String: [(protocolName: String, constraints: [SymbolGraph.Constraint])]] = [:]
    for (source, list) in index.conformances {
      if let symbol = index.symbols[source], Self.typeKinds.contains(symbol.kindIdentifier) { continue }
      guard let name = name(of: source, index) else { continue }
      let extendedName = index.symbols[source].map { extensionName($0, index) } ?? name
      externalConformances[extendedName, default: []] += list
    }
    for symbol in index.symbols.values where Self.typeKinds.contains(symbol.kindIdentifier) {
      let path = symbol.pathComponents.joined(separator: ".")
      var (header, conditional) = typeHeader(symbol, index, path: path)
      header = header.isEmpty ? path : header
      let lines = Self.sorted(members[.type(symbol.id)] ?? []) + conditional
      groups.append(Group(sortKey: (0, path), header: header, members: lines))
    }
    var externalNames = Set(externalConformances.keys)
    for case .external(let name) in members.keys { externalNames.insert(name) }
    for name in externalNames {
      let (list, conditional) = conformanceLists(externalConformances[name] ?? [], index, extending: name)
      let header = "extension \(name)" + (list.isEmpty ? "" : " : " + list.joined(separator: ", "))
      groups.append(
        Group(
          sortKey: (1, name), header: header, members: Self.sorted(members[.external(name)] ?? []) + conditional))
    }
    return groups.sorted { $0.sortKey < $1.sortKey }
  }

  /// Functions, variables, type aliases and macros that belong to no type.
  private func looseDeclarations() -> [String] {
    let index = self.index()
    var lines: [(order: Int, name: String, line: String)] = []
    for symbol in index.symbols.values where !Self.typeKinds.contains(symbol.kindIdentifier) {
      guard symbol.kindIdentifier != "swift.extension", container(of: symbol, index) == .none else { continue }
      lines.append(
        (Self.order(of: symbol), symbol.pathComponents.last ?? "", declaration(symbol, access: symbol.accessLevel)))
    }
    return Self.sorted(lines)
  }

  private static func sorted(_ lines: [(order: Int, name: String, line: String)]) -> [String] {
    lines.sorted { ($0.order, $0.name, $0.line) < ($1.order, $1.name, $1.line) }.map(\.line)
  }

  /// Associated types, type aliases, cases, initializers, subscripts, properties, methods; static after instance.
  private static func order(of symbol: SymbolGraph.Symbol) -> Int {
    switch symbol.kindIdentifier {
    case "swift.associatedtype": 0
    case "swift.typealias": 1
    case "swift.enum.case": 2
    case "swift.init": 3
    case "swift.subscript": 4
    case "swift.type.subscript": 5
    case "swift.property", "swift.var": 6
    case "swift.type.property": 7
    case "swift.method", "swift.func": 8
    case "swift.type.method", "swift.func.op": 9
    default: 10
    }
  }

  // MARK: - Lines

  /// The type's own line (with its conformances that hold without conditions) and a member line for
  /// each conformance that holds under conditions.
  private func typeHeader(_ symbol: SymbolGraph.Symbol, _ index: Index, path: String) -> (String, [String]) {
    var line = declaration(symbol, access: symbol.accessLevel, name: path)
    guard symbol.kindIdentifier != "swift.protocol" else { return (line, []) }  // its fragments list what it refines
    var (list, conditional) = conformanceLists(
      index.conformances[symbol.id] ?? [], index, extending: path, under: symbol.swiftGenerics?.constraints ?? [])
    if let superclass = index.superclass[symbol.id], let name = name(of: superclass, index) {
      list.insert(name, at: 0)
    }
    if !list.isEmpty {
      let inheritance = " : " + list.joined(separator: ", ")
      if let whereRange = line.range(of: " where ") {
        line.insert(contentsOf: inheritance, at: whereRange.lowerBound)
      } else {
        line += inheritance
      }
    }
    return (line, conditional)
  }

  /// The protocols a type conforms to without conditions (sorted), and the lines of those under conditions.
  private func conformanceLists(
    _ conformances: [(protocolName: String, constraints: [SymbolGraph.Constraint])], _ index: Index,
    extending name: String, under own: [SymbolGraph.Constraint] = []
  ) -> ([String], [String]) {
    var plain = Set<String>()
    var conditional = Set<String>()
    for conformance in conformances {
      guard let protocolName = protocolName(conformance.protocolName, index) else { continue }
      // The type's own requirements hold everywhere; the conditions are what the extension adds.
      let constraints = Self.explicit(conformance.constraints).filter { !own.contains($0) }
      if constraints.isEmpty {
        plain.insert(protocolName)
      } else {
        let conditions = constraints.map(\.rendered).joined(separator: ", ")
        conditional.insert("extension \(name) : \(protocolName) where \(conditions)")
      }
    }
    return (plain.sorted(), conditional.sorted())
  }

  /// A member's line: its declaration, with the conditions of the extension that declares it.
  private func memberLine(_ symbol: SymbolGraph.Symbol, _ index: Index, container: Container) -> String {
    var isRequirement = index.requirements.contains(symbol.id)
    if case .type(let id) = container, index.symbols[id]?.kindIdentifier == "swift.protocol",
      symbol.kindIdentifier == "swift.associatedtype"
    {
      isRequirement = true
    }
    let access = isRequirement || symbol.kindIdentifier == "swift.enum.case" ? nil : symbol.accessLevel
    var line = declaration(symbol, access: access)
    var conditions = Self.explicit(symbol.swiftExtension?.constraints ?? [])
    if case .type(let id) = container, let own = index.symbols[id]?.swiftGenerics?.constraints {
      conditions.removeAll { own.contains($0) }
    }
    guard !conditions.isEmpty else { return line }
    let clause = conditions.map(\.rendered).joined(separator: ", ")
    var accessors = ""
    if let braces = line.range(of: " { get", options: .backwards), line.hasSuffix("}") {
      accessors = String(line[braces.lowerBound...])
      line = String(line[..<braces.lowerBound])
    }
    return line + (line.contains(" where ") ? ", " : " where ") + clause + accessors
  }

  /// The declaration as the compiler prints it, with its availability and access level, on one line;
  /// `name` replaces its identifier (a nested type's path).
  func declaration(_ symbol: SymbolGraph.Symbol, access: String?, name: String? = nil) -> String {
    var attributes: [String] = (symbol.availability ?? []).compactMap(Self.availability).sorted()
    let fragments = symbol.declarationFragments ?? []
    // The attributes the compiler prints come before the first keyword (`@MainActor` is `@` and `MainActor`).
    var body = fragments[...]
    if let keyword = fragments.firstIndex(where: { $0.kind == "keyword" }),
      fragments[..<keyword].allSatisfy({ $0.kind == "attribute" || $0.kind == "text" })
    {
      let printed = Self.collapsed(fragments[..<keyword].map(\.spelling).joined())
      if !printed.isEmpty { attributes.append(printed) }
      body = fragments[keyword...]
    }
    var rest = ""
    var named = false
    for fragment in body {
      if fragment.kind == "identifier", !named, let name {
        rest += name
        named = true
      } else {
        rest += fragment.spelling
      }
    }
    if rest.isEmpty { rest = symbol.pathComponents.joined(separator: ".") }
    return Self.collapsed((attributes + [access].compactMap { $0 } + [rest]).joined(separator: " "))
  }

  /// The constraints a person wrote: without `T : Copyable` and `T : Escapable`, which every generic
  /// parameter has unless it says `~Copyable`.
  private static func explicit(_ constraints: [SymbolGraph.Constraint]) -> [SymbolGraph.Constraint] {
    constraints.filter { $0.kind != "conformance" || !implicitProtocols.contains($0.rhs) }
  }

  /// Runs of white space as one space, none at the ends.
  static func collapsed(_ text: String) -> String {
    text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
  }

  /// `@available(*, deprecated, message: "…")`, `@available(macOS 14, *)`, …
  private static func availability(_ item: SymbolGraph.Availability) -> String? {
    let domain = item.domain ?? "*"
    var parts = [domain]
    if item.isUnconditionallyDeprecated == true { parts.append("deprecated") }
    if item.isUnconditionallyUnavailable == true { parts.append("unavailable") }
    if let introduced = item.introduced, item.deprecated == nil, item.obsoleted == nil, item.message == nil,
      item.renamed == nil, domain != "*"
    {
      return "@available(\(domain) \(introduced), *)"
    }
    if let introduced = item.introduced { parts.append("introduced: \(introduced)") }
    if let deprecated = item.deprecated { parts.append("deprecated: \(deprecated)") }
    if let obsoleted = item.obsoleted { parts.append("obsoleted: \(obsoleted)") }
    if let renamed = item.renamed { parts.append("renamed: \(quoted(renamed))") }
    if let message = item.message { parts.append("message: \(quoted(message))") }
    return parts.count == 1 ? nil : "@available(\(parts.joined(separator: ", ")))"
  }

  private static func quoted(_ text: String) -> String {
    "\""
      + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
      .replacingOccurrences(of: "\n", with: "\\n") + "\""
  }
}
