import Foundation
import LayerLintEngine

/// Everything the factory will write, computed and validated up front: the new files, and the new
/// text of every file it edits (Package.swift, CODEOWNERS, an app's composition root, the READMEs
/// that list modules) with its text before, so that nothing is half-written when something fails.
struct ModulePlan {
  /// A file the plan changes: its path in the workspace, its new text, its text before.
  struct Edit {
    let path: String
    let contents: String
    let original: String?
  }

  let root: URL
  /// The modules created, in the order they are listed.
  let modules: [String]
  let newFiles: [(path: String, contents: String)]
  let editedFiles: [Edit]
  /// What the factory did, one line each (printed after writing).
  let report: [String]

  /// The name of the layer whose modules are hosted domains, and of the one whose modules are services.
  static let domainLayer = "Domain"
  static let serviceLayer = "Service"
  /// The README that lists every layer's modules and embeds the module graph.
  static let projectReadme = "README.md"

  // MARK: Making a plan

  static func make(reader: ArgumentReader) throws(UsageError) -> ModulePlan {
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
      let names = configuration.layers.map { $0.name.lowercased() }.joined(separator: ", ")
      throw UsageError(message: "unknown layer \"\(layerArgument)\"; use one of \(names)")
    }
    let suffix = configuration.interfaceSuffix
    let name = reader.positional[1]
    try validate(name, suffix: suffix)
    let isInterface = reader.isSet("--interface") || name.hasSuffix(suffix)
    let isExecutable = layer.name == configuration.executableLayer
    if isInterface && isExecutable {
      throw UsageError(message: "\(layer.name) holds executables; put \(name) in a lower layer")
    }
    let owner = reader.value("--owner") ?? NewModuleCommand.defaultOwner
    guard isOwner(owner) else {
      throw UsageError(message: "\"\(owner)\" is not a CODEOWNERS owner (@org/team, @user or an e-mail)")
    }
    let app = reader.value("--app")
    let isDomain = layer.name == domainLayer && !isInterface
    if let app, !isDomain {
      throw UsageError(
        message:
          "--app \(app) hosts a domain; \(isInterface ? "an interface module" : "a \(layer.name) module") is hosted by no app"
      )
    }
    guard let manifest = try? String(contentsOf: root.appendingPathComponent("Package.swift"), encoding: .utf8) else {
      throw UsageError(message: "no readable Package.swift in \(root.path)")
    }
    var builder = PlanBuilder(
      root: root, configuration: configuration, layer: layer, owner: owner, manifest: manifest)
    if isDomain {
      try builder.addDomain(ModuleName(name: name), app: app)
    } else if isInterface && layer.name == serviceLayer {
      try builder.addService(base: name.hasSuffix(suffix) ? String(name.dropLast(suffix.count)) : name)
    } else {
      try builder.addModule(isInterface && !name.hasSuffix(suffix) ? name + suffix : name, isInterface: isInterface)
    }
    return try builder.plan()
  }

  /// Refuses a name no module may have.
  private static func validate(_ name: String, suffix: String) throws(UsageError) {
    guard ModuleName.isUpperCamelCase(name) else {
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
  }

  // MARK: Writing

  /// The folders the new files need that do not exist yet, outermost only (`Tests/` in a workspace
  /// without tests, else `Tests/GreenhouseTests`): what removing the new files removes.
  var newFolders: [String] {
    var folders: [String] = []
    for file in newFiles {
      var folder = (file.path as NSString).deletingLastPathComponent
      var outermost: String?
      while !folder.isEmpty, !FileManager.default.fileExists(atPath: root.appendingPathComponent(folder).path) {
        outermost = folder
        folder = (folder as NSString).deletingLastPathComponent
      }
      if let outermost, !folders.contains(outermost) { folders.append(outermost) }
    }
    return folders
  }

  /// Creates the new files, then swaps in the edited ones; on a failure removes what it created and
  /// puts the edited files back. Returns the folders it created (for ``rollBack(createdFolders:)``).
  @discardableResult
  func write() throws -> [String] {
    let created = newFolders
    var swapped: [Edit] = []
    do {
      for file in newFiles {
        let url = root.appendingPathComponent(file.path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(file.contents.utf8).write(to: url, options: .atomic)
      }
      for file in editedFiles {
        try Data(file.contents.utf8).write(to: root.appendingPathComponent(file.path), options: .atomic)
        swapped.append(file)
      }
    } catch {
      undo(createdFolders: created, swapped: swapped)
      throw error
    }
    return created
  }

  /// Removes the folders ``write()`` created and puts every edited file back (after a later step failed).
  func rollBack(createdFolders: [String]) {
    undo(createdFolders: createdFolders, swapped: editedFiles)
  }

  private func undo(createdFolders: [String], swapped: [Edit]) {
    for folder in createdFolders { try? FileManager.default.removeItem(at: root.appendingPathComponent(folder)) }
    for file in swapped {
      let url = root.appendingPathComponent(file.path)
      if let original = file.original {
        try? Data(original.utf8).write(to: url, options: .atomic)
      } else {
        try? FileManager.default.removeItem(at: url)
      }
    }
  }

  // MARK: Names

  /// Modules of the toolchain and the OS that a workspace module must not shadow.
  static let reservedNames: Set<String> = [
    "Swift", "Foundation", "FoundationEssentials", "FoundationInternationalization", "FoundationNetworking",
    "FoundationXML", "Dispatch", "Glibc", "Musl", "Darwin", "WinSDK", "XCTest", "Testing", "Synchronization",
    "Observation", "Distributed", "RegexBuilder", "Cxx", "CxxStdlib", "PackageDescription", "PackagePlugin",
    "SwiftShims", "CoreFoundation",
  ]

  static func isUpperCamelCase(_ name: String) -> Bool { ModuleName.isUpperCamelCase(name) }

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
  static func kebabCase(_ name: String) -> String { ModuleName(name: name).kebab }
}
