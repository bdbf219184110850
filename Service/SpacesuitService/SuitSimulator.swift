import FoundationEssentials
import SpacesuitServiceInterface

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A deterministic (for a seed) model of a suit and its wearer during an EVA.
///
/// Readings drift realistically: the battery drains (faster with lights on and while heating or
/// cooling), the oxygen tank empties with the flow, CO2 is produced with the heart rate and
/// scrubbed in proportion to the oxygen flow, the suit temperature converges towards its target,
/// the outside temperature swings with the 92-minute orbit (day/night), and the heart rate
/// random-walks within physiology; blood pressure, SpO2 and body temperature follow. A
/// `SuitScenario` adds a fault on top. Time only moves through `advance(by:)` / `advance(to:)`, in
/// steps of `step` seconds. The whole model is `Codable`, so a suit can be kept in a file.
public struct SuitSimulator: Sendable, Codable, Equatable {
  /// The length of one orbit (one day/night cycle), seconds.
  public static let orbitPeriodSeconds: Double = 92 * 60
  /// The longest EVA: a suit idle for longer than this has been serviced in between.
  public static let evaDurationSeconds: Double = 8 * 3600

  /// The current suit readings.
  public private(set) var telemetry: SuitTelemetry
  /// The current vital signs.
  public private(set) var vitals: Vitals
  /// The model time.
  public private(set) var now: Date
  /// Integration step, seconds.
  public let step: Double
  /// The fault being simulated.
  public private(set) var scenario: SuitScenario = .nominal
  /// Seconds since the scenario began.
  public private(set) var scenarioElapsed: Double = 0

  private var random: SplitMix64
  private var elapsed: Double
  private var heartRateMean: Double

  /// Creates a suit at `start`, nominal but for seed-dependent small differences.
  public init(seed: UInt64, start: Date, step: Double = 1) {
    var random = SplitMix64(seed: seed)
    self.step = max(step, 0.001)
    self.now = start
    // Start somewhere in the orbit so different seeds see day or night.
    self.elapsed = random.nextUnit() * SuitSimulator.orbitPeriodSeconds
    self.heartRateMean = 75
    self.telemetry = SuitTelemetry(
      suitPressureKPa: 29.6, oxygenLevelPercent: 98 - random.nextUnit() * 4, carbonDioxideMmHg: 1.0,
      batteryChargePercent: 100 - random.nextUnit() * 5, internalTemperatureC: 21.5, outsideTemperatureC: 0,
      targetTemperatureC: 22, oxygenFlowLitersPerMinute: 2, helmetLightsOn: false, timestamp: start)
    self.vitals = Vitals(
      systolicMmHg: 114, diastolicMmHg: 75, bloodOxygenPercent: 98, heartRateBPM: 72 + random.nextUnit() * 6,
      bodyTemperatureC: 36.8, timestamp: start)
    self.random = random
    telemetry.outsideTemperatureC = outsideTemperature(at: elapsed)
  }

  /// Advances the model to `date` (no-op for a date in the past); at most 24 h are simulated.
  public mutating func advance(to date: Date) {
    let seconds = date.timeIntervalSince(now)
    guard seconds > 0 else { return }
    advance(by: seconds)
  }

  /// Advances the model by `seconds` in steps of `step`.
  public mutating func advance(by seconds: Double) {
    guard seconds > 0 else { return }
    var remaining = min(seconds, 24 * 3600)
    while remaining > 1e-9 {
      let dt = min(step, remaining)
      tick(dt)
      remaining -= dt
    }
    now = now.addingTimeInterval(seconds)
    telemetry.timestamp = now
    vitals.timestamp = now
  }

  /// Applies a command as the suit firmware would (out-of-range values are refused).
  public mutating func apply(_ command: SuitCommand) -> CommandAcknowledgement {
    SuitCommandRules.apply(command, to: &telemetry)
  }

  /// Starts `scenario` now (a scenario already running is replaced; `.nominal` ends it).
  public mutating func begin(_ scenario: SuitScenario) {
    self.scenario = scenario
    scenarioElapsed = 0
  }

  /// The suit after servicing between EVAs: battery charged, oxygen filled, CO2 scrubbed, pressure
  /// nominal and any fault repaired; the settings (target temperature, O2 flow, lights) stay.
  public mutating func service() {
    telemetry.batteryChargePercent = 100
    telemetry.oxygenLevelPercent = 98
    telemetry.carbonDioxideMmHg = 1
    telemetry.suitPressureKPa = 29.6
    begin(.nominal)
  }

  private func outsideTemperature(at elapsed: Double) -> Double {
    // Sunlit side up to about +90 °C, shadow down to about -120 °C.
    -15 + 105 * sin(2 * Double.pi * elapsed / SuitSimulator.orbitPeriodSeconds)
  }

  private mutating func tick(_ dt: Double) {
    elapsed += dt
    scenarioElapsed += dt
    let fault = scenario
    var t = telemetry
    var v = vitals

    // Environment and thermal control.
    t.outsideTemperatureC = outsideTemperature(at: elapsed) + random.nextGaussian() * 0.3
    let heatingOrCooling = abs(t.targetTemperatureC - t.internalTemperatureC)
    let converge = 1 - exp(-dt / 180)
    t.internalTemperatureC += (t.targetTemperatureC - t.internalTemperatureC) * converge
    t.internalTemperatureC += (t.outsideTemperatureC - t.internalTemperatureC) * 0.000_02 * dt
    t.internalTemperatureC += random.nextGaussian() * 0.01 * dt.squareRoot()

    // Power: about 8 h of EVA on a full battery.
    var drainPerSecond = 100.0 / (8 * 3600) + (t.helmetLightsOn ? 0.000_6 : 0) + 0.000_2 * min(heatingOrCooling, 10)
    if fault == .batteryDrain { drainPerSecond += 0.1 }
    t.batteryChargePercent = max(0, t.batteryChargePercent - drainPerSecond * dt)

    // Oxygen: a 1200 L primary supply.
    // A leak grows by 0.25 kPa a minute beyond what the regulator makes up, and costs oxygen.
    let leak = fault == .pressureLeak ? min(scenarioElapsed / 60 * 0.25, 10) : 0
    let leakFlow = fault == .pressureLeak ? min(scenarioElapsed / 600, 1) * 4 : 0
    let flow = t.oxygenFlowLitersPerMinute + leakFlow
    t.oxygenLevelPercent = max(0, t.oxygenLevelPercent - flow * dt / 60 / 1200 * 100)
    let pressureTarget = (t.oxygenLevelPercent > 1 ? 29.6 + (t.oxygenFlowLitersPerMinute - 2) * 0.08 : 25) - leak
    t.suitPressureKPa += (pressureTarget - t.suitPressureKPa) * (1 - exp(-dt / 30))
    t.suitPressureKPa += random.nextGaussian() * 0.01 * dt.squareRoot()

    // CO2: produced with metabolism, scrubbed with the ventilation flow.
    // A saturating scrubber loses its grip within a few minutes while the wearer works hard.
    let saturating = fault == .co2Buildup
    let production = 0.003 * v.heartRateBPM / 75 * (saturating ? 2 : 1)
    let scrubberEfficiency = saturating ? exp(-scenarioElapsed / 120) : 1
    let scrubbing = 0.001_2 * t.oxygenFlowLitersPerMinute * t.carbonDioxideMmHg * scrubberEfficiency
    t.carbonDioxideMmHg = max(0, t.carbonDioxideMmHg + (production - scrubbing) * dt)

    // Heart rate: mean-reverting random walk; exertion phases shift the mean.
    if random.nextUnit() < 0.002 * dt { heartRateMean = 70 + random.nextUnit() * 40 }
    let heatStress = max(0, t.internalTemperatureC - 24) * 2
    v.heartRateBPM += 0.02 * (heartRateMean + heatStress - v.heartRateBPM) * dt
    v.heartRateBPM += random.nextGaussian() * 0.6 * dt.squareRoot()
    v.heartRateBPM = min(max(v.heartRateBPM, 50), 150)

    v.systolicMmHg = 112 + (v.heartRateBPM - 75) * 0.35 + random.nextGaussian() * 0.8
    v.diastolicMmHg = 74 + (v.heartRateBPM - 75) * 0.12 + random.nextGaussian() * 0.5
    let spo2Target =
      98.2 - max(0, 1 - t.oxygenFlowLitersPerMinute) * 4 - max(0, t.carbonDioxideMmHg - 3) * 0.6
      - max(0, 28 - t.suitPressureKPa) * 2
    v.bloodOxygenPercent += (spo2Target - v.bloodOxygenPercent) * (1 - exp(-dt / 60))
    v.bloodOxygenPercent = min(max(v.bloodOxygenPercent + random.nextGaussian() * 0.03, 80), 100)
    let bodyTarget = 36.8 + (t.internalTemperatureC - 22) * 0.04 + (v.heartRateBPM - 75) * 0.004
    v.bodyTemperatureC += (bodyTarget - v.bodyTemperatureC) * (1 - exp(-dt / 600))

    telemetry = t
    vitals = v
  }
}

/// A small, fast, seedable generator (SplitMix64); identical sequences for identical seeds.
struct SplitMix64: Sendable, Codable, Equatable {
  private var state: UInt64

  init(seed: UInt64) { state = seed }

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  /// Uniform in [0, 1).
  mutating func nextUnit() -> Double { Double(next() >> 11) / Double(UInt64(1) << 53) }

  /// Standard normal (Box–Muller).
  mutating func nextGaussian() -> Double {
    let u1 = max(nextUnit(), .leastNonzeroMagnitude)
    let u2 = nextUnit()
    return (-2 * log(u1)).squareRoot() * cos(2 * Double.pi * u2)
  }
}
