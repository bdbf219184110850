import Localization
import Logging

/// What went wrong asking a device over a radio link, in parts: which device (the caller's words),
/// where, the underlying reason (the system's own words stay verbatim) and what to check. Its line
/// comes from Radio's table in the reader's language; `description` is the English one for logs.
public enum DeviceLinkError: Error, Equatable, Sendable, TranslatedError, CustomStringConvertible {
  /// Nothing answers `device` at `endpoint` (`reason`); `hint` says what to check.
  case unreachable(device: LocalizedText, endpoint: String, reason: LocalizedText, hint: LocalizedText)
  /// The link to `device` at `endpoint` dropped during a request (`reason`) and did not come back;
  /// `hint` says what to check.
  case lost(device: LocalizedText, endpoint: String, reason: LocalizedText, hint: LocalizedText)
  /// `device` answered something the protocol does not allow, or said it could not serve the request.
  case protocolViolation(device: LocalizedText, DeviceProtocolViolation)

  /// The line in the reader's language: "cannot reach the power system at unix:/tmp/station.sock
  /// (connect failed: No such file or directory); check that …".
  public var translatedMessage: LocalizedText {
    switch self {
    case .unreachable(let device, let endpoint, let reason, let hint):
      Strings.deviceUnreachable(device: device, endpoint: endpoint, reason: reason, hint: hint)
    case .lost(let device, let endpoint, let reason, let hint):
      Strings.deviceLost(device: device, endpoint: endpoint, reason: reason, hint: hint)
    case .protocolViolation(let device, let violation):
      Strings.deviceProtocolViolation(device: device, detail: violation.text)
    }
  }

  /// The English line (logs, analytics).
  public var description: String { translatedMessage.description }
}

/// How a device's answer broke its protocol; the technical details stay verbatim.
public enum DeviceProtocolViolation: Equatable, Sendable {
  /// The request could not be encoded (`detail`).
  case unwritableRequest(detail: String)
  /// The answer is not a readable `answer` (`detail`: the decoder's words).
  case unreadableAnswer(answer: String, detail: String)
  /// The device said it could not serve the request, in its own words (nil: it gave none).
  case refused(message: String?)
  /// An answer of a type the request does not expect.
  case unexpectedAnswer(type: UInt8)

  /// What went wrong, in the reader's language: "cannot write the request: …", "unexpected answer type 0x8F".
  public var text: LocalizedText {
    switch self {
    case .unwritableRequest(let detail): Strings.violationUnwritableRequest(detail: detail)
    case .unreadableAnswer(let answer, let detail): Strings.violationUnreadableAnswer(answer: answer, detail: detail)
    case .refused(let message?): .verbatim(message)
    case .refused(nil): Strings.violationNoReason
    case .unexpectedAnswer(let type):
      Strings.violationUnexpectedAnswer(type: "0x" + String(type, radix: 16, uppercase: true))
    }
  }
}

/// The message types of a device protocol that a ``DeviceLink`` needs to know beyond each request's
/// own answer type.
public struct DeviceMessages: Sendable {
  /// The answer type of a request the device could not serve (its body is a ``DeviceFailure``).
  public let failure: UInt8

  /// A protocol whose failure answers have type `failure`.
  public init(failure: UInt8) { self.failure = failure }
}

/// A request/response conversation with one device (the power system, a rack, the suit) over a
/// radio link: connected on first use, reconnected by the link, JSON bodies both ways.
///
/// The service on top maps ``DeviceLinkError`` to its own errors and records them.
public actor DeviceLink {
  /// How the device is named in error lines, e.g. "the power system" (the caller's words).
  public let name: LocalizedText
  /// What to check when the device cannot be reached or its link is lost, e.g. "check that
  /// station-sim listens there".
  private let unreachableHint: LocalizedText
  private let connector: RadioConnector
  private let configuration: RadioLinkConfiguration
  private let messages: DeviceMessages
  private let logger: Logger
  private var link: Task<RadioLink, any Error>?
  /// The events of every link opened, in order: lost, reconnecting, reconnected, gave up.
  private nonisolated let broadcast = EventBroadcast<LinkEvent>()

  /// A link to the device called `name` through `connector`, opened when first asked;
  /// `unreachableHint` ends the error line when it cannot be reached or its link is lost for good.
  public init(
    name: LocalizedText, connector: RadioConnector, messages: DeviceMessages, unreachableHint: LocalizedText,
    configuration: RadioLinkConfiguration = .init(), logger: Logger
  ) {
    self.name = name
    self.unreachableHint = unreachableHint
    self.connector = connector
    self.messages = messages
    self.configuration = configuration
    self.logger = logger
  }

  /// Where the device is, as the connector names it.
  public nonisolated var endpoint: String { connector.endpoint }

  /// What happens to the link from now on (it dropped, a reconnect attempt, it is back), across
  /// every link this device opens; for a screen that watches the device to say so.
  public nonisolated func events() -> AsyncStream<LinkEvent> { broadcast.subscribe() }

  /// Sends a request of `type` with `body` and reads the answer, which must be of type `expected`.
  /// A `repeatable` request (a reading; a command that only sets a value) is sent again when the
  /// link drops under it (``RadioLink/repeatableRequest(type:payload:timeout:)``), so a device that
  /// restarts costs a reconnect, not an error; any other is `.lost` then, as it may have been carried out.
  public func exchange<Body: Encodable & Sendable, Answer: Decodable & Sendable>(
    _ type: UInt8, body: Body, expecting expected: UInt8, as answer: Answer.Type, repeatable: Bool = false
  ) async throws(DeviceLinkError) -> Answer {
    let link = try await connected()
    let payload: [UInt8]
    do { payload = try FrameBody.encode(body) } catch {
      throw .protocolViolation(device: name, .unwritableRequest(detail: DecodingError.readableLine(for: error)))
    }
    let response: Frame
    do {
      response =
        repeatable
        ? try await link.repeatableRequest(type: type, payload: payload)
        : try await link.request(type: type, payload: payload)
    } catch let error as RadioError where error.isNotTheDevice {
      // Not the device at all (another simulator, an echo): it cannot be reached there.
      throw .unreachable(
        device: name, endpoint: connector.endpoint, reason: error.translatedMessage, hint: unreachableHint)
    } catch {
      throw .lost(device: name, endpoint: connector.endpoint, reason: .reason(of: error), hint: unreachableHint)
    }
    switch response.type {
    case expected:
      do { return try FrameBody.decode(Answer.self, from: response.payload) } catch {
        throw .protocolViolation(
          device: name, .unreadableAnswer(answer: "\(Answer.self)", detail: DecodingError.readableLine(for: error)))
      }
    case messages.failure:
      let failure = try? FrameBody.decode(DeviceFailure.self, from: response.payload)
      throw .protocolViolation(device: name, .refused(message: failure?.message))
    default:
      throw .protocolViolation(device: name, .unexpectedAnswer(type: response.type))
    }
  }

  /// Closes the link, if one was opened.
  public func close() async {
    guard let link else { return }
    self.link = nil
    if let opened = try? await link.value { await opened.close() }
  }

  private func connected() async throws(DeviceLinkError) -> RadioLink {
    if let link, let opened = try? await link.value { return opened }
    let (connector, configuration, logger) = (connector, configuration, logger)
    let broadcast = broadcast
    let starting = Task {
      let link = RadioLink(connector: connector, configuration: configuration, logger: logger)
      let events = link.events()  // subscribed before it starts: nothing is missed
      Task { for await event in events { broadcast.yield(event) } }  // ends when the link closes
      try await link.start()
      return link
    }
    link = starting
    do {
      return try await starting.value
    } catch {
      link = nil
      // Something that is no socket at the path: no server can listen there, so no advice to start one.
      let hint = (error as? RadioError)?.isNoSocketPath == true ? Strings.deviceNoSocketHint : unreachableHint
      throw .unreachable(device: name, endpoint: connector.endpoint, reason: .reason(of: error), hint: hint)
    }
  }
}

extension RadioConnector {
  /// In-process links to a device simulated in this process: each connection is an in-memory pair
  /// whose device end `server` serves (all connections share the server's device).
  public static func inProcess(endpoint: String, server: RadioServer) -> RadioConnector {
    RadioConnector(endpoint: endpoint) {
      let (client, device) = InMemoryRadioTransport.pair()
      Task { await server.serve(device) }
      return client
    }
  }
}
