import Foundation

/// `new-module <layer> <Name> [--owner TEAM] [--interface]`: adds a module to the workspace —
/// folder, starter source, starter test, its line in Package.swift and in CODEOWNERS.
/// Everything is validated before the first file is written.
public struct NewModuleCommand {
  static let usage = """
    usage: new-module <layer> <Name> [--owner TEAM] [--interface] [--package-path PATH]
    Creates <Layer>/<Name>/ with a starter type, Tests/<Name>Tests/ with a starter test, adds the module
    to its layer's group in Package.swift and an owner line to CODEOWNERS.
      <layer>            one of the layers in .layering.json (case-insensitive), e.g. core
      <Name>             UpperCamelCase, unused in every layer
      --owner TEAM       the owning team (default @iss/architecture)
      --interface        an …Interface module with protocol-only starter code (appends "Interface")
      --package-path P   the workspace (default: the current directory)
    exit: 0 created, 64 refused (bad usage, name or layer; no file touched), 2 could not write
    """

  static let defaultOwner = "@iss/architecture"

  let console: Console

  /// Creates the command, writing to standard output and standard error.
  public init() { self.init(console: .standard) }

  /// Creates the command with its own console; tests capture both streams.
  init(console: Console) {
    self.console = console
  }

  /// Runs the factory and returns the exit code.
  public func run(_ arguments: [String]) -> Int32 {
    let plan: ModulePlan
    do {
      let reader = try ArgumentReader(
        arguments, valueOptions: ["--owner", "--package-path"], flagOptions: ["--interface", "--help"])
      if reader.isSet("--help") {
        console.writeOutput(Self.usage + "\n")
        return ExitCode.success
      }
      plan = try ModulePlan.make(reader: reader)
    } catch let error as UsageError {
      console.writeError("new-module: \(error.message)\n")
      return ExitCode.usage
    } catch {
      console.writeError("new-module: \(error)\n")
      return ExitCode.cannotRun
    }
    do {
      try plan.write()
    } catch {
      console.writeError("new-module: could not write the module (nothing kept): \(error)\n")
      return ExitCode.cannotRun
    }
    console.writeOutput(plan.summary + "\n")
    return ExitCode.success
  }
}

/// Everything the factory will write, computed and validated up front.
struct ModulePlan {
  let root: URL
  let name: String
  let layer: LayeringConfiguration.Layer
  let newFiles: [(path: String, contents: String)]
  let editedFiles: [(path: String, contents: String)]
  let owner: String

  var summary: String {
    let created = newFiles.map(\.path).joined(separator: ", ")
    return "new-module: created \(created); added \(name) to Package.swift (\(layer.name)) and "
      + "\(editedFiles.last?.path ?? "CODEOWNERS") (\(owner)). Next: swift build && Scripts/lint-layers"
  }

  static func make(reader: ArgumentReader) throws -> ModulePlan {
    guard reader.positional.count == 2 else {
      throw UsageError(message: "expected <layer> <Name> (see --help)")
    }
    let root = URL(fileURLWithPath: reader.value("--package-path") ?? FileManager.default.currentDirectoryPath)
    let configuration: LayeringConfiguration
    do {
      configuration = try LayeringConfiguration.load(packagePath: root.path)
    } catch {
      throw UsageError(message: error.description)
    }
    let layerArgument = reader.positional[0]
    guard let layer = configuration.layers.first(where: { $0.name.lowercased() == layerArgument.lowercased() }) else {
      throw UsageError(
        message:
          "unknown layer \"\(layerArgument)\"; use one of \(configuration.layers.map { $0.name.lowercased() }.joined(separator: ", "))"
      )
    }
    let suffix = configuration.interfaceSuffix
    var name = reader.positional[1]
    guard isUpperCamelCase(name) else {
      throw UsageError(message: "\"\(name)\" is not an UpperCamelCase module name (e.g. HeatRadiatorService)")
    }
    if name.hasSuffix("Tests") {
      throw UsageError(message: "\"\(name)\" ends in Tests, which names test targets; pick another name")
    }
    if name == suffix {
      throw UsageError(message: "\"\(name)\" is only the interface suffix; name the module, e.g. Clock\(suffix)")
    }
    if reservedNames.contains(name) {
      throw UsageError(message: "\"\(name)\" is a toolchain module; a workspace module of that name would shadow it")
    }
    let isInterface = reader.isSet("--interface") || name.hasSuffix(suffix)
    if isInterface && !name.hasSuffix(suffix) { name += suffix }
    let isExecutable = layer.name == configuration.executableLayer
    if isInterface && isExecutable {
      throw UsageError(message: "\(layer.name) holds executables; put \(name) in a lower layer")
    }
    let owner = reader.value("--owner") ?? NewModuleCommand.defaultOwner
    guard isOwner(owner) else {
      throw UsageError(message: "\"\(owner)\" is not a CODEOWNERS owner (@org/team, @user or an e-mail)")
    }
    let manifestURL = root.appendingPathComponent("Package.swift")
    guard let manifest = try? String(contentsOf: manifestURL, encoding: .utf8) else {
      throw UsageError(message: "no readable Package.swift in \(root.path)")
    }
    let product = kebabCase(name)
    let manifestLines = ManifestLineFinder(text: manifest)
    if manifestLines.mentions(name) || (isExecutable && manifestLines.mentions(product)) {
      throw UsageError(message: "\(name) already exists in Package.swift")
    }
    let fileManager = FileManager.default
    let testFolder = "\(configuration.testFolder)/\(name)Tests"
    for folder in configuration.layers.map({ "\($0.home)/\(name)" }) + [testFolder]
    where fileManager.fileExists(atPath: root.appendingPathComponent(folder).path) {
      throw UsageError(message: "\(folder)/ already exists")
    }
    let entry =
      isExecutable
      ? "  .executable(\"\(name)\", product: \"\(product)\", dependsOn: []),"
      : "  .library(\"\(name)\", dependsOn: []),"
    guard let newManifest = ManifestEditor.inserting(entry, intoGroup: layer.name.lowercased(), of: manifest) else {
      throw UsageError(message: "Package.swift has no group `let \(layer.name.lowercased()): [Module] = [ … ]`")
    }
    let ownersPath = configuration.ownersFile
    let owners = (try? String(contentsOf: root.appendingPathComponent(ownersPath), encoding: .utf8)) ?? ""
    let newOwners = ManifestEditor.addingOwner(
      pattern: "/\(layer.home)/\(name)/", owner: owner, underHeading: "# \(layer.name)", to: owners)
    let templates = ModuleTemplates(
      name: name, layer: layer.name, isInterface: isInterface, interfaceSuffix: suffix, isExecutable: isExecutable)
    let sources = templates.sourceFiles.map { ("\(layer.home)/\(name)/\($0.fileName)", $0.contents) }
    return ModulePlan(
      root: root, name: name, layer: layer,
      newFiles: sources + [("\(testFolder)/\(name)Tests.swift", templates.testSource)],
      editedFiles: [("Package.swift", newManifest), (ownersPath, newOwners)], owner: owner)
  }

  /// Creates the new files, then swaps in the edited ones; removes what it created if anything fails.
  func write() throws {
    let fileManager = FileManager.default
    var createdFolders: [URL] = []
    do {
      for file in newFiles {
        let url = root.appendingPathComponent(file.path)
        let folder = url.deletingLastPathComponent()
        if !fileManager.fileExists(atPath: folder.path) {
          var topmost = folder
          while !fileManager.fileExists(atPath: topmost.deletingLastPathComponent().path) {
            topmost = topmost.deletingLastPathComponent()
          }
          try fileManager.createDirectory(at: folder, withIntermediateDirectories: true)
          createdFolders.append(topmost)
        }
        try Data(file.contents.utf8).write(to: url, options: .atomic)
      }
      for file in editedFiles {
        try Data(file.contents.utf8).write(to: root.appendingPathComponent(file.path), options: .atomic)
      }
    } catch {
      for folder in createdFolders { try? fileManager.removeItem(at: folder) }
      throw error
    }
  }

  /// Modules of the toolchain and the OS that a workspace module must not shadow.
  static let reservedNames: Set<String> = [
    "Swift", "Foundation", "FoundationEssentials", "FoundationInternationalization", "FoundationNetworking",
    "FoundationXML", "Dispatch", "Glibc", "Musl", "Darwin", "WinSDK", "XCTest", "Testing", "Synchronization",
    "Observation", "Distributed", "RegexBuilder", "Cxx", "CxxStdlib", "PackageDescription", "PackagePlugin",
    "SwiftShims", "CoreFoundation",
  ]

  static func isUpperCamelCase(_ name: String) -> Bool {
    guard let first = name.unicodeScalars.first, ("A"..."Z").contains(first) else { return false }
    return name.unicodeScalars.allSatisfy {
      ("A"..."Z").contains($0) || ("a"..."z").contains($0) || ("0"..."9").contains($0)
    }
      && name.unicodeScalars.contains { ("a"..."z").contains($0) }
  }

  static func isOwner(_ owner: String) -> Bool {
    let allowed = CharacterSet.alphanumerics.union(CharacterSet(charactersIn: "-_./@+"))
    guard owner.unicodeScalars.allSatisfy(allowed.contains), owner.count > 1 else { return false }
    if owner.hasPrefix("@") {
      // @user or @org/team: no empty part.
      let parts = owner.dropFirst().split(separator: "/", omittingEmptySubsequences: false)
      return parts.count <= 2 && parts.allSatisfy { !$0.isEmpty && !$0.contains("@") }
    }
    let address = owner.split(separator: "@", omittingEmptySubsequences: false)
    return address.count == 2 && !address[0].isEmpty && address[1].contains(".") && !owner.contains("/")
  }

  /// `SpacesuitSimulator` → `spacesuit-simulator`.
  static func kebabCase(_ name: String) -> String {
    var result = ""
    let characters = Array(name)
    for (index, character) in characters.enumerated() {
      if character.isUppercase && index > 0 {
        let previous = characters[index - 1]
        let nextIsLower = index + 1 < characters.count && characters[index + 1].isLowercase
        if previous.isLowercase || previous.isNumber || (previous.isUppercase && nextIsLower) { result += "-" }
      }
      result += character.lowercased()
    }
    return result
  }
}

/// Text edits on Package.swift and CODEOWNERS that keep their layout.
enum ManifestEditor {
  /// Inserts `line` before the closing `]` of `let <group>: [Module] = [`; `nil` if there is no such group.
  static func inserting(_ line: String, intoGroup group: String, of manifest: String) -> String? {
    var lines = manifest.components(separatedBy: "\n")
    guard let start = lines.firstIndex(where: { $0.hasPrefix("let \(group): [Module] = [") }) else { return nil }
    if lines[start].trimmingCharacters(in: .whitespaces).hasSuffix("[]") {
      lines[start] = "let \(group): [Module] = ["
      lines.insert(contentsOf: [line, "]"], at: start + 1)
      return lines.joined(separator: "\n")
    }
    guard let end = lines[(start + 1)...].firstIndex(where: { $0.trimmingCharacters(in: .whitespaces) == "]" }) else {
      return nil
    }
    lines.insert(line, at: end)
    return lines.joined(separator: "\n")
  }

  /// Adds `pattern owner` at the end of the block under `heading`, aligned like its neighbours;
  /// appends a new block when the heading is missing.
  static func addingOwner(pattern: String, owner: String, underHeading heading: String, to text: String) -> String {
    var lines = text.components(separatedBy: "\n")
    if lines.last == "" { lines.removeLast() }
    guard let headingIndex = lines.firstIndex(where: { $0.trimmingCharacters(in: .whitespaces) == heading }) else {
      let separator = lines.isEmpty || lines.last?.isEmpty == true ? [] : [""]
      return (lines + separator + [heading, "\(pattern) \(owner)"]).joined(separator: "\n") + "\n"
    }
    var last = headingIndex
    while last + 1 < lines.count {
      let next = lines[last + 1].trimmingCharacters(in: .whitespaces)
      if next.isEmpty || next.hasPrefix("#") { break }
      last += 1
    }
    let column = last > headingIndex ? ownerColumn(of: lines[last]) : pattern.count + 1
    let padding = String(repeating: " ", count: max(1, column - pattern.count))
    lines.insert("\(pattern)\(padding)\(owner)", at: last + 1)
    return lines.joined(separator: "\n") + "\n"
  }

  private static func ownerColumn(of line: String) -> Int {
    guard let patternEnd = line.firstIndex(where: { $0 == " " || $0 == "\t" }),
      let ownerStart = line[patternEnd...].firstIndex(where: { $0 != " " && $0 != "\t" })
    else { return line.count + 1 }
    return line.distance(from: line.startIndex, to: ownerStart)
  }
}
