import Foundation

/// One difference between two versions of a module's API, and whether code that compiled against the
/// old one may stop compiling (breaking) or not (additive: the file must still be updated and reviewed).
struct APIChange: Equatable, Sendable {
  enum Kind: String, Sendable {
    case added, removed, changed
  }

  var kind: Kind
  var isBreaking: Bool
  /// The group it is in (`protocol CosmonautClient`), nil for a group itself or a free declaration.
  var place: String?
  /// The line before and after (without indentation).
  var old: String?
  var new: String?
  /// What changed and why it breaks or not, one phrase each.
  var reasons: [String]

  /// `breaking: removed from protocol P: func f() (reason)`
  var rendered: String {
    let verdict = isBreaking ? "breaking" : "additive"
    let preposition = kind == .added ? "to" : kind == .removed ? "from" : "in"
    let place = self.place.map { " \(preposition) \($0)" } ?? ""
    let what =
      switch kind {
      case .added: new ?? ""
      case .removed: old ?? ""
      case .changed: "\(old ?? "") → \(new ?? "")"
      }
    let why = reasons.isEmpty ? "" : " (\(reasons.joined(separator: "; ")))"
    return "\(verdict): \(kind.rawValue)\(place): \(what)\(why)"
  }
}

/// Compares two versions of an API file the way `swift package diagnose-api-breaking-changes` judges
/// source compatibility for a package built without library evolution: a removed or changed
/// declaration breaks, an added one does not, except what a client's code depends on being complete
/// (a protocol's requirements, an enum's cases, a refined protocol, an open class's designated
/// initializers). Where SwiftPM's verdict is not the naive one, it follows SwiftPM (Scripts/README.md).
enum APIComparison {
  /// Every difference from `old` to `new`, groups in key order, members in key order within them.
  static func changes(from old: APIFile, to new: APIFile) -> [APIChange] {
    var changes: [APIChange] = []
    let before = Dictionary(grouping: old.groups, by: \.header.key)
    let after = Dictionary(grouping: new.groups, by: \.header.key)
    for key in Set(before.keys).union(after.keys).sorted() {
      let oldGroups = before[key] ?? []
      let newGroups = after[key] ?? []
      switch (oldGroups.first, newGroups.first) {
      case (let group?, nil):
        changes.append(removed(group.header, place: nil, memberCount: oldGroups.flatMap(\.members).count))
      case (nil, let group?):
        let count = newGroups.flatMap(\.members).count
        changes.append(
          APIChange(
            kind: .added, isBreaking: false, place: nil, old: nil, new: group.header.text,
            reasons: count == 0 ? [] : ["with \(count) member\(count == 1 ? "" : "s")"]))
      case (let oldGroup?, let newGroup?):
        if !sameLine(oldGroup.header, newGroup.header) {
          changes.append(changed(oldGroup.header, newGroup.header, place: nil))
        }
        changes += compare(
          oldGroups.flatMap(\.members), newGroups.flatMap(\.members), in: oldGroup.header, newGroup.header)
      case (nil, nil): break
      }
    }
    return changes + compare(old.loose, new.loose, in: nil, nil)
  }

  /// Members of one group (or the free declarations): paired by key; the same line twice is no change.
  private static func compare(
    _ old: [APIDeclaration], _ new: [APIDeclaration], in oldGroup: APIDeclaration?, _ newGroup: APIDeclaration?
  ) -> [APIChange] {
    let place = (newGroup ?? oldGroup)?.title
    let before = Dictionary(grouping: old, by: \.memberKey)
    let after = Dictionary(grouping: new, by: \.memberKey)
    var changes: [APIChange] = []
    for key in Set(before.keys).union(after.keys).sorted() {
      var removed = before[key] ?? []
      var added = after[key] ?? []
      removed.removeAll { line in
        guard let match = added.firstIndex(where: { sameLine($0, line) }) else { return false }
        added.remove(at: match)
        return true
      }
      for (oldLine, newLine) in zip(removed, added) {
        changes.append(changed(oldLine, newLine, place: place))
      }
      for line in removed.dropFirst(added.count) {
        changes.append(Self.removed(line, place: place, memberCount: 0, from: newGroup))
      }
      for line in added.dropFirst(removed.count) {
        changes.append(Self.added(line, to: newGroup, place: place))
      }
    }
    return changes
  }

  private static func sameLine(_ a: APIDeclaration, _ b: APIDeclaration) -> Bool {
    a.text == b.text && a.hasDefaultImplementation == b.hasDefaultImplementation
  }

  private static func removed(
    _ line: APIDeclaration, place: String?, memberCount: Int, from group: APIDeclaration? = nil
  ) -> APIChange {
    // A conformance under conditions that the type now has without them: every caller still has it.
    if line.keyword == "extension", !line.inheritance.isEmpty, let group,
      Set(line.inheritance).isSubset(of: group.inheritance)
    {
      return APIChange(
        kind: .removed, isBreaking: false, place: place, old: line.text, new: nil,
        reasons: ["now without conditions: \(group.name) conforms to \(line.inheritance.joined(separator: ", "))"])
    }
    // Deprecated or not, a caller that still uses it stops compiling (SwiftPM agrees).
    let reasons = memberCount == 0 ? [] : ["and its \(memberCount) member\(memberCount == 1 ? "" : "s")"]
    return APIChange(kind: .removed, isBreaking: true, place: place, old: line.text, new: nil, reasons: reasons)
  }

  /// An added member breaks only what must be complete: a protocol's requirements, an enum's cases
  /// (every enum is exhaustive without library evolution), an open class's designated initializers.
  private static func added(_ line: APIDeclaration, to group: APIDeclaration?, place: String?) -> APIChange {
    var reason: String?
    if let group, group.keyword == "protocol", line.access == nil {
      if line.keyword == "associatedtype" {
        if line.defaultType.isEmpty {
          reason = "an associated type without a default: every conforming type must name it"
        }
      } else if !line.hasDefaultImplementation {
        reason = "a new requirement: every conforming type must implement it"
      }
    } else if let group, group.keyword == "enum", line.keyword == "case" {
      reason = "a new case: a switch over \(group.name) without a default stops compiling"
    } else if let group, group.keyword == "class", group.access == "open", line.keyword == "init",
      !line.modifiers.contains("convenience")
    {
      reason = "a new designated initializer of an open class: subclasses stop inheriting its convenience initializers"
    }
    return APIChange(
      kind: .added, isBreaking: reason != nil, place: place, old: nil, new: line.text,
      reasons: reason.map { [$0] } ?? [])
  }

  private static func changed(_ old: APIDeclaration, _ new: APIDeclaration, place: String?) -> APIChange {
    let differences = self.differences(old, new)
    var reasons = differences.map(\.phrase)
    if reasons.isEmpty { reasons = ["only the names of parameters inside the body changed"] }
    return APIChange(
      kind: .changed, isBreaking: differences.contains { $0.breaks }, place: place, old: old.text, new: new.text,
      reasons: reasons)
  }

  /// What differs between two versions of one declaration, and whether each difference breaks.
  static func differences(_ a: APIDeclaration, _ b: APIDeclaration) -> [(phrase: String, breaks: Bool)] {
    guard a.isUnderstood, b.isUnderstood else { return [("the declaration changed", true)] }
    var found: [(phrase: String, breaks: Bool)] = []
    func note(_ phrase: String, breaks: Bool) { found.append((phrase, breaks)) }

    let kind = { (declaration: APIDeclaration) in declaration.keyword == "let" ? "var" : declaration.keyword }
    if kind(a) != kind(b) { note("now a \(b.keyword), was a \(a.keyword)", breaks: true) }
    if a.access != b.access {
      switch (a.access, b.access) {
      case ("open", _): note("no longer open", breaks: true)
      case ("public", "open"): note("now open", breaks: false)
      case (nil, _): note("no longer a requirement", breaks: true)
      case (_, nil): note("now a requirement", breaks: true)
      default: note("now \(b.access ?? "internal"), was \(a.access ?? "internal")", breaks: true)
      }
    }
    for modifier in Set(b.modifiers).subtracting(a.modifiers).sorted() {
      note("now \(modifier)", breaks: modifier != "override")
    }
    for modifier in Set(a.modifiers).subtracting(b.modifiers).sorted() {
      note("no longer \(modifier)", breaks: modifier != "final" && modifier != "override")
    }
    for attribute in Set(b.attributes).subtracting(a.attributes).sorted() {
      note("now \(attribute)", breaks: !isHarmless(attribute))
    }
    for attribute in Set(a.attributes).subtracting(b.attributes).sorted() {
      note("no longer \(attribute)", breaks: !isHarmless(attribute))
    }
    if a.genericParameters != b.genericParameters || a.whereClause != b.whereClause {
      note("generic signature \(signature(a)) → \(signature(b))", breaks: true)
    }
    if a.failability != b.failability { note("now init\(b.failability), was init\(a.failability)", breaks: true) }
    parameterDifferences(a, b, note)
    effectDifferences(a, b, note)
    if a.type != b.type {
      let what = ["func", "subscript"].contains(a.keyword) ? "returns" : a.keyword == "case" ? "raw value" : "type"
      note("\(what) \(a.type.isEmpty ? "()" : a.type) → \(b.type.isEmpty ? "()" : b.type)", breaks: true)
    }
    let oldAccessors = accessors(a)
    let newAccessors = accessors(b)
    if oldAccessors != newAccessors {
      if oldAccessors.contains("set") && !newAccessors.contains("set") {
        note("no longer settable", breaks: true)
      } else if !oldAccessors.contains("set") && newAccessors.contains("set")
        && oldAccessors == newAccessors.filter({ $0 != "set" })
      {
        note("now settable", breaks: false)
      } else {
        note(
          "accessors { \(oldAccessors.joined(separator: " ")) } → { \(newAccessors.joined(separator: " ")) }",
          breaks: true)
      }
    }
    for item in Set(a.inheritance).subtracting(b.inheritance).sorted() {
      note("no longer conforms to or inherits \(item)", breaks: true)
    }
    for item in Set(b.inheritance).subtracting(a.inheritance).sorted() {
      // A protocol that refines another asks every conforming type for more (SwiftPM: conformance added).
      let asksMore = a.keyword == "protocol" || a.keyword == "associatedtype"
      note(asksMore ? "now requires \(item) of every conforming type" : "now conforms to \(item)", breaks: asksMore)
    }
    if a.defaultType != b.defaultType {
      if b.defaultType.isEmpty {
        note("no default type any more", breaks: true)
      } else {
        note(
          "default type \(a.defaultType.isEmpty ? "none" : a.defaultType) → \(b.defaultType)",
          breaks: !a.defaultType.isEmpty)
      }
    }
    if a.hasDefaultImplementation && !b.hasDefaultImplementation {
      note("no default implementation any more: every conforming type must implement it", breaks: true)
    } else if !a.hasDefaultImplementation && b.hasDefaultImplementation {
      note("now has a default implementation", breaks: false)
    }
    return found
  }

  private static func parameterDifferences(
    _ a: APIDeclaration, _ b: APIDeclaration, _ note: (String, Bool) -> Void
  ) {
    guard a.parameters.count == b.parameters.count else {
      let list = { (parameters: [APIDeclaration.Parameter]) in
        "(" + parameters.map { $0.label == "_" ? $0.type : "\($0.label): \($0.type)" }.joined(separator: ", ") + ")"
      }
      note("associated values \(list(a.parameters)) → \(list(b.parameters))", true)
      return
    }
    for (index, (old, new)) in zip(a.parameters, b.parameters).enumerated() {
      let name = "parameter \(index + 1)" + (old.label == "_" ? "" : " (\(old.label))")
      if old.label != new.label { note("\(name): label \(old.label) → \(new.label)", true) }
      if old.type != new.type { note("\(name): \(old.type) → \(new.type)", true) }
      switch (old.defaultValue, new.defaultValue) {
      case (.some, nil): note("\(name): no default value any more", true)
      case (nil, .some): note("\(name): now has a default value", false)
      case (let before?, let after?) where before != after: note("\(name): default \(before) → \(after)", false)
      default: break
      }
    }
  }

  private static func effectDifferences(_ a: APIDeclaration, _ b: APIDeclaration, _ note: (String, Bool) -> Void) {
    let throwing = { (declaration: APIDeclaration) in
      declaration.effects.first { $0.hasPrefix("throws") || $0 == "rethrows" }
    }
    switch (throwing(a), throwing(b)) {
    case (nil, let now?): note("now \(now)", true)
    case (.some, nil): note("no longer throws", false)
    case (let before?, let after?) where before != after: note("\(before) → \(after)", true)
    default: break
    }
    let wasAsync = a.effects.contains("async")
    let isAsync = b.effects.contains("async")
    if !wasAsync && isAsync { note("now async", true) }
    if wasAsync && !isAsync { note("no longer async", true) }
  }

  /// Deprecating, or marking a result discardable, changes no caller's build.
  private static func isHarmless(_ attribute: String) -> Bool {
    if attribute == "@discardableResult" { return true }
    return attribute.hasPrefix("@available(") && attribute.contains("deprecated")
      && !attribute.contains("unavailable") && !attribute.contains("obsoleted")
  }

  private static func signature(_ declaration: APIDeclaration) -> String {
    let text =
      declaration.genericParameters + (declaration.whereClause.isEmpty ? "" : " where " + declaration.whereClause)
    return text.isEmpty ? "none" : text.trimmingCharacters(in: .whitespaces)
  }

  /// What a property or subscript offers: a stored `var` reads and writes, a `let` only reads.
  private static func accessors(_ declaration: APIDeclaration) -> [String] {
    guard declaration.accessors.isEmpty else { return declaration.accessors }
    switch declaration.keyword {
    case "var": return ["get", "set"]
    case "let": return ["get"]
    default: return []
    }
  }
}
