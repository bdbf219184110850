/// How `JSONTextEncoder` lays out its text; keys are sorted either way.
public enum JSONTextLayout: Sendable {
  /// One line, no spaces, `/` escaped as `\/`: what `JSONEncoder` writes with `.sortedKeys`.
  case compact
  /// A member or element a line, indented by two spaces a level, `"key" : value`, `/` as it is: what
  /// `JSONEncoder` writes with `[.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]` (an empty
  /// array or object as its brackets on two lines with an empty line between, as it does).
  case readable
}
