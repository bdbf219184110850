import Base

/// The main menu: its title comes from the string tables; one entry does not yet.
public struct Menu {
  public let title = Strings.menuTitle
  public let quit = "Quit"
  public let station = "Zvezda"  // untranslated: the module's name in every language

  public init() {}

  public func show(logger: Logger) {
    logger.info("Showing the main menu")
    print("Choose an entry:")
  }
}
