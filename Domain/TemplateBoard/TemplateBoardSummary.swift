/// What the TemplateBoard domain shows: its name, its status and its commands — the screen's value and,
/// as it is, the `--json` document of `template-board`.
struct TemplateBoardSummary: Encodable, Equatable, Sendable {
  /// Whether the domain can do its work.
  enum Status: String, Encodable, Sendable {
    /// It can: every command answers.
    case ready
  }

  /// The module name.
  let domain: String
  /// Whether it can do its work.
  let status: Status
  /// Its commands as a person types them.
  let commands: [String]

  /// The domain as it is now.
  static var current: TemplateBoardSummary {
    TemplateBoardSummary(
      domain: TemplateBoardDomain.moduleName, status: .ready,
      commands: TemplateBoardRoute.commands.map { $0.path.joined(separator: " ") })
  }
}
