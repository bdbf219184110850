import Localization

/// The usage line of one command, and the hint that points to its help.
struct Usage {
  let line: String
  let hint: LocalizedText

  init<Route>(command: Command<Route>, programName: String) {
    var parts = [programName] + command.path
    parts += command.arguments.map(\.usage)
    parts += command.namedParameters.map { $0.isRequired ? $0.usage : "[\($0.usage)]" }
    if command.printsJSON { parts.append("[--json]") }
    line = parts.filter { !$0.isEmpty }.joined(separator: " ")
    hint =
      programName.isEmpty
      ? .verbatim("") : Strings.errorSeeCommandHelp(command: ([programName] + command.path).joined(separator: " "))
  }

  /// The deep-link form of a command with placeholders: `supplies/consume?item=<item>&quantity=<quantity>`.
  static func linkTemplate<Route>(_ command: Command<Route>) -> String {
    let path = command.path.joined(separator: "/")
    let required = command.parameters.filter(\.isRequired).map { "\($0.name)=<\($0.placeholder)>" }
    let optional = command.namedParameters.filter { !$0.isRequired }.map { parameter in
      parameter.kind == .flag ? "[\(parameter.name)=on]" : "[\(parameter.name)=<\(parameter.placeholder)>]"
    }
    let query = (required + optional).joined(separator: "&")
    return query.isEmpty ? path : "\(path)?\(query)"
  }
}
