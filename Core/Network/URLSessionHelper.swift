// untranslated-file: installation problems of the HTTP helper, for whoever installs the app, kept as written
import Dispatch
import FoundationEssentials
import Localization
import Logging
import Synchronization
import URLSessionBridgeInterface

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The URLSession helper process (App/URLSessionHelper, serving Core/URLSessionBridge's protocol)
/// of one transport: started on the transport's first request, so that no app links or loads
/// FoundationNetworking (libcurl and some thirty libraries) — a process that talks no HTTP starts
/// lean, and one that does pays for URLSession in the helper. Requests and replies cross a Unix
/// socket pair as frames (see Core/URLSessionBridge/README.md); when the app ends, the helper
/// reads the end of its input and ends too.
final class URLSessionHelper: Sendable {
  /// The environment variable that names the helper instead (tests, an installation elsewhere).
  static let environmentVariable = "ISS_URLSESSION_HELPER"
  /// The helper's names next to the executable: as an installation names it, and as SwiftPM
  /// builds it (the tool of the `URLSessionHelperLocation` plugin).
  static let fileNames = ["iss-urlsession", "URLSessionHelper-tool"]
  /// How every failure to start the helper begins; such a failure is not worth a retry.
  static let unavailablePrefix = "HTTP support is not available: "

  private struct State {
    var nextID: UInt64 = 1
    var waiting: [UInt64: FirstOutcome<HTTPResponse>] = [:]
    var ended = false
  }

  private let socket: Int32
  private let process: pid_t
  private let state = Mutex(State())
  private let writing = Mutex<Void>(())

  /// Starts the helper at `path` (nil: where `defaultPath` finds it).
  init(path: String?) throws(NetworkError) {
    guard let path = path ?? Self.defaultPath else {
      throw NetworkError.unreachable(
        Self.unavailablePrefix + "the URLSession helper (\(Self.fileNames.joined(separator: " or "))) is not next to "
          + "\(Self.executableDirectory()); run `swift build` (or `swift run` of the app) to build it, or set "
          + "\(Self.environmentVariable) to where it is")
    }
    guard access(path, X_OK) == 0 else {
      throw NetworkError.unreachable(
        Self.unavailablePrefix + "\(path) is missing or not executable; run `swift build` to build it, or set "
          + "\(Self.environmentVariable) to where it is")
    }
    var ends: [Int32] = [0, 0]
    guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &ends) == 0 else {
      throw NetworkError.unreachable(Self.unavailablePrefix + "socketpair: \(String(cString: strerror(errno)))")
    }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_adddup2(&actions, ends[1], STDIN_FILENO)
    posix_spawn_file_actions_adddup2(&actions, ends[1], STDOUT_FILENO)
    posix_spawn_file_actions_addopen(&actions, STDERR_FILENO, "/dev/null", O_WRONLY, 0)
    var pid: pid_t = 0
    let argv: [UnsafeMutablePointer<CChar>?] = [strdup(path), nil]
    defer { argv.forEach { free($0) } }
    let spawned = posix_spawn(&pid, path, &actions, nil, argv, environ)
    Glibc.close(ends[1])
    guard spawned == 0 else {
      Glibc.close(ends[0])
      throw NetworkError.unreachable(
        Self.unavailablePrefix + "cannot start \(path) (\(String(cString: strerror(spawned)))); run `swift build`")
    }
    socket = ends[0]
    process = pid
    // The reader keeps the helper until its socket ends (`close()`, or the helper's exit).
    DispatchQueue(label: "network.urlsession-helper").async { self.readReplies() }
  }

  /// Ends the connection: the helper reads the end of its input and exits; requests still
  /// waiting fail as unreachable.
  func close() {
    shutdown(socket, Int32(SHUT_RDWR))
  }

  /// Sends `request`; its outcome goes to `race`. Returns the request's number for `cancel`.
  func send(_ request: WireRequest, race: FirstOutcome<HTTPResponse>) -> UInt64 {
    let id: UInt64? = state.withLock { state in
      guard !state.ended else { return nil }
      let id = state.nextID
      state.nextID += 1
      state.waiting[id] = race
      return id
    }
    guard let id else {
      race.finish(with: .failure(NetworkError.unreachable(Self.unavailablePrefix + "the URLSession helper ended")))
      return 0
    }
    var frame = HelperFrame.Writer()
    frame.integer(UInt8(1))
    frame.integer(id)
    frame.integer(request.timeout.seconds.bitPattern)
    frame.text(request.method.rawValue)
    frame.text(request.url.absoluteString)
    let headers = request.headers.sorted { $0.key < $1.key }
    frame.integer(UInt32(headers.count))
    for (name, value) in headers {
      frame.text(name)
      frame.text(value)
    }
    frame.integer(UInt8(request.body == nil ? 0 : 1))
    if let body = request.body { frame.byteString(Array(body)) }
    if !write(frame.bytes) { end() }
    return id
  }

  /// Cancels request `id` (its race is decided already; the helper drops its reply).
  func cancel(_ id: UInt64) {
    guard state.withLock({ $0.waiting.removeValue(forKey: id) }) != nil else { return }
    var frame = HelperFrame.Writer()
    frame.integer(UInt8(2))
    frame.integer(id)
    _ = write(frame.bytes)
  }

  private func write(_ payload: [UInt8]) -> Bool {
    let frame = HelperFrame.framed(payload)
    return writing.withLock { _ in
      frame.withUnsafeBytes { buffer in
        do throws(WholeWrite.Failure) {
          try WholeWrite.all(buffer) { Glibc.send(socket, $0, $1, Int32(MSG_NOSIGNAL)) }
          return true
        } catch {
          return false
        }
      }
    }
  }

  /// Reads reply frames until the helper ends, then fails what still waits and reaps it.
  private func readReplies() {
    while let payload = HelperFrame.read(from: socket) {
      var reader = HelperFrame.Reader(bytes: payload)
      guard let id = reader.integer(UInt64.self), let outcome = reader.integer(UInt32.self),
        let status = reader.integer(UInt32.self), let count = reader.integer(UInt32.self)
      else { break }
      var headers: [String: String] = [:]
      var complete = true
      for _ in 0..<count {
        guard let name = reader.text(), let value = reader.text() else {
          complete = false
          break
        }
        headers[name] = value
      }
      guard complete, let body = reader.byteString(), let hasMessage = reader.integer(UInt8.self) else { break }
      let message = hasMessage == 1 ? reader.text() ?? "" : ""
      guard let race = state.withLock({ $0.waiting.removeValue(forKey: id) }) else { continue }
      switch Int32(bitPattern: outcome) {
      case 0:
        race.finish(
          with: .success(HTTPResponse(status: Int(Int32(bitPattern: status)), headers: headers, body: Data(body))))
      case 1: race.finish(with: .failure(NetworkError.timeout))
      case 3: race.finish(with: .failure(NetworkError.invalidURL(message)))
      case 4: race.finish(with: .failure(CancellationError()))
      default: race.finish(with: .failure(NetworkError.unreachable(message)))
      }
    }
    end()
    Glibc.close(socket)
    var status: Int32 = 0
    _ = waitpid(process, &status, 0)
  }

  /// Marks the helper gone and fails every request still waiting.
  private func end() {
    let waiting = state.withLock { state in
      state.ended = true
      defer { state.waiting = [:] }
      return Array(state.waiting.values)
    }
    for race in waiting {
      race.finish(with: .failure(NetworkError.unreachable(Self.unavailablePrefix + "the URLSession helper ended")))
    }
  }

  /// `$ISS_URLSESSION_HELPER` when set, else the first of `fileNames` next to the running
  /// executable that is there; nil when none is.
  static var defaultPath: String? {
    if let override = getenv(environmentVariable).map({ String(cString: $0) }), !override.isEmpty {
      return override
    }
    let folder = executableDirectory()
    return fileNames.map { folder + "/" + $0 }.first { access($0, X_OK) == 0 }
  }

  /// The folder of the running executable (`/proc/self/exe`, symbolic links resolved).
  static func executableDirectory() -> String {
    var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
    let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
    let executable =
      count > 0
      ? String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
      : CommandLine.arguments.first ?? "."
    return URL(fileURLWithPath: executable).deletingLastPathComponent().path
  }
}
