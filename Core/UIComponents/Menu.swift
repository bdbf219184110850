import Localization

/// A choice a screen offers: what it says and the key that picks it besides its number.
///
/// A screen declares its choices as an enum, in menu order, so `choose(on:)` returns a value and the
/// handler `switch`es over every case: the compiler catches a choice nobody handles. A `String` raw
/// value is the key.
///
/// ```swift
/// enum SuppliesChoice: String, MenuChoice, CaseIterable {
///   case consume = "c", restock = "r", back = "b"
///   var title: LocalizedText { switch self { case .consume: Strings.consume; … } }
/// }
/// ```
public protocol MenuChoice: Sendable {
  /// The short word that selects the choice, e.g. `"r"`: what a person types, never what code compares.
  var key: String { get }
  /// What the choice does, in every language.
  var title: LocalizedText { get }
}

extension MenuChoice where Self: RawRepresentable, Self.RawValue == String {
  /// The case's raw value: `case refresh = "r"`.
  public var key: String { rawValue }
}

/// A numbered list of choices, each also reachable by its key; choosing returns the choice's value.
///
/// ```
/// Spacesuit
///   1) Telemetry  [t]
///   2) Back       [b]
/// ```
public struct Menu<Choice: Sendable>: Sendable {
  /// One line of the menu: typed as its number or its `key` (case-insensitive), it picks `choice`.
  public struct Item: Sendable {
    /// What the item does, in every language.
    public let title: LocalizedText
    /// The short word that selects the item, e.g. `"q"`.
    public let key: String
    /// What choosing the item returns.
    public let choice: Choice

    /// An item titled `title`, picked by `key`, that chooses `choice`.
    public init(_ title: some TextArgument, key: String, choice: Choice) {
      self.title = title.localizedText
      self.key = key
      self.choice = choice
    }

    /// The same item choosing `transform(choice)`.
    public func map<Other>(_ transform: (Choice) -> Other) -> Menu<Other>.Item {
      Menu<Other>.Item(title, key: key, choice: transform(choice))
    }
  }

  /// The heading line (none when empty).
  public let title: LocalizedText
  /// The choices, numbered from 1 in this order.
  public let items: [Item]

  /// A menu with a title and items.
  public init(_ title: some TextArgument, items: [Item]) {
    self.title = title.localizedText
    self.items = items
  }

  /// The title and one line per item — number, title, key — in `translator`'s language (no trailing newline).
  public func render(_ theme: Theme, translator: Translator = .english) -> String {
    let titles = items.map { translator($0.title) }
    let numberWidth = String(items.count).count
    let titleWidth = titles.map(TextWidth.visibleWidth).max() ?? 0
    var lines: [String] = []
    let heading = translator(title)
    if !heading.isEmpty { lines.append(theme.apply(.title, to: heading)) }
    for (index, item) in items.enumerated() {
      let number = TextWidth.pad(String(index + 1), to: numberWidth, rightAligned: true)
      let title = TextWidth.pad(titles[index], to: titleWidth)
      lines.append("  \(theme.apply(.label, to: number + ")")) \(title)  \(theme.apply(.dim, to: "[\(item.key)]"))")
    }
    return lines.joined(separator: "\n")
  }

  /// The item for an answer: its number (`"1"`…) or its key, case-insensitive; `nil` if none matches.
  public func item(forAnswer answer: String) -> Item? {
    let answer = answer.trimmingWhitespace()
    guard !answer.isEmpty else { return nil }
    if let number = WrittenNumber.integer(answer), (1...items.count).contains(number) { return items[number - 1] }
    return items.first { $0.key.lowercased() == answer.lowercased() }
  }

  /// The prompt shown under the menu, e.g. `Choose 1-3 or a key: `.
  var prompt: LocalizedText {
    items.count == 1 ? Strings.menuPromptOne : Strings.menuPromptMany(count: items.count)
  }

  /// The one-line error for an answer that matches no item (the answer shown inert).
  func invalidAnswerMessage(_ answer: String) -> LocalizedText {
    let keys = items.map(\.key).joined(separator: ", ")
    return Strings.menuNotAChoice(answer: InertText(answer), count: items.count, keys: keys)
  }

  /// Prints the menu (styled with `theme`, by default the terminal's; in the terminal's language),
  /// reads a choice (number or key, case-insensitive) and re-prompts with a one-line error after an
  /// invalid answer (an empty answer just re-prompts). Returns the chosen value; `nil` when the
  /// person goes back (Ctrl-D, Ctrl-C), input ends, or the menu is empty.
  @MainActor public func choose(on terminal: Terminal, theme: Theme? = nil) -> Choice? {
    guard !items.isEmpty else { return nil }
    terminal.print(render(theme ?? terminal.theme, translator: terminal.translator))
    while let answer = terminal.readLine(prompt: terminal.translator(prompt)) {
      if let item = item(forAnswer: answer) { return item.choice }
      let trimmed = answer.trimmingWhitespace()
      if !trimmed.isEmpty { terminal.printError(invalidAnswerMessage(trimmed)) }
    }
    return nil
  }
}

extension Menu where Choice: MenuChoice {
  /// A menu titled `title` offering `choices`, in this order (a screen leaves out a choice the app
  /// cannot offer, e.g. a destination no hosted domain shows).
  public init(_ title: some TextArgument, choices: [Choice]) {
    self.init(title, items: choices.map { Item($0.title, key: $0.key, choice: $0) })
  }
}

extension Menu where Choice: MenuChoice & CaseIterable {
  /// A menu titled `title` offering every choice, in the order the enum declares them.
  public init(_ title: some TextArgument) {
    self.init(title, choices: Array(Choice.allCases))
  }
}

extension String {
  /// The string without leading and trailing spaces, tabs and line breaks.
  func trimmingWhitespace() -> String {
    let isBlank: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\r" || $0 == "\n" || $0 == "\r\n" }
    return String(drop(while: isBlank).reversed().drop(while: isBlank).reversed())
  }
}
