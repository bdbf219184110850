import Localization

extension FlowContext {
  /// Shows a result the way the presentation wants it: for `--json`, `value` as the command's one
  /// JSON document; otherwise `text(value, theme, translator)` — a screen's render function — in
  /// the terminal's theme and language.
  public func show<Value: Encodable>(_ value: Value, as text: (Value, Theme, Translator) -> String) throws {
    if json {
      try printJSON(value)
    } else {
      terminal.print(text(value, theme, translator))
    }
  }

  /// Shows an outcome: for `--json`, `value` (e.g. the acknowledgement) as the command's one JSON
  /// document; otherwise `line` in `style`, e.g. `.ok` for "Done: …".
  public func show<Value: Encodable>(_ value: Value, line: some TextArgument, style: Theme.Style) throws {
    try show(value) { _, theme, translator in theme.apply(style, to: translator(line.localizedText)) }
  }
}
