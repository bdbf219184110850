import JSONCoding
import Logging

/// JSON for scripts (`--json`): pretty-printed, sorted keys, ISO-8601 dates (Logging's
/// `UTCTimestamp`: no ICU time-zone data loaded), unescaped slashes — what `JSONEncoder` writes with
/// `[.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]` and `.utcTimestamp`, through JSONCoding's
/// encoder (`JSONTextLayout.readable`), which spares a short command the first-use cost of
/// FoundationEssentials' generic Codable machinery.
public enum JSONOutput {
  /// The encoder, made once: it keeps no state between calls.
  private static let encoder = JSONTextEncoder(
    dates: JSONDateText(write: UTCTimestamp.string(from:), read: UTCTimestamp.date(from:)), layout: .readable)

  /// `value` as JSON text without a trailing newline.
  public static func render<T: Encodable>(_ value: T) throws -> String {
    String(decoding: try encoder.encodedBytes(value), as: UTF8.self)
  }
}
