import Foundation
import SolarArrayServiceInterface
import Testing

@testable import SolarArrayService

@Suite("The power system model")
struct PowerModelTests {
  let start = Date(timeIntervalSince1970: 1_800_000_000)

  @Test func theShadowCoversAbout36Of92MinutesAndShrinksWithTheBetaAngle() {
    let low = Orbit(betaAngle: 0).status(phase: 0, date: start)
    #expect(abs(low.periodMinutes - 92.68) < 0.01)
    #expect(low.eclipseMinutes > 35 && low.eclipseMinutes < 37, "\(low.eclipseMinutes)")
    #expect(Orbit(betaAngle: 60).eclipseFraction < Orbit(betaAngle: 0).eclipseFraction)
    #expect(Orbit(betaAngle: 75).eclipseFraction == 0, "full sun at high beta angles")
    #expect(Orbit(betaAngle: 0).inShadow(phase: 0.5) && !Orbit(betaAngle: 0).inShadow(phase: 0))
  }

  @Test func batteriesCarryTheStationThroughEclipseAndRechargeInSunlight() {
    var model = SolarArraySimulator(start: start, step: 5)
    var lowest = 100.0
    var sawEclipse = false
    for _ in 0..<(93 * 2) {
      model.advance(by: 30)
      let status = model.status
      lowest = min(lowest, status.batteryChargePercent)
      if !status.orbit.inSunlight {
        sawEclipse = true
        #expect(status.generatedKW == 0, "no power in the shadow")
        #expect(status.wings.allSatisfy { $0.batteryKW < 0 }, "batteries discharge in eclipse")
      }
    }
    #expect(sawEclipse)
    #expect(
      lowest < 90 && lowest > PowerLimits.batteryWarningPercent, "a nominal eclipse dips the batteries: \(lowest)")
    model.advance(by: 0.1 * Orbit.periodSeconds)
    #expect(model.status.orbit.inSunlight)
    #expect(abs(model.status.consumedKW - 92) < 5)
  }

  @Test func aFeatheredWingIsEdgeOnAfterItsGimbalSlewedAndDeliversLess() {
    var model = SolarArraySimulator(start: start)
    let tracking = model.status.wing(.c2A)!.powerKW
    let answer = model.apply(.wing(.c2A, .feather))
    #expect(answer.accepted)
    model.advance(by: 10)
    #expect(model.status.wing(.c2A)!.isMoving && !model.status.wing(.c2A)!.isFeathered)
    model.advance(by: 200)
    let wing = model.status.wing(.c2A)!
    #expect(wing.isFeathered && !wing.isMoving)
    #expect(abs(wing.angle - PowerLimits.featherAngle) < 1)
    #expect(wing.availableKW < tracking / 2)
    #expect(PowerLimits.alerts(for: model.status).isEmpty, "a commanded feather is no fault")
  }

  @Test func aNominalStartContinuesTheSameOrbit() {
    let first = SolarArraySimulator(start: start, scenario: .nominal(at: start)).status.orbit
    var later = SolarArraySimulator(start: start, scenario: .nominal(at: start))
    later.advance(by: 600)
    let restarted = SolarArraySimulator(
      start: start.addingTimeInterval(600), scenario: .nominal(at: start.addingTimeInterval(600))
    ).status.orbit
    #expect(abs(later.status.orbit.latitude - restarted.latitude) < 0.01)
    #expect(abs(first.latitude - restarted.latitude) > 1, "the station moved in ten minutes")
  }

  @Test func aJointDoesNotFeather() {
    var model = SolarArraySimulator(start: start)
    #expect(!model.apply(.joint(.port, .feather)).accepted)
    #expect(model.apply(.joint(.port, .angle(45))).accepted)
    model.advance(by: 1000)
    #expect(abs(model.status.joints.first { $0.joint == .port }!.angle - 45) < 0.5)
  }

  @Test func aStuckGimbalAndLowBatteriesRaiseAlerts() {
    var stuck = SolarArraySimulator(start: start, scenario: PowerScenario(stuckGimbal: .init(channel: .c2B, angle: 80)))
    stuck.advance(by: 5)
    let alerts = PowerLimits.alerts(for: stuck.status)
    #expect(alerts.map(\.subject) == ["beta gimbal 2B"])
    #expect(alerts.first?.severity == .critical)
    let low = SolarArraySimulator(start: start, scenario: PowerScenario(batteryCharge: [.c3A: 35, .c4B: 55]))
    let battery = PowerLimits.alerts(for: low.status)
    #expect(battery.map(\.subject) == ["battery 3A", "battery 4B"])
    #expect(battery.map(\.severity) == [.critical, .warning])
  }

}
