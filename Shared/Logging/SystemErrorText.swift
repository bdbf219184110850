import FoundationEssentials

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension Error {
  /// What the system said when a file operation failed, as one line: the C library's words for
  /// the errno behind it (`No such file or directory`, `Permission denied`), else the error itself.
  public var systemReason: String {
    let posix = (self as? POSIXError) ?? ((self as? CocoaError)?.underlying as? POSIXError)
    guard let code = posix?.code.rawValue else { return "\(self)" }
    return String(cString: strerror(code))
  }
}
