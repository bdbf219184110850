import FoundationEssentials

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The partners an app knows: the files shipped with it — checked against what the package's
/// modules declare and made into values when the app was built (the PartnerFiles plugin generates
/// the app's `ShippedPartners.catalogue` from `App/Partners/*.json`), so a new partner is a new file
/// and nothing else, and no start-up decodes one — and any partner file elsewhere, named by its path.
public struct PartnerCatalogue: Sendable {
  /// The shipped partners' ids (their files' names), sorted.
  public let ids: [String]
  /// What the package's modules declare: a partner file serves every app, so it may set what an app
  /// does not host (read, kept, not warned about).
  public let declared: PartnerVocabulary
  private let shipped: @Sendable (String) -> PartnerConfiguration?

  /// A catalogue of the partners `ids`, whose configurations `shipped` gives by id.
  public init(
    ids: [String], declared: PartnerVocabulary, shipped: @escaping @Sendable (String) -> PartnerConfiguration?
  ) {
    self.ids = ids.sorted()
    self.declared = declared
    self.shipped = shipped
  }

  /// No shipped partner: only files named by their path.
  public static let none = PartnerCatalogue(ids: [], declared: PartnerVocabulary(), shipped: { _ in nil })

  /// The largest partner file read (a bigger one is not a partner file).
  static let maximumFileSize = 1 << 20

  /// Reads the partner `choice` names for an app of `vocabulary`: a shipped partner's id (`esa`), or
  /// the path of a partner file (a value with a `/` in it or ending in `.json`; relative to
  /// `directory`, `~/` for the home directory), read with ``PartnerFile/decode(_:file:vocabulary:elsewhere:)``.
  /// - Throws: ``PartnerConfigurationError``: `.unknownPartner` for an id or a path that names no
  ///   partner, `.unreadable` for a file that cannot be read, `.invalid` for a wrong file.
  public func load(
    _ choice: String, vocabulary: PartnerVocabulary,
    relativeTo directory: URL = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
  ) throws(PartnerConfigurationError) -> DecodedPartner {
    if choice.contains("/") || choice.hasSuffix(".json") {
      let path = Self.expandingTilde(choice)
      let url = path.hasPrefix("/") ? URL(fileURLWithPath: path) : directory.appendingPathComponent(path)
      return try loadFile(url, named: choice, vocabulary: vocabulary)
    }
    // A shipped partner was read, checked against every module's declarations and made into a value
    // when the app was built; what it sets for modules the app does not host is simply not read.
    guard let configuration = shipped(choice) else {
      throw PartnerConfigurationError(.unknownPartner(choice, partners: ids))
    }
    return DecodedPartner(configuration: configuration, unknownKeys: [], file: "Partners/\(choice).json")
  }

  private func loadFile(
    _ url: URL, named name: String, vocabulary: PartnerVocabulary
  ) throws(PartnerConfigurationError) -> DecodedPartner {
    // Only a regular file is read — a FIFO, a socket or a device is named, never waited on.
    let bytes = try PartnerFileReading.contents(of: url.path, named: name, limit: Self.maximumFileSize, partners: ids)
    return try PartnerFile.decode(Data(bytes), file: name, vocabulary: vocabulary, elsewhere: declared)
  }

  /// `~` and `~/…` in `path` for the home directory (`$HOME`), as a shell expands them.
  private static func expandingTilde(_ path: String) -> String {
    guard path == "~" || path.hasPrefix("~/") else { return path }
    let home = ProcessInfo.processInfo.environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? "/"
    let rest = path.dropFirst()
    return (home.hasSuffix("/") && rest.hasPrefix("/") ? String(home.dropLast()) : home) + rest
  }
}
