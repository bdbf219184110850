import FoundationEssentials
import Localization

/// A connected, bidirectional byte stream to a device (a socket, an in-memory pipe).
///
/// One task receives at a time; sends may come from any task. After `close()` (or when the peer
/// hangs up) `receive()` returns nil and `send` throws `RadioError.closed`.
public protocol RadioTransport: Sendable {
  /// Writes all of `bytes`, in order.
  nonisolated(nonsending) func send(_ bytes: [UInt8]) async throws
  /// The next chunk of bytes as it arrives (any size); nil once the stream has ended.
  nonisolated(nonsending) func receive() async throws -> [UInt8]?
  /// Ends the stream in both directions; idempotent.
  nonisolated(nonsending) func close() async
}

/// How to open a transport: called once to connect and again for every reconnect.
public struct RadioConnector: Sendable {
  /// A human-readable name of the endpoint ("unix:/tmp/suit.sock", "in-memory").
  public let endpoint: String
  private let open: @Sendable () async throws -> any RadioTransport

  /// Creates a connector from a function that opens a new transport.
  public init(endpoint: String, open: @escaping @Sendable () async throws -> any RadioTransport) {
    self.endpoint = endpoint
    self.open = open
  }

  /// Opens a new transport.
  public func connect() async throws -> any RadioTransport { try await open() }

  /// Connects to a Unix-domain socket at `path` each time.
  public static func unixSocket(path: String) -> RadioConnector {
    RadioConnector(endpoint: "unix:\(path)") { try await UnixSocketTransport.connect(path: path) }
  }
}

/// What went wrong on a radio link.
public enum RadioError: Error, Equatable, Sendable, TranslatedError, CustomStringConvertible {
  /// The transport or link is closed.
  case closed
  /// The link is between connections (reconnecting) or was never connected.
  case notConnected
  /// No response with the request's sequence arrived in time.
  case timeout(sequence: UInt16)
  /// The connection dropped while a request was waiting for its response.
  case connectionLost
  /// An empty socket path.
  case emptySocketPath
  /// A socket path longer than the system allows (sun_path).
  case socketPathTooLong(path: String, maximum: Int)
  /// Another process is already listening on the socket path.
  case addressInUse(path: String)
  /// Something that is not a socket (a directory, a regular file, …) is at the path; it is left
  /// alone.
  case notASocket(path: String, kind: FileKind)
  /// A folder on the way to the socket path is not one: `component` is `kind` (a file, a loop of
  /// links), so nothing can be created under it; it is left alone.
  case notADirectory(path: String, component: String, kind: FileKind)
  /// The connection dropped and every reconnect attempt failed; the link is closed.
  case reconnectFailed(attempts: Int)
  /// A system call failed: which call, the system's reason in its own (English) words, and its
  /// errno (0: none), by which the line says the reason in the reader's language where Radio knows it.
  case system(call: String, reason: String, code: Int32 = 0)
  /// A frame could not be encoded.
  case encoding(String)
  /// What answers is not the device asked for: another program that says what it is (``RadioPeer``).
  case wrongPeer(RadioPeer)
  /// What answers sends each request back unchanged (an echo, a loopback): it is no device.
  case echoedRequest

  /// The line in the reader's language; the system's reasons and paths stay verbatim.
  public var translatedMessage: LocalizedText {
    switch self {
    case .closed: Strings.radioClosed
    case .notConnected: Strings.radioNotConnected
    case .timeout(let sequence): Strings.radioTimeout(sequence: String(sequence))
    case .connectionLost: Strings.radioConnectionLost
    case .socketPathTooLong(let path, let maximum):
      Strings.radioSocketPathTooLong(length: path.utf8.count, maximum: maximum, path: path)
    case .emptySocketPath: Strings.radioEmptySocketPath
    case .addressInUse(let path): Strings.radioAddressInUse(path: path)
    case .notASocket(let path, let kind): Strings.radioNotASocket(path: path, kind: kind.text)
    case .notADirectory(_, let component, let kind): Strings.radioNotADirectory(component: component, kind: kind.text)
    case .reconnectFailed(let attempts):
      attempts == 1 ? Strings.radioReconnectFailedOnce : Strings.radioReconnectFailed(attempts: attempts)
    case .system(let call, let reason, let code): Strings.radioSystem(call: call, reason: Self.reason(reason, code))
    case .encoding(let reason): .verbatim(reason)
    case .wrongPeer(let peer):
      Strings.radioWrongPeer(
        program: InertText(peer.program), serves: InertText(peer.serves, limit: InertText.longLimit))
    case .echoedRequest: Strings.radioEchoedRequest
    }
  }

  /// The English line (logs, analytics).
  public var description: String { translatedMessage.description }

  /// The line without the path a caller already names: for a failed call `connect: <reason>`, the
  /// reason in the reader's language where Radio knows it; otherwise the whole line.
  public var reasonAtPath: LocalizedText {
    guard case .system(let call, let reason, let code) = self else { return translatedMessage }
    return .joined([.verbatim(call + ": "), Self.reason(reason, code)])
  }

  /// The system's reason for `code` in the reader's language, else `reason` as the system said it.
  private static func reason(_ reason: String, _ code: Int32) -> LocalizedText {
    SystemReason.known(code) ?? .verbatim(reason)
  }

  /// Whether what answered is not the device asked for (another program, an echo): the device
  /// cannot be reached there, whatever the link does.
  public var isNotTheDevice: Bool {
    switch self {
    case .wrongPeer, .echoedRequest: true
    default: false
    }
  }
}

/// What is at a path where a socket was expected.
public enum FileKind: Sendable, Equatable, CaseIterable {
  /// A directory.
  case directory
  /// A regular file.
  case regularFile
  /// A symbolic link (never followed).
  case symbolicLink
  /// A named pipe (FIFO).
  case namedPipe
  /// A character or block device.
  case device
  /// A symbolic link that leads back to itself (through others), so it leads nowhere.
  case linkLoop
  /// Anything else that is not a socket.
  case other

  /// "a directory", "a regular file", … in the reader's language.
  public var text: LocalizedText {
    switch self {
    case .directory: Strings.fileDirectory
    case .regularFile: Strings.fileRegular
    case .symbolicLink: Strings.fileSymbolicLink
    case .namedPipe: Strings.fileNamedPipe
    case .device: Strings.fileDevice
    case .linkLoop: Strings.fileLinkLoop
    case .other: Strings.fileOther
    }
  }
}
