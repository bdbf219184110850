import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The shape of a package's folder: every file and folder below its root, by name and kind (contents and
/// times left out). `swift package describe` derives each target's path and sources from the manifest
/// and this shape alone, so an equal shape and equal manifest targets give an equal description.
package enum SourceTree {
  /// Folders whose contents are no part of any package's sources: build folders, version control, SwiftPM's
  /// own state. Skipped wherever they are (a fixture package inside the package has a `.build` of its own).
  static let skippedFolders: Set<String> = [".build", ".git", ".swiftpm", ".index-build", ".hg", ".svn"]

  /// A hash of the shape of the folder at `root`; equal shapes, equal hashes.
  package static func fingerprint(of root: String) -> String {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    func mix(_ text: String) {
      for byte in text.utf8 {
        hash ^= UInt64(byte)
        hash = hash &* 0x100_0000_01b3
      }
    }
    var folders = [""]
    // A link may point at a folder above it: each folder is walked once (by device and inode).
    var walked: Set<String> = []
    while let relative = folders.popLast() {
      let path = relative.isEmpty ? root : root + "/" + relative
      var status = stat()
      guard stat(path, &status) == 0, walked.insert("\(status.st_dev):\(status.st_ino)").inserted else { continue }
      for (name, kind) in entries(of: path).sorted(by: { $0.name < $1.name }) {
        let entry = relative.isEmpty ? name : relative + "/" + name
        mix(entry + "\u{0}" + String(kind) + "\n")
        if kind == "d" && !skippedFolders.contains(name) { folders.append(entry) }
      }
    }
    return String(hash, radix: 16)
  }

  /// Every file and folder below `folder` (relative to `root`), as paths relative to `root`, with whether it
  /// is a folder; hidden names (`.build`, `.git`, …) and what they hold are left out, and a folder a link
  /// points at is walked once.
  package static func entries(below folder: String, of root: String) -> [(path: String, isFolder: Bool)] {
    let rootPrefix = root.hasSuffix("/") ? root : root + "/"
    var result: [(path: String, isFolder: Bool)] = []
    var folders = [folder]
    var walked: Set<String> = []
    while let relative = folders.popLast() {
      var status = stat()
      guard stat(rootPrefix + relative, &status) == 0, walked.insert("\(status.st_dev):\(status.st_ino)").inserted
      else { continue }
      for (name, kind) in entries(of: rootPrefix + relative).sorted(by: { $0.name < $1.name })
      where !name.hasPrefix(".") {
        let entry = relative + "/" + name
        result.append((entry, kind == "d"))
        if kind == "d" { folders.append(entry) }
      }
    }
    return result
  }

  /// The names in a folder with their kind: `d` folder, `f` file, `l` link, `o` anything else.
  private static func entries(of path: String) -> [(name: String, kind: Character)] {
    guard let folder = opendir(path) else { return [] }
    defer { closedir(folder) }
    var result: [(name: String, kind: Character)] = []
    while let entry = readdir(folder) {
      let name = withUnsafePointer(to: entry.pointee.d_name) {
        $0.withMemoryRebound(to: CChar.self, capacity: Int(NAME_MAX) + 1) { String(cString: $0) }
      }
      if name == "." || name == ".." { continue }
      var kind: Character
      switch Int32(entry.pointee.d_type) {
      case Int32(DT_DIR): kind = "d"
      case Int32(DT_REG): kind = "f"
      case Int32(DT_LNK): kind = "l"
      default: kind = "o"
      }
      if kind == "l" || kind == "o" {
        // A link to a folder is walked by SwiftPM like a folder; an unknown type is asked for.
        var status = stat()
        if stat(path + "/" + name, &status) == 0 {
          kind = (status.st_mode & S_IFMT) == S_IFDIR ? "d" : (kind == "l" ? "l" : "f")
        }
      }
      result.append((name, kind))
    }
    return result
  }
}
