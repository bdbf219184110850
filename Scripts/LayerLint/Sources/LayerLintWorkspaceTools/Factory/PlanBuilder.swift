import Foundation
import LayerLintEngine
import LayerLintManifestReader

/// Builds a ``ModulePlan`` kind by kind — a module of any layer, a hosted domain (with `--app`, wired
/// into that app), a service as interface, live and fakes modules — refusing with a ``UsageError``
/// before anything is written: a name taken in the manifest or on disk, an unknown app, an app that
/// hosts no domains, a command word, menu key or vocabulary word the domain would share.
struct PlanBuilder {
  let root: URL
  let configuration: LayeringConfiguration
  let layer: LayeringConfiguration.Layer
  let owner: String

  private var manifest: String
  private let originalManifest: String
  private let entries: [ManifestEditor.Entry]
  private var owners: String?
  private let originalOwners: String?
  private var projectReadme: String?
  private let originalProjectReadme: String?
  private var layerReadme: String?
  private let originalLayerReadme: String?
  private var newFiles: [(path: String, contents: String)] = []
  private var otherEdits: [ModulePlan.Edit] = []
  private var modules: [String] = []
  private var report: [String] = []

  init(
    root: URL, configuration: LayeringConfiguration, layer: LayeringConfiguration.Layer, owner: String,
    manifest: String
  ) {
    self.root = root
    self.configuration = configuration
    self.layer = layer
    self.owner = owner
    self.manifest = manifest
    originalManifest = manifest
    entries = ManifestEditor.entries(of: manifest)
    let read = { (path: String) in try? String(contentsOf: root.appendingPathComponent(path), encoding: .utf8) }
    originalOwners = read(configuration.ownersFile)
    owners = originalOwners
    originalProjectReadme = read(ModulePlan.projectReadme)
    projectReadme = originalProjectReadme
    originalLayerReadme = read("\(layer.home)/README.md")
    layerReadme = originalLayerReadme
  }

  /// The plan: the new files and every edited file with its text before.
  func plan() throws(UsageError) -> ModulePlan {
    var edits = [ModulePlan.Edit(path: "Package.swift", contents: manifest, original: originalManifest)]
    edits.append(
      ModulePlan.Edit(path: configuration.ownersFile, contents: owners ?? "", original: originalOwners))
    edits += otherEdits
    if let projectReadme, projectReadme != originalProjectReadme {
      edits.append(
        ModulePlan.Edit(path: ModulePlan.projectReadme, contents: projectReadme, original: originalProjectReadme))
    }
    if let layerReadme, layerReadme != originalLayerReadme {
      edits.append(
        ModulePlan.Edit(path: "\(layer.home)/README.md", contents: layerReadme, original: originalLayerReadme))
    }
    return ModulePlan(root: root, modules: modules, newFiles: newFiles, editedFiles: edits, report: report)
  }

  // MARK: Kinds

  /// A module of any layer with a starter type and test (an `…Interface` module: a protocol and a model).
  mutating func addModule(_ name: String, isInterface: Bool) throws(UsageError) {
    let isExecutable = layer.name == configuration.executableLayer
    let product = ModuleName(name: name).kebab
    try refuseTaken([name], product: isExecutable ? product : nil)
    let templates = ModuleTemplates(
      name: name, layer: layer.name, isInterface: isInterface, interfaceSuffix: configuration.interfaceSuffix,
      isExecutable: isExecutable)
    let entry =
      isExecutable
      ? "  .executable(\"\(name)\", product: \"\(product)\", dependsOn: []),"
      : "  .library(\"\(name)\", dependsOn: []),"
    try addEntry(entry, name: name)
    let files = templates.sourceFiles.map { ("\(layer.home)/\(name)/\($0.fileName)", $0.contents) }
    newFiles += files + [("\(testFolder(name))/\(name)Tests.swift", templates.testSource)]
    let what = isExecutable ? "`\(name)` → `\(product)`" : "`\(name)`"
    let type = isInterface ? "\(templates.baseName)Providing" : "\(name)Info"
    listInReadmes(
      table: isExecutable ? ", `\(name)` (`\(product)`)" : ", `\(name)`",
      bullet: "- \(what): new; its first type is `\(type)`.")
    report.append(
      "created \(files.map(\.0).joined(separator: ", ")) and \(testFolder(name))/\(name)Tests.swift; "
        + "added \(name) to Package.swift (\(layer.name)) and \(configuration.ownersFile) (\(owner))")
  }

  /// A hosted domain, wired into the app `app` (product or target name) when given.
  mutating func addDomain(_ module: ModuleName, app: String?) throws(UsageError) {
    let name = module.name
    try refuseTaken([name], product: nil)
    try requireModules(DomainTemplates.dependencies + DomainTemplates.testDependencies, for: "a domain")
    guard manifest.contains("strings: Bool"), manifest.contains("partner: Bool") else {
      throw UsageError(
        message: "Package.swift's modules take no `strings:` and `partner:` flags, which a domain's string "
          + "tables and partner vocabulary need")
    }
    let host = try app.map { argument throws(UsageError) in try hostingApp(argument) }
    let domains = entries.filter { $0.group == groupName(of: layer) }
    let claimed = ClaimedNames(
      root: root, domainFolders: domains.map { "\(layer.home)/\($0.name)" },
      upperFolders: upperLayers.map(\.home), lowerFolders: lowerLayers.map(\.home))
    try refuseClaimed(module, claimed: claimed)
    let hostedKeys = Set(
      claimed.menuKeys.filter { _, modules in host.map { !modules.isDisjoint(with: $0.domains) } ?? true }.keys)
    let templates = DomainTemplates(
      module: module, menuKey: Self.menuKey(for: module, taken: hostedKeys.union(ClaimedNames.scaffoldKeys)),
      hostingApp: host?.product)
    let dependencies = DomainTemplates.dependencies.map { "\"\($0)\"" }.joined(separator: ", ")
    let testsUse = DomainTemplates.testDependencies.map { "\"\($0)\"" }.joined(separator: ", ")
    try addEntry(
      "  .library(\"\(name)\", dependsOn: [\(dependencies)], testsUse: [\(testsUse)], strings: true, partner: true),",
      name: name)
    let sources = templates.sourceFiles.map { ("\(layer.home)/\(name)/\($0.fileName)", $0.contents) }
    let tests = templates.testFiles.map { ("\(testFolder(name))/\($0.fileName)", $0.contents) }
    newFiles += sources + tests
    report.append(
      "created \(layer.home)/\(name)/ (\(sources.count) files: route, destination, domain, coordinator, flow, "
        + "screen, menu, summary, vocabulary, strings en/ru, README) and \(testFolder(name))/ (\(tests.count) files)")
    report.append("added \(name) to Package.swift (\(layer.name)) and \(configuration.ownersFile) (\(owner))")
    let command = module.kebab
    if let host {
      try wire(templates, into: host)
      report.append(
        "\(host.product) hosts it: `\(host.product) \(command)` (--json), `\(host.product) open \(command)`, "
          + "main menu \"\(module.title)\" [\(templates.menuKey)]; \(host.root) and \(host.target)'s dependencies")
    } else {
      report.append(
        "no app hosts it (no --app): list `\(templates.compositionEntry.dropLast())` among an app's domains "
          + "and add \(name) to its dependencies, or run with --app")
    }
    listInReadmes(
      table: ", `\(name)`",
      bullet: "- `\(name)`: the `\(command)` command, its link and main-menu screen (the domain's status); "
        + (host.map { "hosted by `\($0.product)`." } ?? "hosted by no app yet."))
  }

  /// A service: `<base>Interface`, `<base>` (live) and `<base>Fakes`, each with its test target.
  mutating func addService(base: String) throws(UsageError) {
    let templates = ServiceTemplates(base: base, interfaceSuffix: configuration.interfaceSuffix)
    let names = templates.modules.map(\.name)
    try refuseTaken(names, product: nil)
    try requireModules(["Persistence"], for: "a live service")
    for module in templates.modules {
      let dependencies = module.dependencies.map { "\"\($0)\"" }.joined(separator: ", ")
      let home: String
      if module.name == templates.fakesModule {
        home = configuration.testFolder
        try addTestSupport("  .testSupport(\"\(module.name)\", dependsOn: [\(dependencies)]),", name: module.name)
      } else {
        home = layer.home
        try addEntry("  .library(\"\(module.name)\", dependsOn: [\(dependencies)]),", name: module.name)
      }
      newFiles += module.sources.map { ("\(home)/\(module.name)/\($0.0)", $0.1) }
      newFiles += module.tests.map { ("\(testFolder(module.name))/\($0.0)", $0.1) }
    }
    let (interface, live, fakes) = (templates.interfaceModule, templates.liveModule, templates.fakesModule)
    report.append(
      "created \(layer.home)/\(interface)/, \(layer.home)/\(live)/, \(configuration.testFolder)/\(fakes)/ (test "
        + "support: no product, in testSupportModules) and their test targets; added them to Package.swift "
        + "(\(layer.name), test support) and \(configuration.ownersFile) (\(owner))")
    report.append(
      "domains link \(interface) (and use \(fakes) in their tests: testsUse); apps link \(live) and build "
        + "Live\(templates.noun)Client(store:) in their live services")
    listInReadmes(
      table: "; `\(interface)` with `\(live)` and `\(fakes)`",
      bullet: "- `\(interface)` (`\(templates.noun)Client` and its models), `\(live)` (live: the status in an "
        + "SQLite store) and `\(fakes)` (the fake domain tests use; no app links it).")
  }

  // MARK: Steps

  /// Refuses when a name is in the manifest already or its folder (or its test folder) exists.
  private func refuseTaken(_ names: [String], product: String?) throws(UsageError) {
    let mentions = ManifestLineFinder(text: manifest)
    for name in names where mentions.mentions(name) {
      throw UsageError(message: "\(name) already exists in Package.swift")
    }
    if let product, mentions.mentions(product) {
      throw UsageError(message: "\(product) already exists in Package.swift")
    }
    for name in names {
      for folder in configuration.layers.map({ "\($0.home)/\(name)" }) + [testFolder(name)]
      where FileManager.default.fileExists(atPath: root.appendingPathComponent(folder).path) {
        throw UsageError(message: "\(folder)/ already exists")
      }
    }
  }

  /// Refuses when the manifest lacks a module the template builds on (a layer module's line, or a
  /// test-support module's `.testSupport("Name"` line).
  private func requireModules(_ names: [String], for what: String) throws(UsageError) {
    let known = Set(entries.map(\.name)).union(names.filter { manifest.contains(".testSupport(\"\($0)\"") })
    if let missing = names.first(where: { !known.contains($0) }) {
      throw UsageError(message: "\(what) builds on \(missing), which Package.swift does not declare")
    }
  }

  /// Refuses a domain whose command word, menu or vocabulary names are someone else's.
  private func refuseClaimed(_ module: ModuleName, claimed: ClaimedNames) throws(UsageError) {
    let word = module.kebab
    if ClaimedNames.appWords.contains(word) {
      throw UsageError(message: "the command `\(word)` is every app's own; pick another name")
    }
    if let owner = claimed.commandWords[word] {
      throw UsageError(message: "the command `\(word)` is taken: \(owner) declares it; pick another name")
    }
    let identifier = module.lowerCamel
    if ModuleName.swiftKeywords.contains(identifier) {
      throw UsageError(message: "`\(identifier)` is a Swift keyword, which the domain's destination cannot be named")
    }
    if Self.typesADomainNames.contains(module.name) {
      throw UsageError(message: "\(module.name) is a type the domain's code uses; pick another name")
    }
    if let file = claimed.vocabulary[identifier] {
      throw UsageError(
        message: "`\(identifier)` is already a screen, toggle or destination (\(file)); pick another name")
    }
    if let file = claimed.lowerLayerFile(naming: identifier) {
      throw UsageError(
        message: "`.\(identifier)` is a name in \(file); a domain's screen and destination may not be one "
          + "(Scripts/check-vocabulary); pick another name")
    }
  }

  /// The app `argument` names (its product or target name), which must host domains.
  private func hostingApp(_ argument: String) throws(UsageError) -> HostingApp {
    let apps = entries.filter { $0.group == groupName(of: executableLayer) && $0.product != nil }
    guard
      let app = apps.first(where: { $0.product == argument || $0.name.lowercased() == argument.lowercased() }),
      let product = app.product
    else {
      let names = apps.compactMap(\.product).joined(separator: ", ")
      throw UsageError(message: "unknown app \"\(argument)\"; --app takes one of \(names) (or its target name)")
    }
    let path = "\(executableLayer.home)/\(app.name)/\(app.name).swift"
    guard let source = try? String(contentsOf: root.appendingPathComponent(path), encoding: .utf8),
      CompositionRootEditor.hosting(app.name, entry: "", in: source) != nil
    else {
      throw UsageError(
        message:
          "\(product) hosts no domains: \(path) has no `domains: [` list (an app built on Scaffold's AppLauncher has one)"
      )
    }
    let domainGroup = groupName(of: layer)
    let groupOf = Dictionary(entries.map { ($0.name, $0.group) }, uniquingKeysWith: { first, _ in first })
    let dependencies = Self.dependencies(of: app.name, in: manifest)
    return HostingApp(
      target: app.name, product: product, root: path, source: source,
      domains: dependencies.filter { groupOf[$0] == domainGroup })
  }

  /// Lists the domain in `host`'s composition root and its dependencies.
  private mutating func wire(_ templates: DomainTemplates, into host: HostingApp) throws(UsageError) {
    let name = templates.module.name
    guard let source = CompositionRootEditor.hosting(name, entry: templates.compositionEntry, in: host.source) else {
      throw UsageError(message: "\(host.root) has no `domains: [` list")
    }
    guard
      let wired = ManifestEditor.addingDependency(
        name, to: host.target, afterGroup: groupName(of: layer), in: manifest)
    else {
      throw UsageError(
        message:
          "Package.swift has no one-line entry of \(host.target) with `dependsOn: [...]`; add \(name) to it by hand")
    }
    manifest = wired
    otherEdits.append(ModulePlan.Edit(path: host.root, contents: source, original: host.source))
  }

  /// Adds the module's line to its group and its owner line.
  private mutating func addEntry(_ entry: String, name: String) throws(UsageError) {
    guard let edited = ManifestEditor.inserting(entry, intoGroup: groupName(of: layer), of: manifest) else {
      throw UsageError(message: "Package.swift has no group `let \(groupName(of: layer)): [Module] = [ … ]`")
    }
    manifest = edited
    owners = ManifestEditor.addingOwner(
      pattern: "/\(layer.home)/\(name)/", owner: owner, underHeading: "# \(layer.name)", to: owners ?? "")
    modules.append(name)
  }

  /// Adds a test-support module (a service's fakes): its line to the manifest's test-support group, its
  /// owner line, and its name to `testSupportModules` in the layering configuration.
  private mutating func addTestSupport(_ entry: String, name: String) throws(UsageError) {
    guard
      let edited = ManifestEditor.inserting(entry, intoGroup: "testSupport", of: manifest, element: "TestSupportModule")
    else {
      throw UsageError(message: "Package.swift has no group `let testSupport: [TestSupportModule] = [ … ]`")
    }
    let path = LayeringConfiguration.fileName
    let original = try? String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
    guard let original, let key = original.range(of: "\"testSupportModules\""),
      let close = original[key.upperBound...].firstIndex(of: "]"),
      let last = original[key.upperBound..<close].lastIndex(where: { !$0.isWhitespace })
    else { throw UsageError(message: "\(path) has no \"testSupportModules\": [ … ] to list \(name) in") }
    let item = original[last] == "[" ? "\"\(name)\"" : ", \"\(name)\""
    var layering = original
    layering.insert(contentsOf: item, at: original.index(after: last))
    otherEdits.append(ModulePlan.Edit(path: path, contents: layering, original: original))
    manifest = edited
    owners = ManifestEditor.addingOwner(
      pattern: "/\(configuration.testFolder)/\(name)/", owner: owner, underHeading: "# \(configuration.testFolder)",
      to: owners ?? "")
    modules.append(name)
  }

  /// Adds the modules to the project README's table of layers and to the layer's README.
  private mutating func listInReadmes(table: String, bullet: String) {
    projectReadme = projectReadme.map { ReadmeEditor.addingToLayerTable(table, layer: layer.name, in: $0) }
    layerReadme = layerReadme.map { ReadmeEditor.addingBullet(bullet, to: $0) }
  }

  // MARK: Helpers

  /// An app that hosts domains: its target, product, composition root (path and text), hosted domains.
  private struct HostingApp {
    let target: String
    let product: String
    let root: String
    let source: String
    let domains: [String]
  }

  private var executableLayer: LayeringConfiguration.Layer {
    configuration.layers.first { $0.name == configuration.executableLayer } ?? layer
  }

  /// The layers whose modules declare vocabulary (above Core), and those that must not name it.
  private var lowerLayers: [LayeringConfiguration.Layer] {
    configuration.layers.filter { ["Core", "Shared"].contains($0.name) }
  }
  private var upperLayers: [LayeringConfiguration.Layer] {
    configuration.layers.filter { !["Core", "Shared"].contains($0.name) }
  }

  private func groupName(of layer: LayeringConfiguration.Layer) -> String { layer.name.lowercased() }

  private func testFolder(_ name: String) -> String { "\(configuration.testFolder)/\(name)Tests" }

  /// The names in `module`'s `dependsOn: [...]`.
  static func dependencies(of module: String, in manifest: String) -> [String] {
    for line in manifest.components(separatedBy: "\n") where line.contains("(\"\(module)\"") {
      guard let open = line.range(of: "dependsOn: ["), let close = line[open.upperBound...].firstIndex(of: "]") else {
        continue
      }
      return line[open.upperBound..<close].split(separator: ",").map {
        $0.trimmingCharacters(in: .whitespaces).trimmingCharacters(in: CharacterSet(charactersIn: "\""))
      }
    }
    return []
  }

  /// The first letter of the name no hosted domain's main-menu entry uses, else any free letter, else the command word.
  static func menuKey(for module: ModuleName, taken: Set<String>) -> String {
    let letters = module.name.lowercased().filter { ("a"..."z").contains($0) }.map(String.init)
    let alphabet = "abcdefghijklmnopqrstuvwxyz".map(String.init)
    return (letters + alphabet).first { !taken.contains($0) } ?? module.kebab
  }

  /// Types the domain's generated code names without a module: a domain named like one would shadow it.
  static let typesADomainNames: Set<String> = [
    "Command", "CommandGroup", "CommandInvocation", "CommandRoute", "Coordinator", "DeepLink", "Destination",
    "DomainRoute", "FlowContext", "HostedDomain", "InteractiveScreen", "KeyValuePanel", "LocalizedText", "Menu",
    "MenuChoice", "MenuEntry", "PartnerVocabulary", "Presentation", "Strings", "Terminal", "Theme", "Translator",
    "UsageError",
  ]
}
