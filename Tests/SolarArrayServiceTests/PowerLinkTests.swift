import AppAnalytics
import AppAnalyticsTestSupport
import Foundation
import Logging
import Radio
import SolarArrayServiceInterface
import Testing

@testable import SolarArrayService

@Suite("The power system over Radio")
struct PowerLinkTests {
  let start = Date(timeIntervalSince1970: 1_800_000_000)
  let logger = Logger(module: "PowerLinkTests", level: .error, sinks: [])

  @Test func theDeviceAnswersEachRequestWithItsSequence() throws {
    var device = CommandDevice(simulator: SolarArraySimulator(start: start))
    let status = device.respond(to: Frame(type: 0x10, sequence: 7), at: start.addingTimeInterval(60))
    #expect(status.type == PowerSystem.MessageType.status.rawValue && status.sequence == 7)
    let decoded = try FrameBody.decode(PowerStatus.self, from: status.payload)
    #expect(decoded.timestamp == start.addingTimeInterval(60) && decoded.wings.count == 8)
    #expect(status.payload.count <= FrameFormat.maximumPayloadLength)

    let command = try FrameBody.encode(PowerCommand.wing(.c1B, .angle(-20)))
    let answer = device.respond(to: Frame(type: 0x11, sequence: 8, payload: command), at: start)
    #expect(try FrameBody.decode(PowerAcknowledgement.self, from: answer.payload).accepted)
    #expect(device.simulator.status.wing(.c1B)?.mode == .angle(-20))

    for bad in [Frame(type: 0x1E, sequence: 9), Frame(type: 0x11, sequence: 10, payload: Array("{}".utf8))] {
      let failure = device.respond(to: bad, at: start)
      #expect(failure.type == PowerSystem.MessageType.failure.rawValue && failure.sequence == bad.sequence)
    }
  }

  @Test func thePowerSystemIsTheBandFrom0x10() {
    #expect(PowerSystem.MessageType.statusRequest.rawValue == 0x10)
    #expect(PowerSystem.MessageType.failure.rawValue == 0x9F)
    #expect(PowerSystem.identity.inProcessEndpoint == "in-process:power-system")
    #expect(SolarArraySimulation.nominal(logger: logger).connector.endpoint == "in-process:power-system")
  }

  @Test func theLiveClientTalksToTheInProcessSimulation() async throws {
    let events = InMemoryAnalyticsProvider()
    let simulation = SolarArraySimulation(
      simulator: SolarArraySimulator(start: start), clock: { [start] in start }, logger: logger)
    let client = LiveSolarArrayClient(
      connector: simulation.connector, logger: logger, analytics: Analytics(providers: [events]))
    #expect(try await client.status().wings.count == 8)
    let answer = try await client.send(.wing(.c4A, .feather))
    #expect(answer.accepted && answer.message.contains("4A"))
    await #expect(throws: SolarArrayError.self) { try await client.send(.joint(.starboard, .feather)) }
    #expect(events.events.contains { $0.name == "error" }, "a refusal is recorded")
    #expect(events.events.contains { $0.name == "power.command" })
  }

  @Test func nothingListeningIsUnreachableNamingTheEndpoint() async throws {
    let client = LiveSolarArrayClient(
      connector: .unixSocket(path: "/tmp/no-station-\(UUID().uuidString.prefix(8)).sock"),
      configuration: RadioLinkConfiguration(requestTimeout: .seconds(1), reconnect: .never), logger: logger,
      analytics: Analytics(providers: []))
    do {
      _ = try await client.status()
      Issue.record("no station answers")
    } catch let error as SolarArrayError {
      guard case .unreachable(let message) = error else { throw error }
      #expect(message.description.contains("unix:/tmp/no-station-") && error.kind == .unavailable)
    }
  }

}
