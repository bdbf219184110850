import AppAnalytics
import AppAnalyticsTestSupport
import Foundation
import Logging
import Radio
import SpacesuitServiceInterface
import Synchronization
import Testing

@testable import SpacesuitService

@Suite struct SimulatorModelTests {
  let start = Date(timeIntervalSince1970: 1_795_323_600)
  let thresholds = Thresholds.standard

  @Test func isDeterministicForASeed() {
    var a = SuitSimulator(seed: 7, start: start)
    var b = SuitSimulator(seed: 7, start: start)
    var c = SuitSimulator(seed: 8, start: start)
    a.advance(by: 600)
    b.advance(by: 600)
    c.advance(by: 600)
    #expect(a.telemetry == b.telemetry)
    #expect(a.vitals == b.vitals)
    #expect(a.telemetry != c.telemetry)
    #expect(a.telemetry.timestamp == start.addingTimeInterval(600))
  }

  @Test func driftStaysWithinPhysiologyOverTwoOrbits() {
    var suit = SuitSimulator(seed: 42, start: start)
    var outside: [Double] = []
    var previousBattery = suit.telemetry.batteryChargePercent
    for _ in 0..<(2 * 92) {
      suit.advance(by: 60)
      let t = suit.telemetry
      let v = suit.vitals
      #expect(t.batteryChargePercent <= previousBattery)
      previousBattery = t.batteryChargePercent
      #expect((27.6...32.4).contains(t.suitPressureKPa))
      #expect((0...3).contains(t.carbonDioxideMmHg))
      #expect((18...27).contains(t.internalTemperatureC))
      #expect((-150...120).contains(t.outsideTemperatureC))
      #expect((50...150).contains(v.heartRateBPM))
      #expect((90...100).contains(v.bloodOxygenPercent))
      #expect((35.5...38).contains(v.bodyTemperatureC))
      outside.append(t.outsideTemperatureC)
    }
    // Day and night: the orbit swings the outside temperature by well over 100 °C.
    #expect((outside.max() ?? 0) - (outside.min() ?? 0) > 150)
    #expect(suit.telemetry.batteryChargePercent < 100 - 100 * 3 / 8)
    #expect(suit.telemetry.oxygenLevelPercent < 98 - 20)
  }

  @Test func reactsToCommands() {
    var warm = SuitSimulator(seed: 3, start: start)
    #expect(warm.apply(.setTemperature(celsius: 26)).accepted)
    warm.advance(by: 1800)
    #expect(abs(warm.telemetry.internalTemperatureC - 26) < 1)
    #expect(warm.telemetry.targetTemperatureC == 26)

    var lowFlow = SuitSimulator(seed: 3, start: start)
    #expect(lowFlow.apply(.setOxygenFlow(litersPerMinute: 0.5)).accepted)
    lowFlow.advance(by: 3600)
    #expect(thresholds.classify(.carbonDioxide, lowFlow.telemetry.carbonDioxideMmHg).status == .warning)

    var dark = SuitSimulator(seed: 3, start: start)
    var lit = SuitSimulator(seed: 3, start: start)
    #expect(lit.apply(.setLights(on: true)).accepted)
    dark.advance(by: 3600)
    lit.advance(by: 3600)
    #expect(lit.telemetry.helmetLightsOn)
    #expect(lit.telemetry.batteryChargePercent < dark.telemetry.batteryChargePercent)

    let refused = lit.apply(.setOxygenFlow(litersPerMinute: 9))
    #expect(!refused.accepted)
    #expect(refused.message == "oxygen flow must be within 0.5–8.0 L/min")
  }
}

/// A clock tests move by hand.
final class ManualClock: Sendable {
  private let current: Mutex<Date>
  init(_ start: Date) { current = Mutex(start) }
  var now: Date { current.withLock { $0 } }
  func advance(by seconds: Double) { current.withLock { $0 = $0.addingTimeInterval(seconds) } }
}

@Suite struct LiveClientTests {
  let logger = Logger.disabled(module: "SpacesuitServiceTests")

  @Test func talksToTheInProcessSimulator() async throws {
    let analytics = InMemoryAnalyticsProvider()
    let client = try await SpacesuitClients.connect(
      .simulated(seed: 1), logger: logger, analytics: Analytics(providers: [analytics]),
      configuration: .init(requestTimeout: .seconds(60)))
    let telemetry = try await client.telemetry()
    #expect(Thresholds.standard.classify(.suitPressure, telemetry.suitPressureKPa).status == .optimal)
    let vitals = try await client.vitals()
    #expect((50...150).contains(vitals.heartRateBPM))

    let ack = try await client.send(.setTemperature(celsius: 24.5))
    #expect(ack.accepted)
    #expect(ack.command == "temperature 24.5 °C")
    #expect(try await client.telemetry().targetTemperatureC == 24.5)
    await #expect(throws: SpacesuitError.rejected(SuitRefusal.temperatureOutOfRange(minimum: 16, maximum: 30).text)) {
      try await client.send(.setTemperature(celsius: 45))
    }
    #expect(analytics.events.contains { $0.name == "error" && $0.properties["kind"] == "rejected" })

    var samples: [SuitTelemetry] = []
    for try await sample in client.watch(count: 3, interval: .milliseconds(1)) { samples.append(sample) }
    #expect(samples.count == 3)

    let statistics = await client.linkStatistics()
    #expect(statistics.framesSent == 8)
    #expect(statistics.framesReceived == 8)
    #expect(statistics.corruptFrames == 0)
  }

  @Test func serverAdvancesTheModelWithItsClock() async throws {
    let clock = ManualClock(Date(timeIntervalSince1970: 1_795_323_600))
    let server = SimulatedSuitServer(
      simulator: SuitSimulator(seed: 5, start: clock.now), clock: { clock.now }, logger: logger)
    let before = await server.currentSuit().telemetry.batteryChargePercent
    clock.advance(by: 3600)
    let after = await server.currentSuit()
    #expect(after.telemetry.batteryChargePercent < before)
    #expect(after.now == clock.now)

    let unknown = await server.answer(Frame(type: 0x42, sequence: 1))
    #expect(unknown.0 == .failure)
  }

  @Test func servesSeveralClientsOverAUnixSocket() async throws {
    let path = "/tmp/iss-\(UUID().uuidString.prefix(8)).sock"
    let listener = try UnixSocketListener(path: path)
    let server = SimulatedSuitServer(simulator: SuitSimulator(seed: 9, start: Date()), logger: logger)
    let serving = Task { await server.serve(listener: listener) }
    // Patient requests: the suite runs in parallel on a small machine; speed is not what this checks.
    let patient = RadioLinkConfiguration(requestTimeout: .seconds(60))
    let first = try await SpacesuitClients.live(
      .unixSocket(path: path), logger: logger, analytics: .disabled, configuration: patient)
    let second = try await SpacesuitClients.live(
      .unixSocket(path: path), logger: logger, analytics: .disabled, configuration: patient)
    _ = try await first.send(.setLights(on: true))
    #expect(try await second.telemetry().helmetLightsOn)
    listener.close()
    await serving.value
    #expect(!FileManager.default.fileExists(atPath: path))
  }

  @Test func reportsAnUnreachableSuitWithAFix() async {
    let path = "/tmp/iss-\(UUID().uuidString.prefix(8)).sock"
    let analytics = InMemoryAnalyticsProvider()
    do {
      _ = try await SpacesuitClients.live(
        .unixSocket(path: path), logger: logger, analytics: Analytics(providers: [analytics]))
      Issue.record("expected unreachable")
    } catch let error as SpacesuitError {
      guard case .unreachable = error else {
        Issue.record("expected unreachable, got \(error)")
        return
      }
      #expect(error.userMessage.hasPrefix("no suit at \(path): "))
      #expect(error.userMessage.hasSuffix(". Start one with: spacesuit-sim --socket \(path)"))
      #expect(!error.userMessage.contains("\n"))
      #expect(error.kind == .unavailable)
    } catch {
      Issue.record("unexpected error \(error)")
    }
    #expect(analytics.events.map(\.name) == ["error"])
  }
}
