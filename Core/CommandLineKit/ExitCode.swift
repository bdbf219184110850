import AppAnalytics
import Localization

/// The process exit codes of every executable in the workspace (BSD `sysexits.h` values).
public enum ExitCode {
  /// Everything worked.
  public static let success: Int32 = 0
  /// Bad usage: unknown command, missing or malformed argument (`EX_USAGE`).
  public static let usage: Int32 = 64
  /// The input was understood but refused, and nothing changed, e.g. not enough stock (`EX_DATAERR`).
  public static let rejected: Int32 = 65
  /// A device or mission control could not be reached (`EX_UNAVAILABLE`).
  public static let unavailable: Int32 = 69
  /// A bug or an unexpected failure (`EX_SOFTWARE`).
  public static let internalError: Int32 = 70
  /// A file or directory cannot be created, e.g. the data directory (`EX_CANTCREAT`).
  public static let cannotCreate: Int32 = 73
  /// Reading or writing failed at the operating system, e.g. the disk is full (`EX_IOERR`).
  public static let ioError: Int32 = 74
  /// The person quit with Ctrl-C (128 + SIGINT, as shells report it).
  public static let interrupted: Int32 = 130

  /// The code for an error kind.
  public static func forKind(_ kind: ErrorKind) -> Int32 {
    switch kind {
    case .usage: usage
    case .rejected: rejected
    case .unavailable: unavailable
    case .internal: internalError
    case .cannotCreate: cannotCreate
    case .io: ioError
    }
  }

  /// The code for an error: a `ReportableError` by its kind, anything else 70.
  public static func forError(_ error: any Error) -> Int32 {
    (error as? any ReportableError).map { forKind($0.kind) } ?? internalError
  }

  /// The exit codes in one paragraph, for a program's help: `0 success, 64 bad usage, …`.
  public static var summary: LocalizedText {
    .joined(documented.map { .verbatim("\($0.code) ") + $0.meaning }, separator: "; ") + .verbatim(".")
  }

  /// The exit codes as help lists them, in order.
  static var documented: [(code: Int32, meaning: LocalizedText)] {
    [
      (success, Strings.exitSuccess), (usage, Strings.exitUsage), (rejected, Strings.exitRejected),
      (unavailable, Strings.exitUnavailable), (internalError, Strings.exitInternal),
      (cannotCreate, Strings.exitCannotCreate), (ioError, Strings.exitIo), (interrupted, Strings.exitInterrupted),
    ]
  }
}
