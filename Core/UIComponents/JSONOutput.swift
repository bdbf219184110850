import FoundationEssentials
import Logging

/// JSON for scripts (`--json`): pretty-printed, sorted keys, ISO-8601 dates (Logging's
/// `UTCTimestamp`: no ICU time-zone data loaded), unescaped slashes.
public enum JSONOutput {
  /// `value` as JSON text without a trailing newline.
  public static func render<T: Encodable>(_ value: T) throws -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    encoder.dateEncodingStrategy = .utcTimestamp
    let data = try encoder.encode(value)
    return String(decoding: data, as: UTF8.self)
  }
}
