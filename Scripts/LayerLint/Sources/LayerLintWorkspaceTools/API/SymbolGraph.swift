import Foundation

/// The parts of a symbol graph (`swift-symbolgraph-extract`, `M.symbols.json` and `M@Other.symbols.json`)
/// that make a module's public API: its symbols and how they relate.
struct SymbolGraph: Decodable, Sendable {
  var symbols: [Symbol]
  var relationships: [Relationship]

  /// One declaration.
  struct Symbol: Decodable, Sendable {
    var kind: Kind
    var identifier: Identifier
    var pathComponents: [String]
    var accessLevel: String
    var declarationFragments: [Fragment]?
    var availability: [Availability]?
    var swiftExtension: Extension?
    var swiftGenerics: Generics?
    var spi: Bool?

    /// The symbol's unique identifier (its USR).
    var id: String { identifier.precise }
    /// `swift.struct`, `swift.method`, `swift.enum.case`, …
    var kindIdentifier: String { kind.identifier }
  }

  struct Kind: Decodable, Sendable {
    var identifier: String
  }

  struct Identifier: Decodable, Sendable {
    var precise: String
  }

  /// A piece of the declaration as the compiler prints it.
  struct Fragment: Decodable, Sendable {
    var kind: String
    var spelling: String
  }

  /// One `@available` attribute.
  struct Availability: Decodable, Sendable {
    var domain: String?
    var introduced: Version?
    var deprecated: Version?
    var obsoleted: Version?
    var message: String?
    var renamed: String?
    var isUnconditionallyDeprecated: Bool?
    var isUnconditionallyUnavailable: Bool?
  }

  struct Version: Decodable, Sendable, CustomStringConvertible {
    var major: Int
    var minor: Int?
    var patch: Int?

    var description: String {
      [major, minor, patch].compactMap { $0 }.map(String.init).joined(separator: ".")
    }
  }

  /// The extension a member is declared in: which module's type it extends, under which constraints.
  struct Extension: Decodable, Sendable {
    var extendedModule: String?
    var constraints: [Constraint]?
  }

  /// The generic parameters and requirements a declaration is under (its context's included).
  struct Generics: Decodable, Sendable {
    var constraints: [Constraint]?
  }

  /// A generic requirement: `T : Hashable`, `Self.A == Int`, `T : Base`.
  struct Constraint: Decodable, Sendable, Equatable {
    var kind: String
    var lhs: String
    var rhs: String

    /// As Swift interfaces print it.
    var rendered: String { "\(lhs) \(kind == "sameType" ? "==" : ":") \(rhs)" }
  }

  /// `memberOf`, `requirementOf`, `defaultImplementationOf`, `conformsTo`, `inheritsFrom`, …
  struct Relationship: Decodable, Sendable {
    var kind: String
    var source: String
    var target: String
    var targetFallback: String?
    var swiftConstraints: [Constraint]?
  }

  /// The graphs of one module, from every file `files` names, merged (each symbol once).
  static func load(_ files: [URL]) throws -> SymbolGraph {
    var merged = SymbolGraph(symbols: [], relationships: [])
    var seen = Set<String>()
    for file in files {
      let data = try Data(contentsOf: file)
      let graph: SymbolGraph
      do {
        graph = try JSONDecoder().decode(SymbolGraph.self, from: data)
      } catch {
        throw APIError(message: "\(file.lastPathComponent) is no symbol graph (\(error))")
      }
      for symbol in graph.symbols where seen.insert(symbol.id).inserted { merged.symbols.append(symbol) }
      merged.relationships += graph.relationships
    }
    return merged
  }
}
