#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Numbers in the C locale, as `printf` writes them, for texts that are not a person's language
/// (stored alerts, wire texts, logs): the same bytes on every machine.
public enum PrintfNumber {
  /// `value` with exactly `fractionDigits` digits after a `.`, rounded from its exact binary value
  /// as `printf("%.*f")` rounds it (`29.6`, `-0.0`, `nan`, `inf`).
  public static func fixed(_ value: Double, fractionDigits: Int) -> String {
    var buffer = [CChar](repeating: 0, count: 512)
    let digits = Int32(min(max(fractionDigits, 0), 100))
    let count = withVaList([digits, value]) { vsnprintf(&buffer, buffer.count, "%.*f", $0) }
    let length = max(0, min(Int(count), buffer.count - 1))
    return String(decoding: buffer.prefix(length).map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }
}
