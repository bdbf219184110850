/// Every element's style on every screen, resolved: what a theme draws with.
///
/// The trickle-down, from the least to the most specific level, property by property (a level that
/// leaves a property out inherits it from the level below):
/// 1. the schema's base style of the element type (the framework's "super style");
/// 2. the schema's style of that element on that screen;
/// 3. the partner's `theme.base` for the element type;
/// 4. the partner's `theme.screens.<screen>.<element>`.
public struct StyleSheet: Sendable, Equatable {
  /// Each element type's style where no screen is named (levels 1 and 3).
  public let base: [StyleElement: TextStyle]
  /// Each element type's style on each screen (all four levels).
  public let screens: [StyleScreen: [StyleElement: TextStyle]]

  /// The sheet of `schema` with `theme` over it (the framework's own styles when `theme` is nil). A
  /// screen the theme styles that the schema does not list gets levels 1, 3 and 4.
  public init(schema: StyleSchema = .framework, theme: PartnerTheme? = nil) {
    var base: [StyleElement: TextStyle] = [:]
    var screens: [StyleScreen: [StyleElement: TextStyle]] = [:]
    for element in StyleElement.allCases {
      base[element] = (schema.elements[element]?.style ?? TextStyle()).overlaid(by: theme?.base[element])
    }
    for screen in Set(schema.screens.keys).union(theme.map { Array($0.screens.keys) } ?? []) {
      var styles: [StyleElement: TextStyle] = [:]
      for element in StyleElement.allCases {
        styles[element] = (schema.elements[element]?.style ?? TextStyle())
          .overlaid(by: schema.screens[screen]?.styles[element])
          .overlaid(by: theme?.base[element])
          .overlaid(by: theme?.screens[screen]?[element])
      }
      screens[screen] = styles
    }
    self.base = base
    self.screens = screens
  }

  /// The framework's own styles of the element types, on no screen in particular.
  public static let defaults = StyleSheet()

  /// The style of `element` on `screen` (nil: where no screen is named).
  public func style(_ element: StyleElement, on screen: StyleScreen?) -> TextStyle {
    if let screen, let style = screens[screen]?[element] { return style }
    return base[element] ?? TextStyle()
  }
}
