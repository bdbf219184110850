import Foundation

/// The checked-in `.layering.json`: which layers exist, and which rules apply.
struct LayeringConfiguration: Sendable, Equatable {
  /// One layer: its name (as shown in findings), and which modules are in it: those in its folder,
  /// and those whose target names match one of its patterns.
  struct Layer: Sendable, Equatable {
    /// The layer's name, e.g. `Core`.
    let name: String
    /// The layer's folder, e.g. `Core` or `Sources/Features`; `nil` for a layer given by target names only.
    let folder: String?
    /// Target-name patterns (`*` any characters, `?` one), e.g. `*Feature`; a test target never matches.
    let targets: [String]

    /// Creates a layer.
    init(name: String, folder: String?, targets: [String] = []) {
      self.name = name
      self.folder = folder
      self.targets = targets
    }

    /// The folder new modules of the layer go to (its folder, else its name).
    var home: String { folder ?? name }

    /// Whether `name` matches one of the layer's target patterns.
    func matches(targetName name: String) -> Bool {
      targets.contains { Self.glob($0, matches: name) }
    }

    /// Shell-style matching of `*` and `?`.
    static func glob(_ pattern: String, matches text: String) -> Bool {
      let pattern = Array(pattern)
      let text = Array(text)
      var (p, t, star, mark) = (0, 0, -1, 0)
      while t < text.count {
        if p < pattern.count && (pattern[p] == "?" || pattern[p] == text[t]) {
          p += 1
          t += 1
        } else if p < pattern.count && pattern[p] == "*" {
          star = p
          mark = t
          p += 1
        } else if star >= 0 {
          p = star + 1
          mark += 1
          t = mark
        } else {
          return false
        }
      }
      while p < pattern.count && pattern[p] == "*" { p += 1 }
      return p == pattern.count
    }
  }

  /// The file name the lint looks for at the package root.
  static let fileName = ".layering.json"

  /// The layers, top to bottom. Empty means "no layers": only the import and cycle rules run.
  var layers: [Layer]
  /// The suffix that marks an interface module (the book's Decoupling pattern).
  var interfaceSuffix: String
  /// Folders that hold tooling outside the layers.
  var toolingFolders: [String]
  /// The folder that holds test targets.
  var testFolder: String
  /// Modules every test target may import (fakes, fixtures).
  var testSupportModules: Set<String>
  /// Test targets that span modules; they may import any module they declare.
  var integrationTestTargets: Set<String>
  /// The layer whose modules may be executables.
  var executableLayer: String
  /// The owners file at the package root, GitHub CODEOWNERS syntax.
  var ownersFile: String
  /// The rules that run.
  var enabledRules: Set<RuleID>
  /// Layers whose public API must be fully documented: `Scripts/docs` fails on a public symbol
  /// without a doc comment or a broken symbol link in their modules. Empty: nothing is enforced.
  var documentedLayers: [String] = []
  /// Files at the package root that `Scripts/export` copies into every exported package because
  /// exported build-tool plugins read them (e.g. `secrets/schema.json`); a missing one is skipped.
  var exportedFiles: [String] = []

  /// The ISS workspace's layering, used when a package has no `.layering.json`.
  static let standard = LayeringConfiguration(
    layers: ["App", "Domain", "Service", "Core", "Shared"].map { Layer(name: $0, folder: $0) },
    interfaceSuffix: "Interface", toolingFolders: ["Scripts", "Plugins"], testFolder: "Tests", testSupportModules: [],
    integrationTestTargets: ["EndToEndTests"], executableLayer: "App", ownersFile: "CODEOWNERS",
    enabledRules: Set(RuleID.allCases))

  /// What `lint-layers` checks in a package without a configuration file: no layers, so the rules that
  /// hold for any SwiftPM package (`undeclared-import`, `redundant-dependency`, `cycle`).
  static let packageDefault: LayeringConfiguration = {
    var configuration = standard
    configuration.layers = []
    return configuration
  }()

  /// The configuration for any SwiftPM package: no layers, only the import rule.
  static let importsOnly: LayeringConfiguration = {
    var configuration = standard
    configuration.layers = []
    configuration.enabledRules = [.undeclaredImport, .staleBaseline]
    return configuration
  }()

  /// Creates a configuration; `standard` and `load(packagePath:)` cover the usual cases.
  init(
    layers: [Layer], interfaceSuffix: String, toolingFolders: [String], testFolder: String,
    testSupportModules: Set<String>, integrationTestTargets: Set<String>, executableLayer: String,
    ownersFile: String, enabledRules: Set<RuleID>
  ) {
    self.layers = layers
    self.interfaceSuffix = interfaceSuffix
    self.toolingFolders = toolingFolders
    self.testFolder = testFolder
    self.testSupportModules = testSupportModules
    self.integrationTestTargets = integrationTestTargets
    self.executableLayer = executableLayer
    self.ownersFile = ownersFile
    self.enabledRules = enabledRules
  }

  /// The top-level folders where sources usually are: the layers and the test folder, or SwiftPM's
  /// `Sources` and `Tests` for a package without layers. Only a hint for the lint's prescan.
  var sourceFolders: [String] {
    let folders = layers.compactMap(\.folder)
    let byName = layers.isEmpty || layers.contains { $0.folder == nil || !$0.targets.isEmpty }
    return (byName && !folders.contains("Sources") ? ["Sources"] : []) + folders + [testFolder]
  }

  /// Whether `rule` runs: switched on, and — for layer rules — layers are declared.
  func isEnabled(_ rule: RuleID) -> Bool {
    enabledRules.contains(rule) && (!rule.needsLayers || !layers.isEmpty)
  }

  /// The rank of the layer named `name`: 0 for the bottom layer, higher above.
  func rank(ofLayer name: String) -> Int? {
    layers.firstIndex { $0.name == name }.map { layers.count - 1 - $0 }
  }
}
