import Foundation

/// What the factory wrote, read back from the disk once it is done (after `swift format` and the
/// module graph's redraw): every file it created with its line count, every file it edited with the
/// lines added and removed. Printed as the factory's last lines, so that "files touched, lines the
/// factory wrote" is a fact of the run, not an estimate.
struct ChangeSummary: Equatable {
  /// A file created: its path in the workspace and its number of lines.
  struct NewFile: Equatable {
    let path: String
    let lines: Int
  }

  /// A file edited: its path in the workspace and the lines added and removed.
  struct EditedFile: Equatable {
    let path: String
    let added: Int
    let removed: Int
  }

  let newFiles: [NewFile]
  let editedFiles: [EditedFile]

  /// The summary of `plan` as the files are now under its root.
  init(plan: ModulePlan) {
    let read = { (path: String) in
      (try? String(contentsOf: plan.root.appendingPathComponent(path), encoding: .utf8)) ?? ""
    }
    newFiles = plan.newFiles.map { NewFile(path: $0.path, lines: Self.lines(of: read($0.path)).count) }
    editedFiles = plan.editedFiles.map { edit in
      let before = Self.lines(of: edit.original ?? "")
      let after = Self.lines(of: read(edit.path))
      let kept = Self.commonLineCount(before, after)
      return EditedFile(path: edit.path, added: after.count - kept, removed: before.count - kept)
    }
  }

  init(newFiles: [NewFile], editedFiles: [EditedFile]) {
    self.newFiles = newFiles
    self.editedFiles = editedFiles
  }

  /// The lines the factory wrote: every line of the new files and every line added to an edited one.
  var linesWritten: Int { newFiles.reduce(0) { $0 + $1.lines } + editedFiles.reduce(0) { $0 + $1.added } }

  /// The report: a headline with the totals, then one line per file touched.
  var lines: [String] {
    let added = editedFiles.reduce(0) { $0 + $1.added }
    let removed = editedFiles.reduce(0) { $0 + $1.removed }
    let headline =
      "touched \(newFiles.count + editedFiles.count) files, \(linesWritten) lines written by the factory, 0 by hand: "
      + "\(newFiles.count) new (\(linesWritten - added) lines), \(editedFiles.count) edited (+\(added) -\(removed))"
    return [headline]
      + newFiles.map { "  new    \($0.path) (\($0.lines) lines)" }
      + editedFiles.map { "  edited \($0.path) (+\($0.added) -\($0.removed))" }
  }

  static func lines(of text: String) -> [Substring] {
    if text.isEmpty { return [] }
    return text.split(separator: "\n", omittingEmptySubsequences: false).dropLast(text.hasSuffix("\n") ? 1 : 0)
  }

  /// The length of the longest common subsequence of two texts' lines (what a line diff keeps).
  static func commonLineCount(_ before: [Substring], _ after: [Substring]) -> Int {
    // The factory's edits are small and local: skip the shared head and tail, then compare the rest.
    var head = 0
    while head < before.count, head < after.count, before[head] == after[head] { head += 1 }
    var tail = 0
    while tail < before.count - head, tail < after.count - head,
      before[before.count - 1 - tail] == after[after.count - 1 - tail]
    {
      tail += 1
    }
    let left = before[head..<(before.count - tail)]
    let right = Array(after[head..<(after.count - tail)])
    var previous = [Int](repeating: 0, count: right.count + 1)
    for line in left {
      var current = [Int](repeating: 0, count: right.count + 1)
      for (index, other) in right.enumerated() {
        current[index + 1] = line == other ? previous[index] + 1 : max(previous[index + 1], current[index])
      }
      previous = current
    }
    return head + tail + (previous.last ?? 0)
  }
}
