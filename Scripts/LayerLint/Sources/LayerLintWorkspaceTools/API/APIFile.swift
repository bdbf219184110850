/// An API file read back: its groups (a type or extended type and its members) and the declarations
/// outside any group. Comment lines (`//` at the start) and blank lines carry no API.
struct APIFile: Equatable, Sendable {
  /// A line at the start of a line that declares a type or extends one, and the lines indented under it.
  struct Group: Equatable, Sendable {
    var header: APIDeclaration
    var members: [APIDeclaration]
  }

  var groups: [Group] = []
  /// Free functions, variables, type aliases: lines at the start of a line that open no group.
  var loose: [APIDeclaration] = []

  /// Reads `text`.
  init(parsing text: String) {
    var isGroupOpen = false  // whether indented lines belong to the last group (a loose line closes it)
    for rawLine in text.split(separator: "\n", omittingEmptySubsequences: false) {
      let line = rawLine.hasSuffix("\r") ? rawLine.dropLast() : rawLine
      let body = line.drop { $0 == " " }
      guard !body.isEmpty, !body.hasPrefix("//") else { continue }
      let declaration = APIDeclaration(parsing: String(body))
      if body.count < line.count, !groups.isEmpty, isGroupOpen {
        groups[groups.count - 1].members.append(declaration)
      } else if declaration.isTypeLike {
        groups.append(Group(header: declaration, members: []))
        isGroupOpen = true
      } else {
        loose.append(declaration)
        isGroupOpen = false
      }
    }
  }

  /// Every declaration, headers included.
  var declarationCount: Int { groups.reduce(loose.count) { $0 + 1 + $1.members.count } }
}
