import Logging

/// What went wrong asking a device over a radio link.
public enum DeviceLinkError: Error, Equatable, Sendable {
  /// Nothing answers at the endpoint, or the link dropped; the value says where and what to do.
  case unreachable(String)
  /// The device's answer could not be read, or it said it could not serve the request.
  case protocolViolation(String)
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
  /// How the device is named in error lines, e.g. "the power system".
  public let name: String
  /// What to check when the device cannot be reached, e.g. "check that station-sim listens there".
  private let unreachableHint: String
  private let connector: RadioConnector
  private let configuration: RadioLinkConfiguration
  private let messages: DeviceMessages
  private let logger: Logger
  private var link: Task<RadioLink, any Error>?

  /// A link to the device called `name` through `connector`, opened when first asked;
  /// `unreachableHint` ends the error line when it cannot be reached.
  public init(
    name: String, connector: RadioConnector, messages: DeviceMessages, unreachableHint: String,
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

  /// Sends a request of `type` with `body` and reads the answer, which must be of type `expected`.
  public func exchange<Body: Encodable & Sendable, Answer: Decodable & Sendable>(
    _ type: UInt8, body: Body, expecting expected: UInt8, as answer: Answer.Type
  ) async throws(DeviceLinkError) -> Answer {
    let link = try await connected()
    let payload: [UInt8]
    do { payload = try FrameBody.encode(body) } catch {
      throw .protocolViolation("cannot write the request: \(error)")
    }
    let response: Frame
    do {
      response = try await link.request(type: type, payload: payload)
    } catch {
      throw .unreachable("lost \(name) at \(connector.endpoint): \(error)")
    }
    switch response.type {
    case expected:
      do { return try FrameBody.decode(Answer.self, from: response.payload) } catch {
        throw .protocolViolation("\(Answer.self): \(error)")
      }
    case messages.failure:
      let failure = try? FrameBody.decode(DeviceFailure.self, from: response.payload)
      throw .protocolViolation(failure?.message ?? "no reason given")
    default:
      throw .protocolViolation("unexpected answer type 0x\(String(response.type, radix: 16, uppercase: true))")
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
    let starting = Task {
      let link = RadioLink(connector: connector, configuration: configuration, logger: logger)
      try await link.start()
      return link
    }
    link = starting
    do {
      return try await starting.value
    } catch {
      link = nil
      throw .unreachable("cannot reach \(name) at \(connector.endpoint) (\(error)); \(unreachableHint)")
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
