/// The list of every element a partner can style, by element type and by screen, with the
/// framework's own styles — the contract between partner files and the code that draws screens.
///
/// The workspace's schema is `Styles/schema.json`; the PartnerFiles build plugin turns it into
/// ``StyleElement``, ``StyleScreen`` and `StyleSchema.workspace`, so code names elements and
/// screens only through generated constants and a wrong name fails the build.
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
    /// The element types the screen shows.
    public let elements: [StyleElement]
    /// The framework's styles for this screen, over the base.
    public let styles: [StyleElement: TextStyle]

    /// A screen showing `elements`, with the framework's `styles` for it.
    public init(elements: [StyleElement], styles: [StyleElement: TextStyle] = [:]) {
      self.elements = elements
      self.styles = styles
    }
  }

  /// Every element type.
  public let elements: [StyleElement: Element]
  /// Every screen.
  public let screens: [StyleScreen: Screen]

  /// A schema of these element types and screens.
  public init(elements: [StyleElement: Element], screens: [StyleScreen: Screen]) {
    self.elements = elements
    self.screens = screens
  }

  /// The element types a partner file must set in `theme.base`, in schema order.
  public var requiredElements: [StyleElement] {
    StyleElement.allCases.filter { elements[$0]?.required == true }
  }
}
