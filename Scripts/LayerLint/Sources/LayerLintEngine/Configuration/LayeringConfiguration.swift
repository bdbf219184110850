import Foundation

/// The checked-in `.layering.json`: which layers exist, and which rules apply.
package struct LayeringConfiguration: Sendable, Equatable {
  /// One layer: its name (as shown in findings), and which modules are in it: those in its folder,
  /// and those whose target names match one of its patterns.
  package struct Layer: Sendable, Equatable {
    /// The layer's name, e.g. `Core`.
    package let name: String
    /// The layer's folder, e.g. `Core` or `Sources/Features`; `nil` for a layer given by target names only.
    package let folder: String?
    /// Target-name patterns (`*` any characters, `?` one), e.g. `*Feature`; a test target never matches.
    package let targets: [String]

    /// Creates a layer.
    package init(name: String, folder: String?, targets: [String] = []) {
      self.name = name
      self.folder = folder
      self.targets = targets
    }

    /// The folder new modules of the layer go to (its folder, else its name).
    package var home: String { folder ?? name }

    /// Whether `name` matches one of the layer's target patterns.
    package func matches(targetName name: String) -> Bool {
      targets.contains { Self.glob($0, matches: name) }
    }

    /// Shell-style matching of `*` and `?`.
    package static func glob(_ pattern: String, matches text: String) -> Bool {
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
  package static let fileName = ".layering.json"

  /// The layers, top to bottom. Empty means "no layers": only the import and cycle rules run.
  package var layers: [Layer]
  /// The suffix that marks an interface module (the book's Decoupling pattern).
  package var interfaceSuffix: String
  /// Folders that hold tooling outside the layers.
  package var toolingFolders: [String]
  /// The folder that holds test targets.
  package var testFolder: String
  /// Modules every test target may import (fakes, fixtures).
  package var testSupportModules: Set<String>
  /// Test targets that span modules; they may import any module they declare.
  package var integrationTestTargets: Set<String>
  /// The layer whose modules may be executables.
  package var executableLayer: String
  /// The owners file at the package root, GitHub CODEOWNERS syntax.
  package var ownersFile: String
  /// The rules that run.
  package var enabledRules: Set<RuleID>
  /// Rules that run but only warn (`"rules": {"vocabulary": "warn"}`): their findings never fail the run.
  package var warningRules: Set<RuleID> = []
  /// What an `…Interface` module may depend on (`interface-contract`).
  package var interfaceDependencies = InterfaceDependencies()
  /// Where the `vocabulary` rule reads words and where it looks for them.
  package var vocabulary = VocabularyConfiguration()
  /// What the `test-double` rule counts as a test double.
  package var testDoubles = TestDoubleConfiguration()
  /// Layers whose public API must be fully documented: `Scripts/docs` fails on a public symbol
  /// without a doc comment or a broken symbol link in their modules. Empty: nothing is enforced.
  package var documentedLayers: [String] = []
  /// Files at the package root that `Scripts/export` copies into every exported package because
  /// exported build-tool plugins read them (e.g. `secrets/schema.json`); a missing one is skipped.
  package var exportedFiles: [String] = []

  /// The ISS workspace's layering, used when a package has no `.layering.json`.
  package static let standard = LayeringConfiguration(
    layers: ["App", "Domain", "Service", "Core", "Shared"].map { Layer(name: $0, folder: $0) },
    interfaceSuffix: "Interface", toolingFolders: ["Scripts", "Plugins"], testFolder: "Tests", testSupportModules: [],
    integrationTestTargets: ["EndToEndTests"], executableLayer: "App", ownersFile: "CODEOWNERS",
    enabledRules: Set(RuleID.allCases))

  /// What `lint-layers` checks in a package without a configuration file: no layers, so the rules that
  /// hold for any SwiftPM package (`undeclared-import`, `redundant-dependency`, `cycle`).
  package static let packageDefault: LayeringConfiguration = {
    var configuration = standard
    configuration.layers = []
    return configuration
  }()

  /// The configuration for any SwiftPM package: no layers, only the import rule.
  package static let importsOnly: LayeringConfiguration = {
    var configuration = standard
    configuration.layers = []
    configuration.enabledRules = [.undeclaredImport, .staleBaseline]
    return configuration
  }()

  /// Creates a configuration; `standard` and `load(packagePath:)` cover the usual cases.
  package init(
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
  package var sourceFolders: [String] {
    let folders = layers.compactMap(\.folder)
    let byName = layers.isEmpty || layers.contains { $0.folder == nil || !$0.targets.isEmpty }
    return (byName && !folders.contains("Sources") ? ["Sources"] : []) + folders + [testFolder]
  }

  /// Whether `rule`'s findings only warn.
  package func isWarning(_ rule: RuleID) -> Bool { warningRules.contains(rule) }

  /// Whether `rule` runs: switched on, and — for layer rules — layers are declared.
  package func isEnabled(_ rule: RuleID) -> Bool {
    enabledRules.contains(rule) && (!rule.needsLayers || !layers.isEmpty)
  }

  /// The rank of the layer named `name`: 0 for the bottom layer, higher above.
  package func rank(ofLayer name: String) -> Int? {
    layers.firstIndex { $0.name == name }.map { layers.count - 1 - $0 }
  }
}

/// `"interfaceDependencies": {"layers": ["Shared"], "interfaces": true}`: an `…Interface` module may depend on
/// (declare and import) modules of these layers, and on other interface modules when `interfaces` is set.
package struct InterfaceDependencies: Sendable, Equatable {
  /// The layers an interface module may depend on; `nil`: the bottom layer.
  package var layers: [String]?
  /// Whether it may depend on other `…Interface` modules.
  package var interfaces = true

  package init(layers: [String]? = nil, interfaces: Bool = true) {
    self.layers = layers
    self.interfaces = interfaces
  }
}

/// `"vocabulary": {…}`: the words modules above the lower layers declare, and where the rule looks for them.
package struct VocabularyConfiguration: Sendable, Equatable {
  /// The layers whose files must not name a declared word; `nil`: the two bottom layers.
  package var lowerLayers: [String]?
  /// The JSON file, in a module's folder, where a module declares its words.
  package var declarationFile = "PartnerVocabulary.json"
  /// The lists of that file whose entries' `name`s are words, and the kind each is reported as.
  package var declarationKinds: [String: String] = ["toggles": "toggle", "screens": "screen"]
  /// The type of the constants that declare destinations (`static let x = Destination(domain: …, place: …)`).
  package var destinationType = "Destination"
  /// Types a lower layer may not make a value of from a literal (`StyleScreen("…")`).
  package var vocabularyTypes = ["StyleScreen", "FeatureToggle", "Destination"]
  /// The kinds of word that count anywhere as an identifier or string, not only as `.word` or `case word`.
  package var distinctiveKinds: Set<String> = ["toggle"]

  package init() {}
}

/// `"testDoubles": {"patterns": [...], "exceptions": [...]}`: the type names that are test doubles.
package struct TestDoubleConfiguration: Sendable, Equatable {
  /// Type-name patterns (`*` any characters, `?` one).
  package var patterns = [
    "Fake*", "Mock*", "Stub*", "Spy*", "Scripted*", "Captured*", "Recording*", "InMemory*Sink", "InMemory*Provider",
  ]
  /// Type names that match a pattern but are no test double (`InMemoryRadioTransport`, a real transport).
  package var exceptions: [String] = []

  package init() {}

  /// Whether `name` is a test double's name.
  package func isTestDouble(_ name: String) -> Bool {
    !exceptions.contains(name) && patterns.contains { LayeringConfiguration.Layer.glob($0, matches: name) }
  }
}
