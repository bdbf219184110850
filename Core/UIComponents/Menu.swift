import Localization

/// A numbered list of choices, each also reachable by its key.
///
/// ```
/// Spacesuit
///   1) Telemetry  [t]
///   2) Back       [b]
/// ```
public struct Menu: Sendable, Equatable {
  /// One choice: typed as its number or its `key` (case-insensitive).
  public struct Item: Sendable, Hashable {
    /// The short word that selects the item, e.g. `"q"`.
    public let key: String
    /// What the item does, shown to the user.
    public let title: String

    /// A choice with a key and a title.
    public init(key: String, title: String) {
      self.key = key
      self.title = title
    }
  }

  /// The heading line.
  public let title: String
  /// The choices, numbered from 1 in this order.
  public let items: [Item]

  /// A menu with a title and choices.
  public init(title: String, items: [Item]) {
    self.title = title
    self.items = items
  }

  /// The title and one line per item: number, title, key (no trailing newline).
  public func render(_ theme: Theme) -> String {
    let numberWidth = String(items.count).count
    let titleWidth = items.map { TextWidth.visibleWidth($0.title) }.max() ?? 0
    var lines: [String] = []
    if !title.isEmpty { lines.append(theme.apply(.title, to: title)) }
    for (index, item) in items.enumerated() {
      let number = TextWidth.pad(String(index + 1), to: numberWidth, rightAligned: true)
      let title = TextWidth.pad(item.title, to: titleWidth)
      lines.append("  \(theme.apply(.label, to: number + ")")) \(title)  \(theme.apply(.dim, to: "[\(item.key)]"))")
    }
    return lines.joined(separator: "\n")
  }

  /// The item for an answer: its number (`"1"`…) or its key, case-insensitive; `nil` if none matches.
  public func item(forAnswer answer: String) -> Item? {
    let answer = answer.trimmingWhitespace()
    guard !answer.isEmpty else { return nil }
    if let number = Int(answer), (1...items.count).contains(number) { return items[number - 1] }
    return items.first { $0.key.lowercased() == answer.lowercased() }
  }

  /// The prompt shown under the menu, e.g. `Choose 1-3 or a key: `.
  var prompt: LocalizedText {
    items.count == 1 ? Strings.menuPromptOne : Strings.menuPromptMany(count: items.count)
  }

  /// The one-line error for an answer that matches no item.
  func invalidAnswerMessage(_ answer: String) -> LocalizedText {
    let keys = items.map(\.key).joined(separator: ", ")
    return Strings.menuNotAChoice(answer: answer, count: items.count, keys: keys)
  }

  /// Prints the menu (styled with `theme`, by default the terminal's), reads a choice (number or key,
  /// case-insensitive) and re-prompts with a one-line error after an invalid answer (an empty answer
  /// just re-prompts); `nil` at end of input or when empty.
  @MainActor public func choose(on terminal: Terminal, theme: Theme? = nil) -> Item? {
    guard !items.isEmpty else { return nil }
    terminal.print(render(theme ?? terminal.theme))
    while let answer = terminal.readLine(prompt: terminal.translator(prompt)) {
      if let item = item(forAnswer: answer) { return item }
      let trimmed = answer.trimmingWhitespace()
      if !trimmed.isEmpty { terminal.printError(invalidAnswerMessage(trimmed)) }
    }
    return nil
  }
}

extension String {
  /// The string without leading and trailing spaces and tabs.
  func trimmingWhitespace() -> String {
    let isBlank: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\r" || $0 == "\n" }
    return String(drop(while: isBlank).reversed().drop(while: isBlank).reversed())
  }
}
