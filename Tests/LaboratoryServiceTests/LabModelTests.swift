import Foundation
import LaboratoryServiceInterface
import Radio
import Testing

@testable import LaboratoryService

/// The simulated labs and their device.
@Suite("Lab model")
struct LabModelTests {
  static let start = Date(timeIntervalSince1970: 1_800_000_000)

  @Test func aStoppedCoolerLetsTheDewarLeaveItsLimitsAndTheFreezerLogsTheExcursion() {
    var simulator = LabSimulator(
      start: Self.start, scenario: LabScenario(coolerFailure: .init(id: "melfi-1", afterSeconds: 600)))
    simulator.advance(by: 600)
    #expect(simulator.telemetry.freezer("melfi-1")?.excursions.isEmpty == true)
    simulator.advance(by: 300)
    #expect(simulator.telemetry.freezer("melfi-1")?.ongoingExcursion == nil, "still within −70 °C after 5 minutes")
    simulator.advance(by: 200)
    let reading = try! #require(simulator.telemetry.freezer("melfi-1"))
    let excursion = try! #require(reading.ongoingExcursion)
    #expect(reading.temperatureC > -70 && !reading.coolerRunning)
    let minutes = excursion.start.timeIntervalSince(Self.start) / 60
    #expect(minutes > 15 && minutes < 17.5, "about six minutes after the cooler stopped: \(minutes)")
    #expect(simulator.telemetry.freezers.filter { $0.freezer != "melfi-1" }.allSatisfy { $0.excursions.isEmpty })
  }

  @Test func racksDrawPowerByStateAndAFaultedRackMustBeSwitchedOffFirst() {
    var simulator = LabSimulator(
      start: Self.start, scenario: LabScenario(rackFault: .init(id: "cir", afterSeconds: 10)))
    #expect(simulator.telemetry.racks.count == Rack.all.count)
    #expect(simulator.apply(RackCommand(rack: "msg", state: .standby)).accepted)
    #expect(simulator.telemetry.racks.first { $0.rack == "msg" }?.powerWatts == 80)
    simulator.advance(by: 20)
    let cir = simulator.telemetry.racks.first { $0.rack == "cir" }
    #expect(cir?.state == .fault && cir?.powerWatts == 0 && cir?.fault != nil)
    #expect(!simulator.apply(RackCommand(rack: "cir", state: .operating)).accepted)
    #expect(!simulator.apply(RackCommand(rack: "nope", state: .off)).accepted)
    #expect(simulator.apply(RackCommand(rack: "cir", state: .off)).accepted)
    #expect(simulator.apply(RackCommand(rack: "cir", state: .operating)).accepted)
  }

  @Test func theDeviceAnswersTelemetryAndRefusesUnknownMessages() throws {
    var device = LabDevice(simulator: LabSimulator(start: Self.start))
    let answer = device.respond(to: Frame(type: 0x40, sequence: 7, payload: Array("{}".utf8)), at: Self.start + 60)
    #expect(answer.type == 0xC0 && answer.sequence == 7)
    let telemetry = try FrameBody.decode(LabTelemetry.self, from: answer.payload)
    #expect(telemetry.time == Self.start + 60 && telemetry.freezers.count == Freezer.all.count)
    let unknown = device.respond(to: Frame(type: 0x4E, sequence: 8, payload: []), at: Self.start + 60)
    #expect(unknown.type == 0xCF)
    #expect(try FrameBody.decode(DeviceFailure.self, from: unknown.payload).message.contains("0x4E"))
    #expect(LabProtocol.handles(0x41) && !LabProtocol.handles(0x30), "no overlap with the docking system")
  }
}
