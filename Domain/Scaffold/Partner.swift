import AppAnalytics
import FoundationEssentials
import Localization
import Logging
import PartnerConfiguration

/// A partner configuration that cannot be used: one line, and the exit code of its kind — 64 for a
/// partner (id or path) that does not exist, 65 for a file that is wrong, 74 for one that cannot be read.
struct PartnerError: ReportableError, TranslatedError, Equatable {
  let reason: PartnerConfigurationError

  var kind: ErrorKind {
    switch reason.kind {
    case .unknownPartner: .usage
    case .invalid: .rejected
    case .unreadable: .io
    }
  }

  /// The line in English (logs and analytics).
  var userMessage: String { reason.message }

  /// The line in the reader's language; an error made from a message alone keeps its message.
  var translatedMessage: LocalizedText { reason.problem.map(PartnerText.problem) ?? .verbatim(reason.message) }
}

/// Which partner an app runs with: `--partner` (or `$ISS_PARTNER`), else the app's own.
enum PartnerChoice {
  /// The partner `choice` names (an id of `catalogue` or a path, relative to the working directory),
  /// or `appDefault`, read against the app's `vocabulary`.
  static func load(
    _ choice: String?, appDefault: String, among catalogue: PartnerCatalogue, vocabulary: PartnerVocabulary
  ) throws(PartnerError) -> DecodedPartner {
    do {
      return try catalogue.load(choice ?? appDefault, vocabulary: vocabulary)
    } catch {
      throw PartnerError(reason: error)
    }
  }

  /// The analytics providers the partner switches on: the JSON-lines file `analytics.jsonl` in
  /// `directory` (written through `file`), and the console (standard error).
  static func analyticsProviders(
    _ selection: AnalyticsSelection, file: () throws -> RotatingLineFile?
  ) rethrows -> [any AnalyticsProvider] {
    try selection.providers.compactMap { provider -> (any AnalyticsProvider)? in
      switch provider {
      case .jsonLines:
        guard let file = try file() else { return nil }
        // An error's event goes out at once, with the lines a command's file holds (see Launch).
        return JSONLinesAnalyticsProvider(
          appendLineSayingErrors: { file.append($0, urgent: $1) }, timestamp: UTCTimestamp.string(from:))
      case .console:
        return ConsoleAnalyticsProvider.writingLines()
      }
    }
  }
}
