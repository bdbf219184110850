import AppAnalytics
import AppAnalyticsTestSupport
import Foundation
import Localization
import Logging
import LoggingTestSupport
import Testing

@testable import Radio

/// A test device: a lamp that switches on and off and refuses to burn out.
struct Lamp: CommandDeviceModel, SteppedModel {
  typealias Device = LampProtocol

  struct Status: Codable, Sendable, Equatable {
    var on: Bool
    var seconds: Double
  }

  enum Command: String, Codable, Sendable, CustomStringConvertible {
    case switchOn, switchOff, burnOut
    var description: String { rawValue }
  }

  struct Acknowledgement: Codable, Sendable, Equatable {
    var command: String
    var accepted: Bool
  }

  var on = false
  var start: Date
  var clock: ModelClock

  static func nominal(at date: Date) -> Lamp { Lamp(start: date, clock: ModelClock(start: date, step: 1)) }
  var status: Status { Status(on: on, seconds: now.timeIntervalSince(start)) }

  mutating func apply(_ command: Command) -> Acknowledgement {
    switch command {
    case .switchOn: on = true
    case .switchOff: on = false
    case .burnOut: return Acknowledgement(command: command.description, accepted: false)
    }
    return Acknowledgement(command: command.description, accepted: true)
  }

  mutating func tick(_ seconds: Double) {}
}

enum LampError: ReportableError, TranslatedError, Equatable {
  case unreachable(LocalizedText)
  case rejected(LocalizedText)
  case protocolViolation(LocalizedText)

  var kind: ErrorKind {
    switch self {
    case .unreachable: .unavailable
    case .rejected: .rejected
    case .protocolViolation: .internal
    }
  }

  var translatedMessage: LocalizedText {
    switch self {
    case .unreachable(let line): line
    case .rejected(let reason): .verbatim("the lamp refused: \(reason)")
    case .protocolViolation(let reason): .verbatim("the lamp said nonsense: \(reason)")
    }
  }

  var userMessage: String { translatedMessage.description }
}

/// The lamp on the wire; its service's words, errors and news are its own (Radio only asks for them).
enum LampProtocol: CommandDeviceProtocol {
  typealias Status = Lamp.Status
  typealias Command = Lamp.Command
  typealias Acknowledgement = Lamp.Acknowledgement
  static let identity = CommandDeviceIdentity(band: 0x40, wireName: "lamp", endpoint: "lamp", module: "LampService")
  static let name = LocalizedText.verbatim("the lamp")
  static let unreachableHint = LocalizedText.verbatim("check the lamp's socket")

  static func verdict(on answer: Acknowledgement) -> (command: String, refusal: LocalizedText?) {
    (answer.command, answer.accepted ? nil : .verbatim("lamps do not burn out on command"))
  }

  static func unreachable(_ line: LocalizedText) -> LampError { .unreachable(line) }
  static func rejected(_ reason: LocalizedText) -> LampError { .rejected(reason) }
  static func protocolViolation(_ reason: LocalizedText) -> LampError { .protocolViolation(reason) }
  static func reconnecting(attempt: Int, of maximum: Int) -> String { "reconnecting \(attempt)/\(maximum)" }
  static var reconnected: String { "back" }
}

@Suite struct CommandDeviceTests {
  let start = Date(timeIntervalSince1970: 1_800_000_000)

  @Test func theMessageTypesAreTheBandOfTheFirstRequest() {
    #expect(LampProtocol.MessageType.statusRequest.rawValue == 0x40)
    #expect(LampProtocol.MessageType.commandRequest.rawValue == 0x41)
    #expect(LampProtocol.MessageType.status.rawValue == 0xC0)
    #expect(LampProtocol.MessageType.acknowledgement.rawValue == 0xC1)
    #expect(LampProtocol.MessageType.failure.rawValue == 0xCF)
    #expect(LampProtocol.MessageType(rawValue: 0xC1) == .acknowledgement)
    #expect(LampProtocol.MessageType(rawValue: 0x42) == nil && LampProtocol.MessageType(rawValue: 0x10) == nil)
    #expect(LampProtocol.MessageType(rawValue: 0xC0)?.description == "status")
    #expect("\(LampProtocol.MessageType.commandRequest)" == "commandRequest")
    #expect(LampProtocol.handles(0x40) && LampProtocol.handles(0x4F))
    #expect(!LampProtocol.handles(0x3F) && !LampProtocol.handles(0x50) && !LampProtocol.handles(0xC0))
  }

  @Test func theDeviceAnswersStatusCommandsAndNonsense() throws {
    var device = CommandDevice<Lamp>(simulator: .nominal(at: start))
    let status = device.respond(to: Frame(type: 0x40, sequence: 7, payload: []), at: start.addingTimeInterval(5))
    #expect(status.type == 0xC0 && status.sequence == 7)
    #expect(try FrameBody.decode(Lamp.Status.self, from: status.payload) == Lamp.Status(on: false, seconds: 5))

    let command = try FrameBody.encode(Lamp.Command.switchOn)
    let answer = device.respond(to: Frame(type: 0x41, sequence: 8, payload: command), at: start)
    #expect(answer.type == 0xC1 && device.simulator.on)

    let unknown = device.respond(to: Frame(type: 0x45, sequence: 9, payload: []), at: start)
    #expect(unknown.type == 0xCF && unknown.sequence == 9)
    #expect(try FrameBody.decode(DeviceFailure.self, from: unknown.payload).message == "unknown lamp message type 0x45")

    let garbled = device.respond(to: Frame(type: 0x41, sequence: 10, payload: Array("{".utf8)), at: start)
    #expect(garbled.type == 0xCF)
    #expect(
      try FrameBody.decode(DeviceFailure.self, from: garbled.payload).message.hasPrefix("cannot read the request"))
  }

  @Test func theLiveClientExchangesWithTheSimulationTracksCommandsAndRecordsRefusals() async throws {
    let events = InMemoryAnalyticsProvider()
    let log = InMemoryLogSink()
    let simulation = DeviceSimulation<CommandDevice<Lamp>>(
      simulator: .nominal(at: start), clock: { [start] in start }, logger: quiet)
    let client = LiveCommandDevice<LampProtocol>(
      connector: simulation.connector, logger: Logger(module: "Lamp", sinks: [log]),
      analytics: Analytics(providers: [events]))
    #expect(simulation.connector.endpoint == "in-process:lamp")

    #expect(try await client.status().on == false)
    #expect(try await client.send(.switchOn).accepted)
    #expect(try await client.status().on == true)
    #expect(events.events.map(\.name) == ["lamp.command"])
    #expect(events.events.first?.properties == ["command": "switchOn", "accepted": "true"])

    await #expect(throws: LampError.rejected(.verbatim("lamps do not burn out on command"))) {
      try await client.send(.burnOut)
    }
    let error = try #require(events.errors.first)
    #expect(error.properties["module"] == "LampService" && error.properties["operation"] == "burnOut")
    #expect(error.properties["kind"] == "rejected" && error.properties["type"] == "LampError")
    #expect(error.properties["message"] == "the lamp refused: lamps do not burn out on command")
    #expect(log.messages.contains { $0.hasPrefix("burnOut failed:") })
  }

  @Test func aDeviceOverAUnixSocketAnswersTheLiveClient() async throws {
    let simulation = DeviceSimulation<CommandDevice<Lamp>>(
      simulator: .nominal(at: start), clock: { [start] in start }, logger: quiet)
    let server = try ServerFixture { await simulation.answer($0) }
    let client = LiveCommandDevice<LampProtocol>(
      connector: .unixSocket(path: server.path), configuration: .init(requestTimeout: patience, reconnect: .never),
      logger: quiet, analytics: .disabled)
    _ = try await client.send(.switchOn)
    #expect(try await client.status() == Lamp.Status(on: true, seconds: 0))
    await server.stop()
  }

  @Test func nothingListeningIsTheServicesUnreachableErrorWithRadiosLine() async throws {
    let events = InMemoryAnalyticsProvider()
    let scratch = try ScratchDirectory()
    let client = LiveCommandDevice<LampProtocol>(
      connector: .unixSocket(path: scratch.file("nobody.sock")),
      configuration: .init(requestTimeout: .seconds(1), reconnect: .never), logger: quiet,
      analytics: Analytics(providers: [events]))
    do {
      _ = try await client.status()
      Issue.record("nothing listens")
    } catch let error as LampError {
      guard case .unreachable(let line) = error else { throw error }
      #expect(line.description.contains("the lamp") && line.description.contains("nobody.sock"))
      #expect(line.description.contains("check the lamp's socket"))
      #expect(error.kind == .unavailable && error.userMessage == line.description)
    }
    #expect(events.errors.first?.properties["operation"] == "statusRequest")
    #expect(events.errors.first?.properties["kind"] == "unavailable")
  }

  @Test func anAnswerOfTheWrongTypeIsAProtocolViolation() async throws {
    let events = InMemoryAnalyticsProvider()
    let server = RadioServer(logger: quiet) { Frame(type: 0xC1, sequence: $0.sequence, payload: []) }
    let client = LiveCommandDevice<LampProtocol>(
      connector: .inProcess(endpoint: "in-process:odd-lamp", server: server), logger: quiet,
      analytics: Analytics(providers: [events]))
    await #expect(throws: LampError.protocolViolation(DeviceProtocolViolation.unexpectedAnswer(type: 0xC1).text)) {
      try await client.status()
    }
    #expect(events.errors.first?.properties["kind"] == "internal")
  }

  @Test func aRefusalOnTheWireIsAProtocolViolationInTheDevicesWords() async throws {
    let server = RadioServer(logger: quiet) {
      DeviceFailure(message: "lamp is busy").frame(type: LampProtocol.MessageType.failure.rawValue, answering: $0)
    }
    let client = LiveCommandDevice<LampProtocol>(
      connector: .inProcess(endpoint: "in-process:busy-lamp", server: server), logger: quiet, analytics: .disabled)
    await #expect(throws: LampError.protocolViolation(.verbatim("lamp is busy"))) { try await client.send(.switchOn) }
  }
}
