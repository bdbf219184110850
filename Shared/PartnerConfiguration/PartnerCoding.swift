import FoundationEssentials

// How a partner file reads and writes. Every object notes the keys it does not know (a warning);
// every value that is missing or of the wrong kind is an error naming its key path and what it
// must be. The theme's keys are the framework's element names and the declared screens' names;
// the features' keys are the declared toggles' names (see ReadingVocabulary).

extension PartnerConfiguration: Codable, PartnerValue {
  enum CodingKeys: String, CodingKey, CaseIterable {
    case id, name, theme, features, analytics
  }

  static var expected: PartnerExpectation { .partner(keys: CodingKeys.allCases.map(\.rawValue)) }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.object(Self.self, keyedBy: CodingKeys.self)
    try decoder.noteUnknownKeys(known: CodingKeys.allCases.map(\.rawValue))
    id = try container.required(PartnerID.self, .id).value
    name = try container.required(DisplayName.self, .name).value
    theme = try container.required(PartnerTheme.self, .theme)
    features = try container.optional(FeatureToggles.self, .features) ?? FeatureToggles()
    analytics = try container.required(AnalyticsSelection.self, .analytics)
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(id, forKey: .id)
    try container.encode(name, forKey: .name)
    try container.encode(theme, forKey: .theme)
    try container.encode(features, forKey: .features)
    try container.encode(analytics, forKey: .analytics)
  }
}

/// A partner's id: what `--partner` names and the partner file is called.
struct PartnerID: PartnerValue {
  let value: String

  static var expected: PartnerExpectation { .id }

  static func isValid(_ text: String) -> Bool {
    !text.isEmpty && text.count <= 40 && text.first != "-"
      && text.unicodeScalars.allSatisfy { ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "-" }
  }

  init(from decoder: any Decoder) throws {
    value = try decoder.string(for: Self.self)
    guard Self.isValid(value) else {
      throw PartnerValueError(codingPath: decoder.codingPath, expected: Self.expected, missing: false)
    }
  }
}

/// A name people read: not blank, one line.
struct DisplayName: PartnerValue {
  let value: String

  static var expected: PartnerExpectation { .name }

  init(from decoder: any Decoder) throws {
    value = try decoder.string(for: Self.self)
    guard !value.allSatisfy(\.isWhitespace), !value.contains(where: \.isNewline) else {
      throw PartnerValueError(codingPath: decoder.codingPath, expected: Self.expected, missing: false)
    }
  }
}

extension PartnerTheme: Codable, PartnerValue {
  enum CodingKeys: String, CodingKey, CaseIterable {
    case base, screens
  }

  static var expected: PartnerExpectation { .theme }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.object(Self.self, keyedBy: CodingKeys.self)
    try decoder.noteUnknownKeys(known: CodingKeys.allCases.map(\.rawValue))
    base = try container.required(BaseStyles.self, .base).styles
    screens = try container.optional(ScreenSet.self, .screens)?.screens ?? [:]
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    var baseContainer = container.nestedContainer(keyedBy: AnyKey.self, forKey: .base)
    for element in StyleElement.allCases {
      if let style = base[element] { try baseContainer.encode(style, forKey: AnyKey(element.rawValue)) }
    }
    guard !screens.isEmpty else { return }
    var screensContainer = container.nestedContainer(keyedBy: AnyKey.self, forKey: .screens)
    for screen in screens.keys.sorted() {
      guard let styles = screens[screen] else { continue }
      var screenContainer = screensContainer.nestedContainer(keyedBy: AnyKey.self, forKey: AnyKey(screen.name))
      for element in StyleElement.allCases {
        if let style = styles[element] { try screenContainer.encode(style, forKey: AnyKey(element.rawValue)) }
      }
    }
  }
}

/// `theme.base`: a style per element type; the schema's required ones must be there.
struct BaseStyles: PartnerValue {
  let styles: [StyleElement: TextStyle]

  static var expected: PartnerExpectation { .baseStyles(elements: StyleElement.allCases.map(\.rawValue)) }

  init(from decoder: any Decoder) throws {
    let container = try decoder.object(Self.self, keyedBy: AnyKey.self)
    try decoder.noteUnknownKeys(known: StyleElement.allCases.map(\.rawValue))
    var styles: [StyleElement: TextStyle] = [:]
    let schema = StyleSchema.framework
    for element in StyleElement.allCases {
      let key = AnyKey(element.rawValue)
      if schema.elements[element]?.required == true {
        styles[element] = try container.required(TextStyle.self, key)
      } else if let style = try container.optional(TextStyle.self, key) {
        styles[element] = style
      }
    }
    self.styles = styles
  }
}

/// `theme.screens`: styles per declared screen, each for the elements the screen shows.
struct ScreenSet: PartnerValue {
  let screens: [StyleScreen: [StyleElement: TextStyle]]

  static var expected: PartnerExpectation { .screens }

  init(from decoder: any Decoder) throws {
    let container = try decoder.object(Self.self, keyedBy: AnyKey.self)
    let vocabulary = decoder.vocabulary
    try decoder.noteUnknownKeys(known: vocabulary.screenNames)
    var screens: [StyleScreen: [StyleElement: TextStyle]] = [:]
    for name in vocabulary.screenNames {
      guard let styles = try container.optional(ScreenStyles.self, AnyKey(name)) else { continue }
      screens[StyleScreen(name)] = styles.styles
    }
    self.screens = screens
  }
}

/// `theme.screens.<screen>`: a style per element the screen shows.
struct ScreenStyles: PartnerValue {
  let styles: [StyleElement: TextStyle]

  static var expected: PartnerExpectation { .screenStyles }

  init(from decoder: any Decoder) throws {
    let container = try decoder.object(Self.self, keyedBy: AnyKey.self)
    let screen = decoder.codingPath.last.map { StyleScreen($0.stringValue) }
    let elements = screen.flatMap { decoder.vocabulary.screens[$0] } ?? []
    try decoder.noteUnknownKeys(known: elements.map(\.rawValue))
    var styles: [StyleElement: TextStyle] = [:]
    for element in elements {
      if let style = try container.optional(TextStyle.self, AnyKey(element.rawValue)) { styles[element] = style }
    }
    self.styles = styles
  }
}

extension TextStyle: Codable, PartnerValue {
  enum CodingKeys: String, CodingKey, CaseIterable {
    case foreground, background, attributes
  }

  static var expected: PartnerExpectation { .textStyle }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.object(Self.self, keyedBy: CodingKeys.self)
    try decoder.noteUnknownKeys(known: CodingKeys.allCases.map(\.rawValue))
    foreground = try container.optional(TextColor.self, .foreground)
    background = try container.optional(TextColor.self, .background)
    attributes = try container.optional([TextAttribute].self, .attributes).map(Set.init)
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encodeIfPresent(foreground, forKey: .foreground)
    try container.encodeIfPresent(background, forKey: .background)
    try container.encodeIfPresent(attributes?.sorted(), forKey: .attributes)
  }
}

extension TextColor: Codable, PartnerValue {
  static var expected: PartnerExpectation { .color(names: NamedColor.allCases.map(\.rawValue)) }

  public init(from decoder: any Decoder) throws {
    let text = try decoder.string(for: Self.self)
    guard let color = TextColor(text: text) else {
      throw PartnerValueError(codingPath: decoder.codingPath, expected: Self.expected, missing: false)
    }
    self = color
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(description)
  }
}

extension TextAttribute: Codable, PartnerValue {
  static var expected: PartnerExpectation { .attribute(names: allCases.map(\.rawValue)) }

  public init(from decoder: any Decoder) throws {
    let text = try decoder.string(for: Self.self)
    guard let attribute = TextAttribute(rawValue: text) else {
      throw PartnerValueError(codingPath: decoder.codingPath, expected: Self.expected, missing: false)
    }
    self = attribute
  }
}

extension FeatureToggles: Codable, PartnerValue {
  /// The keys depend on the vocabulary read against; a wrong `features` names them (see `init(from:)`).
  static var expected: PartnerExpectation { .features(keys: []) }

  /// Reads the declared toggles the object sets; a key no module declares is an unknown key.
  public init(from decoder: any Decoder) throws {
    let toggles = decoder.vocabulary.toggles
    guard let container = try? decoder.container(keyedBy: AnyKey.self) else {
      throw PartnerValueError(codingPath: decoder.codingPath, expected: .features(keys: toggles), missing: false)
    }
    try decoder.noteUnknownKeys(known: toggles)
    var values: [String: Bool] = [:]
    for name in toggles {
      if let value = try container.optional(Bool.self, AnyKey(name)) { values[name] = value }
    }
    self.init(values)
  }

  /// Writes the toggles the partner sets, by name.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: AnyKey.self)
    for name in values.keys.sorted() {
      try container.encode(values[name], forKey: AnyKey(name))
    }
  }
}

extension AnalyticsSelection: Codable, PartnerValue {
  enum CodingKeys: String, CodingKey, CaseIterable {
    case providers
  }

  static var expected: PartnerExpectation { .analytics }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.object(Self.self, keyedBy: CodingKeys.self)
    try decoder.noteUnknownKeys(known: CodingKeys.allCases.map(\.rawValue))
    var providers: [AnalyticsProviderName] = []
    for provider in try container.required([AnalyticsProviderName].self, .providers) where !providers.contains(provider)
    {
      providers.append(provider)
    }
    self.providers = providers
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(providers, forKey: .providers)
  }
}

extension AnalyticsProviderName: Codable, PartnerValue {
  static var expected: PartnerExpectation { .provider(names: allCases.map(\.rawValue)) }

  public init(from decoder: any Decoder) throws {
    let text = try decoder.string(for: Self.self)
    guard let provider = AnalyticsProviderName(rawValue: text) else {
      throw PartnerValueError(codingPath: decoder.codingPath, expected: Self.expected, missing: false)
    }
    self = provider
  }
}

extension [String] {
  /// `a, b and c` (or `a, b or c`).
  func listed(or: Bool = false) -> String {
    guard count > 1 else { return first ?? "" }
    return dropLast().joined(separator: ", ") + (or ? " or " : " and ") + last!
  }

  var listed: String { listed() }
}
