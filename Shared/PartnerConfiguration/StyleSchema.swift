/// What a partner can style, with the framework's own styles — the contract between partner files
/// and the code that draws screens: every element type (the framework's, `Styles/schema.json`) and
/// the screens of an app (declared by the modules that draw them, see ``PartnerVocabulary``).
///
/// The StyleKeys build plugin turns `Styles/schema.json` into ``StyleElement`` and
/// ``StyleSchema/framework`` (reading nothing else), and the PartnerFiles plugin each module's
/// declared screens into ``StyleScreen`` constants, so
/// code names elements and screens only through generated constants and a wrong name fails the build.
public struct StyleSchema: Sendable, Equatable {
  /// One element type: the framework's style for it, and whether every partner must set it in
  /// `theme.base`.
  public struct Element: Sendable, Equatable {
    /// The framework's base style (every property set).
    public let style: TextStyle
    /// Whether a partner file must set the element in `theme.base`.
    public let required: Bool

    /// An element type with its base style.
    public init(style: TextStyle, required: Bool) {
      self.style = style
      self.required = required
    }
  }

  /// One screen: the elements it shows (the ones a partner may style for it) and the framework's
  /// styles for some of them on this screen.
  public struct Screen: Sendable, Equatable {
    /// The screen's name.
    public let name: StyleScreen
    /// The element types the screen shows.
    public let elements: [StyleElement]
    /// The framework's styles for this screen, over the base.
    public let styles: [StyleElement: TextStyle]

    /// The screen `name`, showing `elements`, with the framework's `styles` for it.
    public init(_ name: StyleScreen, elements: [StyleElement], styles: [StyleElement: TextStyle] = [:]) {
      self.name = name
      self.elements = elements
      self.styles = styles
    }
  }

  /// Every element type.
  public let elements: [StyleElement: Element]
  /// Every screen, by name.
  public let screens: [StyleScreen: Screen]

  /// A schema of these element types and screens (a screen listed twice keeps its first entry).
  public init(elements: [StyleElement: Element], screens: [Screen] = []) {
    self.elements = elements
    var byName: [StyleScreen: Screen] = [:]
    for screen in screens where byName[screen.name] == nil { byName[screen.name] = screen }
    self.screens = byName
  }

  /// The element types a partner file must set in `theme.base`, in schema order.
  public var requiredElements: [StyleElement] {
    StyleElement.allCases.filter { elements[$0]?.required == true }
  }
}

/// A screen a partner can style apart from the others, by the name partner files give it
/// (`theme.screens.<name>`).
///
/// The module that draws a screen declares it (its `PartnerVocabulary.json`), which makes it a
/// constant: a screen names itself with `theme.screen(.someScreen)`.
public struct StyleScreen: Sendable, Hashable, Comparable, CustomStringConvertible {
  /// The screen's key in a partner file's `theme.screens`.
  public let name: String

  /// The screen `name`.
  public init(_ name: String) {
    self.name = name
  }

  public var description: String { name }

  public static func < (lhs: StyleScreen, rhs: StyleScreen) -> Bool { lhs.name < rhs.name }
}
