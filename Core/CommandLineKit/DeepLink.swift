import FoundationEssentials
import Localization

/// A destination by value, e.g. `spacesuit/telemetry?count=3&json=1`: path components and parameters.
///
/// Parsed from the command line or a menu; components and parameters are percent-decoded, and
/// ``description`` percent-encodes them again, so `DeepLink(string: link.description) == link`
/// for every link whose path is non-empty and has no empty components.
public struct DeepLink: Sendable, Hashable, CustomStringConvertible {
  /// The path components, e.g. `["spacesuit", "telemetry"]`.
  public let path: [String]
  /// The query parameters, e.g. `["count": "3"]` (a text that names one twice is no link).
  public let parameters: [String: String]

  /// A link from already-decoded parts.
  public init(path: [String], parameters: [String: String] = [:]) {
    self.path = path
    self.parameters = parameters
  }

  /// Parses `"a/b?x=1&y=2"` (see ``parse(_:)``); nil where `parse` says why not.
  public init?(string: String) {
    guard let link = try? Self.parse(string) else { return nil }
    self = link
  }

  /// Parses `"a/b?x=1&y=2"`. Empty components (`a//b`, leading or trailing `/`) are skipped; a
  /// parameter without `=` has the value `""`.
  /// - Throws: ``UsageError`` saying what is wrong: an empty path (`""`, `"/"`, `"?x=1"`), bad
  ///   percent-encoding (`%zz`, a lone `%`), or a parameter given twice (`?item=water&item=food`:
  ///   which one was meant is not for the app to guess).
  public static func parse(_ string: String) throws(UsageError) -> DeepLink {
    let trimmed = string.trimmingSpaces()
    let shown = InertText(trimmed, limit: InertText.longLimit)
    let pathPart: Substring
    let queryPart: Substring?
    if let mark = trimmed.firstIndex(of: "?") {
      pathPart = trimmed[..<mark]
      queryPart = trimmed[trimmed.index(after: mark)...]
    } else {
      pathPart = trimmed[...]
      queryPart = nil
    }

    var path: [String] = []
    for component in pathPart.split(separator: "/", omittingEmptySubsequences: true) {
      guard let decoded = Self.decode(component), !decoded.isEmpty else {
        throw UsageError(Strings.errorLinkBadEncoding(link: shown, part: InertText(component)))
      }
      path.append(decoded)
    }
    guard !path.isEmpty else { throw UsageError(Strings.errorLinkNoPath(link: shown)) }

    var parameters: [String: String] = [:]
    for pair in queryPart?.split(separator: "&", omittingEmptySubsequences: true) ?? [] {
      let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
      guard let name = Self.decode(parts[0]),
        let value = Self.decode(parts.count > 1 ? parts[1] : "")
      else { throw UsageError(Strings.errorLinkBadEncoding(link: shown, part: InertText(pair))) }
      guard !name.isEmpty else { continue }
      guard parameters[name] == nil else {
        throw UsageError(Strings.errorLinkRepeatedParameter(name: InertText(name), link: shown))
      }
      parameters[name] = value
    }
    return DeepLink(path: path, parameters: parameters)
  }

  /// The first path component (the route of a domain), or `nil` for an empty path.
  public var head: String? { path.first }

  /// The link below its head: `spacesuit/telemetry?count=3` → `telemetry?count=3`.
  public func droppingHead() -> DeepLink {
    DeepLink(path: Array(path.dropFirst()), parameters: parameters)
  }

  /// The link with `component` added to the end of its path.
  public func appending(_ component: String) -> DeepLink {
    DeepLink(path: path + [component], parameters: parameters)
  }

  /// The link as text: percent-encoded components joined by `/`, then parameters sorted by name.
  public var description: String {
    let pathText = path.map(Self.encode).joined(separator: "/")
    guard !parameters.isEmpty else { return pathText }
    let query = parameters.sorted { $0.key < $1.key }
      .map { "\(Self.encode($0.key))=\(Self.encode($0.value))" }
      .joined(separator: "&")
    return "\(pathText)?\(query)"
  }

  /// Characters kept as they are in ``description``: RFC 3986 unreserved plus a few readable ones.
  private static let allowed = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~:,@+".utf8)

  /// `text` with every byte of its UTF-8 outside `allowed` written as `%XX`.
  private static func encode(_ text: String) -> String {
    var encoded = ""
    for byte in text.utf8 {
      if allowed.contains(byte) {
        encoded.unicodeScalars.append(Unicode.Scalar(byte))
      } else {
        let hex = String(byte, radix: 16, uppercase: true)
        encoded += "%" + (hex.count < 2 ? "0" : "") + hex
      }
    }
    return encoded
  }

  /// `text` with each `%XX` turned back into its byte; nil for a `%` without two hex digits after
  /// it, or bytes that are no UTF-8.
  private static func decode(_ text: Substring) -> String? {
    var bytes: [UInt8] = []
    var rest = text.utf8[...]
    while let byte = rest.popFirst() {
      guard byte == UInt8(ascii: "%") else {
        bytes.append(byte)
        continue
      }
      let digits = rest.prefix(2)
      guard digits.count == 2, digits.allSatisfy({ Character(Unicode.Scalar($0)).isHexDigit }),
        let value = UInt8(String(decoding: digits, as: UTF8.self), radix: 16)
      else {
        return nil
      }
      bytes.append(value)
      rest = rest.dropFirst(2)
    }
    return String(validating: bytes, as: UTF8.self)
  }
}
