import Foundation
import Localization
import SolarArrayServiceInterface
import Testing

/// What every power system and every domain agrees on: the models, the rule that refuses a
/// command, the alerts and the words.
@Suite("The power system's interface")
struct PowerInterfaceTests {
  @Test func aJointDoesNotFeatherAndTheAnswerSaysWhyInEveryLanguage() {
    let refused = PowerAcknowledgement(answering: .joint(.port, .feather))
    #expect(!refused.accepted && refused.refusal == .jointDoesNotFeather)
    #expect(refused.message == "an alpha joint does not feather; give track or an angle from -180 to 180")
    #expect(refused.reason.resolved(in: .russian).hasPrefix("альфа-шарнир не переводится во флюгер"))
    let carried = PowerAcknowledgement(answering: .wing(.c2B, .feather))
    #expect(carried.accepted && carried.refusal == nil && carried.command == "wing 2B feather")
    #expect(carried.message == "beta gimbal 2B feathers (90°)")
    #expect(PowerCommand.joint(.starboard, .angle(45)).refusal == nil)
  }

  @Test func aWingStandingOffItsTargetAndLowBatteriesRaiseAlerts() {
    let stuck = wing(.c2A, angle: 40, target: 15, moving: false, charge: 95)
    let slewing = wing(.c1A, angle: 40, target: 90, moving: true, charge: 55)
    let low = wing(.c3B, angle: 15, target: 15, moving: false, charge: 35)
    let alerts = PowerLimits.alerts(for: status([stuck, slewing, low]))
    #expect(alerts.map(\.subject) == ["beta gimbal 2A", "battery 1A", "battery 3B"])
    #expect(alerts.map(\.severity) == [.critical, .warning, .critical])
    #expect(alerts[0].text.resolved(in: .russian).hasPrefix("бета-шарнир 2A не движется: 25° от заданного угла"))
  }

  @Test func thePowerSystemIsNamedInThisModulesWords() {
    #expect(PowerSystem.name.resolved(in: .russian) == "система электропитания")
    #expect(PowerSystem.unreachableHint.description == "check that the station (or station-sim) is listening there")
  }

  @Test(arguments: ["track", "feather", "-35", "180", "12.5"])
  func pointingModesReadBackAsTheyAreWritten(_ text: String) throws {
    let mode = try #require(PointingMode(text: text))
    #expect(PointingMode(text: mode.description) == mode)
  }

  @Test(arguments: ["", "181", "north", "nan"])
  func pointingModesRefuseOtherText(_ text: String) {
    #expect(PointingMode(text: text) == nil)
  }

  @Test func channelsSitOnTheirTrussSegmentsAndJoints() {
    #expect(PowerChannel.allCases.map(\.rawValue) == ["1A", "1B", "2A", "2B", "3A", "3B", "4A", "4B"])
    #expect(PowerChannel.allCases.filter { $0.joint == .starboard }.map(\.segment) == ["S4", "S6", "S4", "S6"])
    #expect(PowerChannel.allCases.filter { $0.joint == .port }.map(\.segment) == ["P4", "P6", "P4", "P6"])
  }

  @Test func theErrorsAreThePowerSystemsLinesInEveryLanguage() {
    let violation = SolarArrayError.protocolViolation(.verbatim("0x85"))
    #expect(
      violation.translatedMessage.resolved(in: .russian)
        == "система электропитания прислала ответ, который программа не может прочитать: 0x85")
    #expect(violation.userMessage == "the power system sent an answer this app cannot read: 0x85")
    let refused = SolarArrayError.rejected(PowerRefusal.jointDoesNotFeather.text)
    #expect(refused.kind == .rejected && refused.userMessage.hasPrefix("the power system refused: an alpha joint"))
  }

  private func wing(_ channel: PowerChannel, angle: Double, target: Double, moving: Bool, charge: Double) -> WingStatus
  {
    WingStatus(
      channel: channel, mode: .track, angle: angle, targetAngle: target, isMoving: moving, isFeathered: false,
      availableKW: 20, powerKW: 12, currentA: 75, batteryChargePercent: charge, batteryKW: 0)
  }

  private func status(_ wings: [WingStatus]) -> PowerStatus {
    PowerStatus(
      timestamp: Date(timeIntervalSince1970: 1_800_000_000),
      orbit: OrbitStatus(
        latitude: 0, longitude: 0, altitudeKm: 420, speedKmPerSecond: 7.66, inSunlight: true, betaAngle: 15,
        periodMinutes: 92.68, eclipseMinutes: 36, minutesToTransition: 20),
      wings: wings, joints: [], consumedKW: 92)
  }
}
