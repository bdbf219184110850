import Foundation

/// The partners the apps know: the files in the module's `Partners/` folder — embedded into the
/// module when it is built, so a new partner is a new file and nothing else — and any partner file
/// elsewhere, named by its path.
public enum PartnerCatalogue {
  /// The shipped partners' ids (their files' names), sorted.
  public static var ids: [String] { ShippedPartners.files.keys.sorted() }

  /// The largest partner file read (a bigger one is not a partner file).
  static let maximumFileSize = 1 << 20

  /// Reads the partner `choice` names: a shipped partner's id (`esa`), or the path of a partner file
  /// (a value with a `/` in it or ending in `.json`; relative to `directory`, `~/` for the home directory).
  /// - Throws: ``PartnerConfigurationError``: `.unknownPartner` for an id or a path that names no
  ///   partner, `.unreadable` for a file that cannot be read, `.invalid` for a wrong file.
  public static func load(
    _ choice: String, relativeTo directory: URL = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
  ) throws(PartnerConfigurationError) -> DecodedPartner {
    if choice.contains("/") || choice.hasSuffix(".json") {
      let path = NSString(string: choice).expandingTildeInPath
      let url = path.hasPrefix("/") ? URL(fileURLWithPath: path) : directory.appendingPathComponent(path)
      return try loadFile(url, named: choice)
    }
    guard let text = ShippedPartners.files[choice] else {
      throw PartnerConfigurationError(
        kind: .unknownPartner,
        message:
          "no partner \"\(choice)\": the partners are \(ids.listed); name one of them or the path of a partner file")
    }
    let file = "Partners/\(choice).json"
    let partner = try PartnerFile.decode(Data(text.utf8), file: file)
    guard partner.configuration.id == choice else {
      throw .invalid(
        file: file, keyPath: "id",
        detail: "id: expected \"\(choice)\" (the file's name), found \"\(partner.configuration.id)\"")
    }
    return partner
  }

  private static func loadFile(_ url: URL, named name: String) throws(PartnerConfigurationError) -> DecodedPartner {
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) else {
      throw PartnerConfigurationError(
        kind: .unknownPartner,
        message: "no partner file \(name) (no such file); name an existing file or a partner: \(ids.listed(or: true))")
    }
    guard !isDirectory.boolValue else {
      throw PartnerConfigurationError(
        kind: .unknownPartner, message: "\(name) is a directory, not a partner file; name a partner file (.json)")
    }
    let size = (try? FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int) ?? 0
    guard size <= maximumFileSize else {
      throw .invalid(
        file: name, keyPath: nil,
        detail: "is \(size) bytes; a partner file has at most \(maximumFileSize) (is it the right file?)")
    }
    let data: Data
    do {
      data = try Data(contentsOf: url)
    } catch {
      let reason = (error as NSError).userInfo[NSUnderlyingErrorKey].map { "\($0)" } ?? error.localizedDescription
      throw PartnerConfigurationError(kind: .unreadable, message: "cannot read partner file \(name): \(reason)")
    }
    return try PartnerFile.decode(data, file: name)
  }
}
