import Localization

/// A type whose values are the destinations of one domain, declared once with their commands.
///
/// The book's `enum CosmonautLink: DeepLink`: each route reads from and prints to its command-line
/// words and its deep link through ``commands``, and prints itself through ``invocation``. Strings
/// exist only at that edge; inside the app a route is a value.
public protocol CommandRoute: Hashable, Sendable {
  /// Every command that reaches a route of this type.
  static var commands: [Command<Self>] { get }
  /// Groups of commands with their own help and aliases (e.g. `suit`, alias `spacesuit`).
  static var groups: [CommandGroup] { get }
  /// The command and values that reach this route.
  var invocation: CommandInvocation { get }
}

extension CommandRoute {
  public static var groups: [CommandGroup] { [] }

  /// The route's deep link, e.g. `supplies/consume?item=water&quantity=2`.
  public var link: DeepLink { invocation.link }

  /// The route's command-line words, e.g. `["supplies", "consume", "water", "2"]`.
  public var words: [String] {
    CommandTree(commands: Self.commands, groups: Self.groups).words(for: invocation)
  }

  /// The route a deep link names, validated like the command line (values as a reader of
  /// `language` writes them); a ``UsageError`` says what is wrong.
  public init(link: DeepLink, language: Language = .english) throws(UsageError) {
    self = try CommandTree(commands: Self.commands, groups: Self.groups).route(for: link, language: language)
  }

  /// The route command-line words name (without the program name and global options), values
  /// read as a reader of `language` writes them.
  public init(words: [String], language: Language = .english) throws(UsageError) {
    let parsed = try CommandTree(commands: Self.commands, groups: Self.groups).parse(
      words, programName: "", language: language)
    self = parsed.route
  }
}
