import FoundationEssentials

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The partners the apps know: the files in the module's `Partners/` folder — checked against what
/// the package's modules declare and made into values when the module is built, so a new partner is
/// a new file and nothing else, and no start-up decodes one — and any partner file elsewhere, named
/// by its path.
public enum PartnerCatalogue {
  /// The shipped partners' ids (their files' names), sorted.
  public static var ids: [String] { ShippedPartners.files.keys.sorted() }

  /// The largest partner file read (a bigger one is not a partner file).
  static let maximumFileSize = 1 << 20

  /// Reads the partner `choice` names for an app of `vocabulary`: a shipped partner's id (`esa`), or
  /// the path of a partner file (a value with a `/` in it or ending in `.json`; relative to
  /// `directory`, `~/` for the home directory), read with ``PartnerFile/decode(_:file:vocabulary:)``.
  /// - Throws: ``PartnerConfigurationError``: `.unknownPartner` for an id or a path that names no
  ///   partner, `.unreadable` for a file that cannot be read, `.invalid` for a wrong file.
  public static func load(
    _ choice: String, vocabulary: PartnerVocabulary,
    relativeTo directory: URL = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
  ) throws(PartnerConfigurationError) -> DecodedPartner {
    if choice.contains("/") || choice.hasSuffix(".json") {
      let path = expandingTilde(choice)
      let url = path.hasPrefix("/") ? URL(fileURLWithPath: path) : directory.appendingPathComponent(path)
      return try loadFile(url, named: choice, vocabulary: vocabulary)
    }
    // A shipped partner was read, checked against every module's declarations and made into a value
    // when the module was built; what it sets for modules the app does not host is simply not read.
    guard let configuration = ShippedPartners.configuration(choice) else {
      throw PartnerConfigurationError(.unknownPartner(choice, partners: ids))
    }
    return DecodedPartner(configuration: configuration, unknownKeys: [], file: "Partners/\(choice).json")
  }

  private static func loadFile(
    _ url: URL, named name: String, vocabulary: PartnerVocabulary
  ) throws(PartnerConfigurationError) -> DecodedPartner {
    // Only a regular file is read — a FIFO, a socket or a device is named, never waited on.
    let bytes = try PartnerFileReading.contents(of: url.path, named: name, limit: maximumFileSize, partners: ids)
    return try PartnerFile.decode(Data(bytes), file: name, vocabulary: vocabulary)
  }

  /// `~` and `~/…` in `path` for the home directory (`$HOME`), as a shell expands them.
  private static func expandingTilde(_ path: String) -> String {
    guard path == "~" || path.hasPrefix("~/") else { return path }
    let home = ProcessInfo.processInfo.environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? "/"
    let rest = path.dropFirst()
    return (home.hasSuffix("/") && rest.hasPrefix("/") ? String(home.dropLast()) : home) + rest
  }
}
