import Foundation
import LayerLintEngine

/// The service a new domain drives (`new-module domain X --uses <Service>Interface`), read from the
/// workspace: the interface module, its fakes module (`<Service>Fakes`, a test-support module), its
/// client protocol, the fake client, and the one read-only requirement the domain's command calls.
///
/// The requirement is `--reads METHOD` when given, else the first one of the client protocol, in the
/// order it declares them, that takes no argument, is `async throws` and answers a type the interface
/// module declares `Codable` or `Encodable` (or a list or optional of one): the domain prints the
/// answer with `--json` and shows its fields on the screen.
struct UsedService: Equatable {
  /// e.g. `CosmonautServiceInterface`, `CosmonautServiceFakes`, `CosmonautClient`, `FakeCosmonautClient`.
  let interface: String
  let fakes: String
  let client: String
  let fake: String
  /// The requirement the command calls, e.g. `profile`, and the type it answers, e.g. `CosmonautProfile`.
  let method: String
  let answer: String

  /// The service behind `interface`, declared in `manifest` in `serviceFolder` of `root`.
  static func resolve(
    interface: String, reads: String?, root: URL, manifest: String, serviceFolder: String, testFolder: String,
    interfaceSuffix: String
  ) throws(UsageError) -> UsedService {
    let entries = Set(ManifestEditor.entries(of: manifest).map(\.name))
    guard interface.hasSuffix(interfaceSuffix), entries.contains(interface),
      FileManager.default.fileExists(atPath: root.appendingPathComponent("\(serviceFolder)/\(interface)").path)
    else {
      throw UsageError(
        message: "--uses takes a service's …\(interfaceSuffix) module in \(serviceFolder)/; \(interface) is none")
    }
    let fakes = String(interface.dropLast(interfaceSuffix.count)) + ServiceTemplates.fakesSuffix
    guard manifest.contains(".testSupport(\"\(fakes)\"") else {
      throw UsageError(
        message: "\(interface) has no fakes module \(fakes) (test support) for the domain's tests to use")
    }
    let sources = swiftSources(in: "\(serviceFolder)/\(interface)", root: root)
    let clients = sources.flatMap { matches(#"public protocol (\w+Client)\b"#, in: $0) }
    let noun = ServiceTemplates.noun(of: String(interface.dropLast(interfaceSuffix.count)))
    guard let client = clients.count == 1 ? clients[0] : clients.first(where: { $0 == "\(noun)Client" }) else {
      throw UsageError(message: "\(interface) declares no one client protocol (`public protocol …Client`)")
    }
    let encodable = Set(
      sources.flatMap {
        matches(#"public (?:struct|enum|final class|class|actor) (\w+)\b[^{\n]*\b(?:Codable|Encodable)\b"#, in: $0)
      })
    let readable = sources.flatMap { requirements(of: client, in: $0) }.filter { requirement in
      encodable.contains(requirement.answer.trimmingCharacters(in: CharacterSet(charactersIn: "[]?")))
    }
    let chosen: (method: String, answer: String)
    if let reads {
      guard let requirement = readable.first(where: { $0.method == reads }) else {
        let names = readable.map { "\($0.method)()" }.joined(separator: ", ")
        throw UsageError(
          message: "--reads \(reads): \(client) has no such requirement without arguments answering a Codable "
            + "type of \(interface); it has \(names.isEmpty ? "none" : names)")
      }
      chosen = requirement
    } else {
      guard let first = readable.first else {
        throw UsageError(
          message: "\(client) has no requirement without arguments that is async throws and answers a Codable "
            + "type of \(interface), which the domain's command could read")
      }
      chosen = first
    }
    let fakeSources = swiftSources(in: "\(testFolder)/\(fakes)", root: root)
    let pattern = #"public (?:actor|final class|class|struct) (\w+)\s*:[^{]*\b"# + client + #"\b"#
    guard let fake = fakeSources.flatMap({ matches(pattern, in: $0) }).first else {
      throw UsageError(message: "\(fakes) has no public type that conforms to \(client)")
    }
    return UsedService(
      interface: interface, fakes: fakes, client: client, fake: fake, method: chosen.method, answer: chosen.answer)
  }

  /// The name of the property of `app`'s live services that holds the client (`let cosmonaut: any
  /// CosmonautClient` → `cosmonaut`), read from the app's Swift files; nil when it builds none.
  func property(inAppFolder folder: String, root: URL) -> String? {
    let pattern = #"(?:let|var) (\w+): any "# + client + #"\b"#
    return Self.swiftSources(in: folder, root: root).flatMap { Self.matches(pattern, in: $0) }.first
  }

  /// The requirements of protocol `client` in `source` that take no argument and are `async throws`:
  /// their names and the types they answer, in declaration order.
  static func requirements(of client: String, in source: String) -> [(method: String, answer: String)] {
    guard let start = source.range(of: "public protocol \(client)"),
      let open = source[start.upperBound...].firstIndex(of: "{")
    else { return [] }
    var depth = 0
    var end = source.endIndex
    for index in source[open...].indices {
      if source[index] == "{" { depth += 1 }
      if source[index] == "}" {
        depth -= 1
        if depth == 0 {
          end = index
          break
        }
      }
    }
    let body = String(source[open..<end])
    let pattern = #"(?m)^\s*func (\w+)\(\)\s*async\s+throws\s*->\s*([\w\[\]?]+)\s*$"#
    guard let expression = try? NSRegularExpression(pattern: pattern) else { return [] }
    let range = NSRange(body.startIndex..., in: body)
    return expression.matches(in: body, range: range).compactMap { match in
      guard let method = Range(match.range(at: 1), in: body), let answer = Range(match.range(at: 2), in: body) else {
        return nil
      }
      return (String(body[method]), String(body[answer]))
    }
  }

  /// The first capture group of every match of `pattern` in `text`.
  static func matches(_ pattern: String, in text: String) -> [String] {
    guard let expression = try? NSRegularExpression(pattern: pattern) else { return [] }
    return expression.matches(in: text, range: NSRange(text.startIndex..., in: text)).compactMap {
      Range($0.range(at: 1), in: text).map { String(text[$0]) }
    }
  }

  /// The text of every `.swift` file under `folder`, in path order.
  static func swiftSources(in folder: String, root: URL) -> [String] {
    let url = root.appendingPathComponent(folder)
    let paths = (try? FileManager.default.subpathsOfDirectory(atPath: url.path)) ?? []
    return paths.filter { $0.hasSuffix(".swift") }.sorted().compactMap {
      try? String(contentsOf: url.appendingPathComponent($0), encoding: .utf8)
    }
  }
}
