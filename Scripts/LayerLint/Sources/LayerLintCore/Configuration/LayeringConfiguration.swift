import Foundation

/// The checked-in `.layering.json`: which layers exist, and which rules apply.
struct LayeringConfiguration: Sendable, Equatable {
  /// One layer: its name (as shown in findings) and its top-level folder.
  struct Layer: Sendable, Equatable {
    /// The layer's name, e.g. `Core`.
    let name: String
    /// The layer's top-level folder, e.g. `Core`.
    let folder: String

    /// Creates a layer.
    init(name: String, folder: String) {
      self.name = name
      self.folder = folder
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
    interfaceSuffix: "Interface", toolingFolders: ["Scripts"], testFolder: "Tests", testSupportModules: [],
    integrationTestTargets: ["EndToEndTests"], executableLayer: "App", ownersFile: "CODEOWNERS",
    enabledRules: Set(RuleID.allCases))

  /// The configuration for any SwiftPM package: no layers, only the import and cycle rules.
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
    layers.isEmpty ? ["Sources", testFolder] : layers.map(\.folder) + [testFolder]
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
