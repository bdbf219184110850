import Localization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A write to an output stream that failed, by its system error number (`errno`).
///
/// What it means for the program is decided once, at its end: a reader that went away (a closed
/// pipe, `app | head -1`) is no failure to report — the program ends quietly; anything else (a full
/// disk, a closed descriptor, an I/O error) ends it with 74 and one line saying so.
public struct OutputFailure: Error, Sendable, Equatable {
  /// The system error number, e.g. `ENOSPC`.
  public let code: Int32

  /// The failure of error number `code`.
  public init(code: Int32) { self.code = code }

  /// Whether the reader went away (`EPIPE`): the program stops writing and ends quietly.
  public var isClosedReader: Bool { code == EPIPE }

  /// What happened, in the reader's language: "no space left on device", "the output is closed".
  public var reason: LocalizedText {
    switch code {
    case ENOSPC: Strings.outputNoSpace
    case EBADF: Strings.outputClosed
    case EIO: Strings.outputIoError
    case EDQUOT: Strings.outputQuota
    case EFBIG: Strings.outputTooLarge
    case EPIPE: Strings.outputReaderGone
    default: .verbatim(String(cString: strerror(code)).lowercased())
    }
  }
}
