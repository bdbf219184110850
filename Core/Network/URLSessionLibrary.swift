// untranslated-file: installation problems of the HTTP library, for whoever installs the app, kept as written
import FoundationEssentials
import Localization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The entry points of libISSURLSession (Core/URLSessionBridge), loaded with `dlopen` on a
/// transport's first request, so that no process loads FoundationNetworking (libcurl and its ~30
/// libraries) before it talks HTTP. Only C types cross: see the bridge's README for the ABI.
struct URLSessionLibrary: @unchecked Sendable {
  /// `iss_urlsession_send`'s completion: context, outcome, status, header names, header values,
  /// header count, body, body length, message.
  typealias Completion =
    @convention(c) (
      UnsafeMutableRawPointer?, Int32, Int32, UnsafePointer<UnsafePointer<CChar>?>?,
      UnsafePointer<UnsafePointer<CChar>?>?, Int32, UnsafeRawPointer?, Int64, UnsafePointer<CChar>?
    ) -> Void
  typealias Send =
    @convention(c) (
      UnsafeMutableRawPointer, UnsafePointer<CChar>, UnsafePointer<CChar>, UnsafePointer<UnsafePointer<CChar>?>?,
      UnsafePointer<UnsafePointer<CChar>?>?, Int32, UnsafeRawPointer?, Int64, Double, UnsafeMutableRawPointer?,
      Completion
    ) -> UnsafeMutableRawPointer?
  typealias Handle = @convention(c) (UnsafeMutableRawPointer) -> Void

  /// The ABI this module speaks (`iss_urlsession_abi_version`).
  static let abiVersion: Int32 = 1
  /// The environment variable that names the library instead (tests, an installation elsewhere).
  static let environmentVariable = "ISS_URLSESSION_LIBRARY"
  /// The library's file name, next to the executable.
  #if os(macOS)
    static let fileName = "libISSURLSession.dylib"
  #else
    static let fileName = "libISSURLSession.so"
  #endif
  /// How every failure to load the library begins; such a failure is not worth a retry.
  static let unavailablePrefix = "HTTP support is not available: "

  let createSession: @convention(c) () -> UnsafeMutableRawPointer
  let releaseSession: Handle
  let send: Send
  let cancelTask: Handle
  let releaseTask: Handle

  /// Loads the library at `path` (once per process: `dlopen` hands out the same one again).
  static func load(at path: String) throws(NetworkError) -> URLSessionLibrary {
    guard let handle = dlopen(path, RTLD_NOW | RTLD_LOCAL) else {
      let reason = dlerror().map { String(cString: $0).replacingEvery("\n", with: " ") } ?? "cannot load it"
      let missing = !FileManager.default.fileExists(atPath: path)
      throw NetworkError.unreachable(
        unavailablePrefix
          + (missing
            ? "\(path) is missing; run `swift build` to build it next to the app, or set "
              + "\(environmentVariable) to where it is"
            : "cannot load \(path) (\(reason)); run `swift build` to rebuild it"))
    }
    func symbol<T>(_ name: String, as type: T.Type) throws(NetworkError) -> T {
      guard let address = dlsym(handle, name) else {
        throw NetworkError.unreachable(
          unavailablePrefix + "\(path) has no \(name); run `swift build` to rebuild it")
      }
      return unsafeBitCast(address, to: type)
    }
    let version = try symbol("iss_urlsession_abi_version", as: (@convention(c) () -> Int32).self)()
    guard version == abiVersion else {
      throw NetworkError.unreachable(
        unavailablePrefix + "\(path) speaks version \(version), this program \(abiVersion); run `swift build`")
    }
    return URLSessionLibrary(
      createSession: try symbol(
        "iss_urlsession_session_create", as: (@convention(c) () -> UnsafeMutableRawPointer).self),
      releaseSession: try symbol("iss_urlsession_session_release", as: Handle.self),
      send: try symbol("iss_urlsession_send", as: Send.self),
      cancelTask: try symbol("iss_urlsession_task_cancel", as: Handle.self),
      releaseTask: try symbol("iss_urlsession_task_release", as: Handle.self))
  }

  /// `$ISS_URLSESSION_LIBRARY` when set, else `libISSURLSession.so` in the running executable's folder.
  static var defaultPath: String {
    if let override = getenv(environmentVariable).map({ String(cString: $0) }), !override.isEmpty {
      return override
    }
    return executableDirectory() + "/" + fileName
  }

  /// The folder of the running executable (`/proc/self/exe`, symbolic links resolved).
  static func executableDirectory() -> String {
    var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
    let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
    let executable =
      count > 0
      ? String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
      : URL(fileURLWithPath: CommandLine.arguments.first ?? ".").resolvingSymlinksInPath().path
    return URL(fileURLWithPath: executable).deletingLastPathComponent().path
  }
}
