import Foundation

/// A configuration or baseline file the lint cannot use; the message is one line.
package struct ConfigurationError: Error, Equatable, Sendable, CustomStringConvertible {
  /// What is wrong, naming the file.
  package let description: String

  package init(_ description: String) {
    self.description = description
  }
}

extension LayeringConfiguration {
  private static let knownKeys: Set<String> = [
    "layers", "interfaceSuffix", "toolingFolders", "testFolder", "testSupportModules", "integrationTestTargets",
    "executableLayer", "ownersFile", "rules", "documentedLayers", "exportedFiles", "$comment",
    "interfaceDependencies", "vocabulary", "testDoubles",
  ]

  /// The configuration of the package at `packagePath`: `file` when given (it must exist), else
  /// `<packagePath>/.layering.json`, else `whenAbsent` (`standard`, this workspace's layering, for the
  /// workspace tools; `lint-layers` passes `packageDefault`).
  package static func load(
    packagePath: String, file: String? = nil, whenAbsent: LayeringConfiguration = standard
  ) throws(ConfigurationError) -> LayeringConfiguration {
    let path = file ?? (packagePath as NSString).appendingPathComponent(fileName)
    let shownName = file ?? fileName
    guard FileManager.default.fileExists(atPath: path) else {
      if file != nil { throw ConfigurationError("--config \(shownName) does not exist") }
      return whenAbsent
    }
    guard let data = FileManager.default.contents(atPath: path) else {
      throw ConfigurationError("\(shownName) is not readable")
    }
    return try parse(data, fileName: shownName)
  }

  /// Parses configuration JSON; a key left out keeps its `standard` value, an unknown key is an error.
  package static func parse(
    _ data: Data, fileName: String = fileName
  ) throws(ConfigurationError)
    -> LayeringConfiguration
  {
    let object: Any
    do {
      object = try JSONSerialization.jsonObject(with: data)
    } catch {
      let detail = (error as NSError).userInfo["NSDebugDescription"] as? String
      throw ConfigurationError(
        "\(fileName) is not valid JSON\(detail.map { ": \($0.split(separator: "\n").joined(separator: " "))" } ?? "")")
    }
    guard let root = object as? [String: Any] else {
      throw ConfigurationError("\(fileName) is not a JSON object")
    }
    if let unknown = root.keys.sorted().first(where: { !knownKeys.contains($0) }) {
      throw ConfigurationError(
        "\(fileName): unknown key \"\(unknown)\" (known: \(knownKeys.sorted().joined(separator: ", ")))")
    }
    var configuration = standard
    let reader = JSONFieldReader(root: root, fileName: fileName)
    if let layers = root["layers"] {
      configuration.layers = try parseLayers(layers, fileName: fileName)
    }
    configuration.interfaceSuffix = try reader.string("interfaceSuffix") ?? configuration.interfaceSuffix
    configuration.toolingFolders = try reader.strings("toolingFolders") ?? configuration.toolingFolders
    configuration.testFolder = try reader.string("testFolder") ?? configuration.testFolder
    configuration.testSupportModules = Set(try reader.strings("testSupportModules") ?? [])
    configuration.integrationTestTargets = Set(
      try reader.strings("integrationTestTargets") ?? Array(configuration.integrationTestTargets))
    configuration.executableLayer =
      try reader.string("executableLayer") ?? configuration.layers.first?.name ?? configuration.executableLayer
    configuration.ownersFile = try reader.string("ownersFile") ?? configuration.ownersFile
    configuration.documentedLayers = try reader.strings("documentedLayers") ?? []
    configuration.exportedFiles = try reader.strings("exportedFiles") ?? []
    for layer in configuration.documentedLayers where configuration.rank(ofLayer: layer) == nil {
      throw ConfigurationError("\(fileName): documentedLayers names \"\(layer)\", which is no layer")
    }
    if let rules = root["rules"] {
      (configuration.enabledRules, configuration.warningRules) = try parseRules(rules, fileName: fileName)
    }
    if let value = root["interfaceDependencies"] {
      configuration.interfaceDependencies = try parseInterfaceDependencies(value, fileName: fileName)
    }
    if let value = root["vocabulary"] {
      configuration.vocabulary = try parseVocabulary(value, fileName: fileName)
    }
    if let value = root["testDoubles"] {
      configuration.testDoubles = try parseTestDoubles(value, fileName: fileName)
    }
    for (key, layers) in [
      ("interfaceDependencies.layers", configuration.interfaceDependencies.layers ?? []),
      ("vocabulary.lowerLayers", configuration.vocabulary.lowerLayers ?? []),
    ] {
      for layer in layers where configuration.rank(ofLayer: layer) == nil {
        throw ConfigurationError("\(fileName): \(key) names \"\(layer)\", which is no layer")
      }
    }
    if !configuration.layers.isEmpty && configuration.rank(ofLayer: configuration.executableLayer) == nil {
      throw ConfigurationError("\(fileName): executableLayer \"\(configuration.executableLayer)\" is no layer")
    }
    try validateFolders(of: configuration, fileName: fileName)
    return configuration
  }

  /// Refuses values that would silently switch rules off: an empty interface suffix makes every module an
  /// interface (no `sideways` finding), an empty or overlapping folder makes placement ambiguous.
  private static func validateFolders(
    of configuration: LayeringConfiguration, fileName: String
  ) throws(ConfigurationError) {
    for (key, value) in [
      ("interfaceSuffix", configuration.interfaceSuffix), ("testFolder", configuration.testFolder),
      ("ownersFile", configuration.ownersFile),
    ] where value.isEmpty {
      throw ConfigurationError("\(fileName): \"\(key)\" must not be empty")
    }
    let folders =
      configuration.layers.compactMap { layer in layer.folder.map { ("layer \(layer.name)", $0) } }
      + configuration.toolingFolders.map { ("tooling folder", $0) } + [("testFolder", configuration.testFolder)]
    for (index, (role, folder)) in folders.enumerated() {
      let trimmed = folder.trimmingCharacters(in: CharacterSet(charactersIn: "/ "))
      guard !trimmed.isEmpty, trimmed == folder, folder != ".", folder != ".." else {
        throw ConfigurationError("\(fileName): the folder of \(role) \"\(folder)\" must be a relative folder name")
      }
      for (otherRole, other) in folders[..<index]
      where folder == other || folder.hasPrefix(other + "/") || other.hasPrefix(folder + "/") {
        throw ConfigurationError("\(fileName): \(role) \"\(folder)\" overlaps \(otherRole) \"\(other)\"")
      }
    }
  }

  private static func parseLayers(_ value: Any, fileName: String) throws(ConfigurationError) -> [Layer] {
    guard let items = value as? [Any] else {
      throw ConfigurationError("\(fileName): \"layers\" must be a list, top layer first")
    }
    var layers: [Layer] = []
    let shape = "each layer is a name, or {\"name\": …, \"folder\": …} and/or {\"name\": …, \"targets\": [patterns]}"
    for item in items {
      if let name = item as? String, !name.isEmpty {
        layers.append(Layer(name: name, folder: name))
      } else if let object = item as? [String: Any], let name = object["name"] as? String, !name.isEmpty {
        if let unknown = object.keys.sorted().first(where: { !["name", "folder", "targets"].contains($0) }) {
          throw ConfigurationError("\(fileName): layer \"\(name)\" has an unknown key \"\(unknown)\" (\(shape))")
        }
        if object["folder"] != nil && !(object["folder"] is String) {
          throw ConfigurationError("\(fileName): the folder of layer \"\(name)\" must be a string")
        }
        let patterns = object["targets"]
        guard patterns == nil || (patterns as? [String]).map({ !$0.isEmpty && !$0.contains("") }) == true else {
          throw ConfigurationError(
            "\(fileName): the targets of layer \"\(name)\" must be a non-empty list of target-name patterns")
        }
        let targets = patterns as? [String] ?? []
        layers.append(
          Layer(name: name, folder: object["folder"] as? String ?? (targets.isEmpty ? name : nil), targets: targets))
      } else {
        throw ConfigurationError("\(fileName): \(shape)")
      }
    }
    let folders = layers.compactMap(\.folder)
    if Set(layers.map(\.name)).count != layers.count || Set(folders).count != folders.count {
      throw ConfigurationError("\(fileName): layer names and folders must be unique")
    }
    return layers
  }

  /// The rules that run, and those of them that only warn.
  private static func parseRules(
    _ value: Any, fileName: String
  ) throws(ConfigurationError) -> (enabled: Set<RuleID>, warning: Set<RuleID>) {
    guard let switches = value as? [String: Any] else {
      throw ConfigurationError("\(fileName): \"rules\" must map rule ids to true, false or \"warn\"")
    }
    var enabled = Set(RuleID.allCases)
    var warning: Set<RuleID> = []
    for (key, value) in switches {
      guard let rule = RuleID(rawValue: key), rule.isConfigurable else {
        throw ConfigurationError("\(fileName): unknown rule \"\(key)\"")
      }
      if value as? String == "warn" {
        warning.insert(rule)
        continue
      }
      guard let isOn = value as? Bool else {
        throw ConfigurationError("\(fileName): rule \"\(key)\" must be true, false or \"warn\"")
      }
      if !isOn { enabled.remove(rule) }
    }
    return (enabled, warning)
  }

  private static func object(
    _ value: Any, key: String, allowed: Set<String>, fileName: String
  ) throws(ConfigurationError) -> [String: Any] {
    guard let object = value as? [String: Any] else {
      throw ConfigurationError("\(fileName): \"\(key)\" must be an object")
    }
    if let unknown = object.keys.sorted().first(where: { !allowed.contains($0) }) {
      throw ConfigurationError(
        "\(fileName): \"\(key)\" has an unknown key \"\(unknown)\" (known: \(allowed.sorted().joined(separator: ", ")))"
      )
    }
    return object
  }

  private static func parseInterfaceDependencies(
    _ value: Any, fileName: String
  ) throws(ConfigurationError) -> InterfaceDependencies {
    let object = try object(value, key: "interfaceDependencies", allowed: ["layers", "interfaces"], fileName: fileName)
    let reader = JSONFieldReader(root: object, fileName: "\(fileName): interfaceDependencies")
    var result = InterfaceDependencies()
    result.layers = try reader.strings("layers")
    if let interfaces = object["interfaces"] {
      guard let flag = interfaces as? Bool else {
        throw ConfigurationError("\(fileName): interfaceDependencies: \"interfaces\" must be true or false")
      }
      result.interfaces = flag
    }
    return result
  }

  private static func parseVocabulary(
    _ value: Any, fileName: String
  ) throws(ConfigurationError) -> VocabularyConfiguration {
    let object = try object(
      value, key: "vocabulary",
      allowed: [
        "lowerLayers", "declarationFile", "declarationKinds", "destinationType", "vocabularyTypes", "distinctiveKinds",
      ], fileName: fileName)
    let reader = JSONFieldReader(root: object, fileName: "\(fileName): vocabulary")
    var result = VocabularyConfiguration()
    result.lowerLayers = try reader.strings("lowerLayers")
    result.declarationFile = try reader.string("declarationFile") ?? result.declarationFile
    if let kinds = object["declarationKinds"] {
      guard let map = kinds as? [String: String], !map.isEmpty else {
        throw ConfigurationError(
          "\(fileName): vocabulary: \"declarationKinds\" must map the declaration file's lists to kinds (\"toggles\": \"toggle\")"
        )
      }
      result.declarationKinds = map
    }
    result.destinationType = try reader.string("destinationType") ?? result.destinationType
    result.vocabularyTypes = try reader.strings("vocabularyTypes") ?? result.vocabularyTypes
    result.distinctiveKinds = Set(try reader.strings("distinctiveKinds") ?? Array(result.distinctiveKinds))
    if result.declarationFile.isEmpty || result.declarationFile.contains("/") {
      throw ConfigurationError("\(fileName): vocabulary: \"declarationFile\" must be a file name")
    }
    return result
  }

  private static func parseTestDoubles(
    _ value: Any, fileName: String
  ) throws(ConfigurationError) -> TestDoubleConfiguration {
    let object = try object(value, key: "testDoubles", allowed: ["patterns", "exceptions"], fileName: fileName)
    let reader = JSONFieldReader(root: object, fileName: "\(fileName): testDoubles")
    var result = TestDoubleConfiguration()
    result.patterns = try reader.strings("patterns") ?? result.patterns
    result.exceptions = try reader.strings("exceptions") ?? result.exceptions
    if result.patterns.contains(where: { $0.isEmpty || $0.allSatisfy { $0 == "*" } }) {
      throw ConfigurationError("\(fileName): testDoubles: a pattern must not be empty or match every name")
    }
    return result
  }
}

/// Typed access to the optional fields of a JSON object, with one-line errors.
private struct JSONFieldReader {
  package let root: [String: Any]
  package let fileName: String

  package func string(_ key: String) throws(ConfigurationError) -> String? {
    guard let value = root[key] else { return nil }
    guard let string = value as? String else { throw ConfigurationError("\(fileName): \"\(key)\" must be a string") }
    return string
  }

  package func strings(_ key: String) throws(ConfigurationError) -> [String]? {
    guard let value = root[key] else { return nil }
    guard let strings = value as? [String] else {
      throw ConfigurationError("\(fileName): \"\(key)\" must be a list of strings")
    }
    return strings
  }
}
