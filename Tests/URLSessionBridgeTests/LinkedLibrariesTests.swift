import Foundation
import TestHarness
import Testing

/// The point of the helper: no app loads FoundationNetworking (libcurl and ~30 more libraries) when
/// it starts; only the URLSession helper links it, and an app starts that on its first request.
@Test(
  .enabled(if: Tool.isInstalled("readelf"), Tool.missing("readelf", for: "it reads the executables' dynamic sections")))
func noAppLinksFoundationNetworkingOnlyTheBridgeDoes() async throws {
  let folder = URL(fileURLWithPath: try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
    .deletingLastPathComponent()
  let apps = try executables(in: folder)
  // A package exported without the App layer (Scripts/export) has no app to check.
  let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()
  if FileManager.default.fileExists(atPath: root.appendingPathComponent("App/CosmonautApp").path) {
    #expect(
      apps.contains { $0.lastPathComponent == "cosmonaut" }, "the apps are built next to the tests: \(folder.path)")
  }
  // The helper itself (built as the plugin's tool, and once more for its tests) is the one that links it.
  for app in apps
  where !app.lastPathComponent.hasPrefix("URLSessionHelper") && !app.lastPathComponent.hasSuffix("-tool") {
    let needed = try await neededLibraries(of: app)
    #expect(!needed.isEmpty, "\(app.lastPathComponent) has a dynamic section")
    #expect(
      !needed.contains { $0.hasPrefix("libFoundationNetworking") || $0.hasPrefix("libcurl") },
      "\(app.lastPathComponent) links \(needed)")
  }
  // The helper is an App-layer executable: an export without the App layer has none.
  if FileManager.default.fileExists(atPath: root.appendingPathComponent("App/URLSessionHelper").path) {
    let helper = try await neededLibraries(of: folder.appendingPathComponent("URLSessionHelper-tool"))
    #expect(helper.contains { $0.hasPrefix("libFoundationNetworking") }, "the helper links it: \(helper)")
  }
}

/// The ELF executables of `folder` without a dot in their name: the products of the apps.
private func executables(in folder: URL) throws -> [URL] {
  try FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: [.isRegularFileKey])
    .filter { url in
      guard !url.lastPathComponent.contains("."), FileManager.default.isExecutableFile(atPath: url.path),
        (try? url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true,
        let handle = FileHandle(forReadingAtPath: url.path)
      else { return false }
      defer { try? handle.close() }
      return (try? handle.read(upToCount: 4)) == Data([0x7F, 0x45, 0x4C, 0x46])
    }
}

/// The NEEDED entries of an ELF file's dynamic section, as `readelf -d` prints them.
private func neededLibraries(of file: URL) async throws -> [String] {
  let result = try await ChildProcess.run("readelf", ["-d", file.path])
  try #require(result.status == 0, "readelf -d \(file.path) failed: \(result.stderr)")
  // 0x0000000000000001 (NEEDED)             Shared library: [libFoundation.so]
  return result.stdout.split(separator: "\n").compactMap { line in
    guard line.contains("(NEEDED)"), let open = line.firstIndex(of: "["), let close = line.lastIndex(of: "]") else {
      return nil
    }
    return String(line[line.index(after: open)..<close])
  }
}
