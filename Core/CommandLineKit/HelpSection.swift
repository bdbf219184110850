import Localization

/// An extra section of a program's help after SUBCOMMANDS: a title and a body, e.g. EXIT CODES.
public struct HelpSection: Sendable {
  /// The title, printed in capitals with a colon after it.
  public let title: LocalizedText
  /// The body, printed indented; its line breaks are kept.
  public let body: LocalizedText

  /// A section titled `title` with `body`.
  public init(_ title: some TextArgument, _ body: some TextArgument) {
    self.title = title.localizedText
    self.body = body.localizedText
  }

  /// The exit codes every executable of the workspace documents.
  public static var exitCodes: HelpSection { HelpSection(Strings.exitSection, ExitCode.summary) }
}
