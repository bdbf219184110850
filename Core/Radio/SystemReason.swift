import Localization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The system's reason for a failed call, in the reader's language: for the errors a device link
/// meets (no socket there, refused, reset, …) Radio's own words, the C library's (`strerror`) in
/// English; for any other error none (the caller keeps the C library's words).
enum SystemReason {
  /// Radio's words for `code`, nil when it has none.
  static func known(_ code: Int32) -> LocalizedText? {
    switch code {
    case ENOENT: Strings.systemNoSuchFile
    case ECONNREFUSED: Strings.systemConnectionRefused
    case EACCES: Strings.systemPermissionDenied
    case EPERM: Strings.systemNotPermitted
    case ENOTSOCK: Strings.systemNotASocket
    case ETIMEDOUT: Strings.systemTimedOut
    case ECONNRESET: Strings.systemConnectionReset
    case EPIPE: Strings.systemBrokenPipe
    case ENOTDIR: Strings.systemNotADirectory
    case EADDRINUSE: Strings.systemAddressInUse
    case ENOSPC: Strings.systemNoSpace
    case EROFS: Strings.systemReadOnlyFileSystem
    case ELOOP: Strings.systemLinkLoop
    case ENAMETOOLONG: Strings.systemNameTooLong
    default: nil
    }
  }
}
