import Localization

extension NetworkError: TranslatedError {
  /// The failure in the reader's language; the server's words, the URL and the system's reason
  /// verbatim. `description` stays the English line logs and analytics keep.
  public var translatedMessage: LocalizedText {
    switch self {
    case .invalidURL(let url): Strings.errorInvalidUrl(url: url)
    case .unreachable(let reason):
      // The HTTP library itself is missing: a line for whoever installs the app, kept as written.
      reason.hasPrefix(URLSessionHelper.unavailablePrefix)
        ? .verbatim(reason) : Strings.errorUnreachable(detail: UnreachableText.text(reason))
    case .timeout: Strings.errorTimeout
    case .status(let code, let body):
      body.isEmpty ? Strings.errorStatus(code: String(code)) : Strings.errorStatusSaid(code: String(code), body: body)
    case .decoding(let keyPath, let reason):
      keyPath.isEmpty
        ? Strings.errorInvalidAnswer(detail: reason) : Strings.errorInvalidAnswerAt(path: keyPath, detail: reason)
    case .encoding(let reason): Strings.errorEncoding(detail: reason)
    case .unacknowledged(let status, let answer):
      answer.isEmpty
        ? Strings.errorEmptyAnswer(status: String(status))
        : Strings.errorNotAcknowledged(status: String(status), answer: answer)
    case .refusedAlike(let status, let reason): Strings.errorRefusedAlike(status: String(status), reason: reason)
    }
  }
}
