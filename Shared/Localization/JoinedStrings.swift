extension Array where Element == String {
  /// The strings one after another, `separator` between each two: what the standard library's
  /// `joined(separator:)` returns. Its version is generic over any collection and not inlinable, so
  /// that a process's first call resolves `Array`'s associated types by their mangled names at run
  /// time, a scan of every protocol conformance of the app included: some 0.19 M instructions,
  /// paid by each command at start-up (`Scripts/bench`'s start-up rows). This one, on an array of
  /// strings alone, is compiled into its callers.
  public func joined(separator: String = "") -> String {
    guard var text = first else { return "" }
    text.reserveCapacity(reduce(separator.utf8.count * (count - 1)) { $0 + $1.utf8.count })
    for element in dropFirst() {
      text += separator
      text += element
    }
    return text
  }
}
