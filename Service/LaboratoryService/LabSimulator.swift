// untranslated-file: the simulated labs answer as the equipment does, in English
import FoundationEssentials
import LaboratoryServiceInterface
import Radio

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// How simulated labs start: the scenario a bench (or a test) wants to see.
public struct LabScenario: Codable, Sendable, Equatable {
  /// A freezer whose cooler stops, and how many seconds after the start.
  public var coolerFailure: Failure?
  /// A rack that faults, and how many seconds after the start.
  public var rackFault: Failure?

  /// Something that breaks `afterSeconds` into the run.
  public typealias Failure = LabFailure

  /// A scenario; the defaults are a nominal day.
  public init(coolerFailure: Failure? = nil, rackFault: Failure? = nil) {
    self.coolerFailure = coolerFailure
    self.rackFault = rackFault
  }

  /// Every rack and freezer working.
  public static let nominal = LabScenario()
}

/// A deterministic model of the four labs: racks drawing power and warming their air, freezers
/// holding their set points, and what the scenario breaks.
///
/// A running cooler pulls its freezer to the set point (time constant 10 minutes); a stopped one
/// lets it warm towards the cabin's 22 °C (time constant an hour: a −80 °C dewar leaves its limits
/// about six minutes after its cooler stops). Each freezer logs its excursions. Time moves only
/// through `advance(by:)` / `advance(to:)` (a `SteppedModel`, one ``tick(_:)`` a step).
public struct LabSimulator: SteppedModel {
  private struct RackModel: Sendable {
    var state: RackState
    var fault: String?
  }

  private struct FreezerModel: Sendable {
    var temperature: Double
    var coolerRunning = true
    var excursions: [Excursion] = []
  }

  /// The model time and its step.
  public var clock: ModelClock
  private let start: Date
  private let scenario: LabScenario
  private var racks: [String: RackModel] = [:]
  private var freezers: [String: FreezerModel] = [:]
  /// The scenario's failures that have happened.
  private var happened: Set<String> = []

  /// The cabin air temperature, °C.
  static let cabinC = RackRules.cabinC
  /// How many excursions a freezer keeps in its log.
  static let excursionLogLength = 10

  /// Labs at `start` as `scenario` describes them, integrated in steps of `step` seconds.
  public init(start: Date, scenario: LabScenario = .nominal, step: Double = 5) {
    clock = ModelClock(start: start, step: step)
    self.start = start
    self.scenario = scenario
    for rack in Rack.all { racks[rack.id] = RackModel(state: RackRules.initialState(of: rack)) }
    for freezer in Freezer.all { freezers[freezer.id] = FreezerModel(temperature: freezer.storage.celsius) }
  }

  /// One step of `dt` seconds (the clock is at its end): what the scenario breaks by now, then the freezers.
  public mutating func tick(_ dt: Double) {
    applyScenario()
    for freezer in Freezer.all { integrate(freezer, dt) }
  }

  private mutating func applyScenario() {
    let elapsed = now.timeIntervalSince(start)
    if let failure = scenario.coolerFailure, elapsed >= failure.afterSeconds, !happened.contains(failure.id) {
      happened.insert(failure.id)
      freezers[failure.id]?.coolerRunning = false
    }
    if let failure = scenario.rackFault, elapsed >= failure.afterSeconds, !happened.contains(failure.id) {
      happened.insert(failure.id)
      racks[failure.id] = RackModel(state: .fault, fault: "air outlet over temperature; the rack shut itself down")
    }
  }

  private mutating func integrate(_ freezer: Freezer, _ dt: Double) {
    guard var model = freezers[freezer.id] else { return }
    let (target, constant) = model.coolerRunning ? (freezer.storage.celsius, 600.0) : (Self.cabinC, 3_600.0)
    model.temperature = target + (model.temperature - target) * exp(-dt / constant)
    let outside = freezer.isExcursion(model.temperature)
    if var last = model.excursions.last, last.end == nil {
      last.peakC =
        abs(model.temperature - freezer.storage.celsius) > abs(last.peakC - freezer.storage.celsius)
        ? model.temperature : last.peakC
      if !outside { last.end = now }
      model.excursions[model.excursions.count - 1] = last
    } else if outside {
      model.excursions.append(Excursion(start: now, peakC: model.temperature))
      model.excursions = Array(model.excursions.suffix(Self.excursionLogLength))
    }
    freezers[freezer.id] = model
  }

  /// The labs now.
  public var telemetry: LabTelemetry {
    let seconds = now.timeIntervalSince1970
    let rackReadings = Rack.all.enumerated().map { index, rack -> RackReading in
      let model = racks[rack.id] ?? RackModel(state: .off)
      return RackRules.reading(
        of: rack, state: model.state, fault: model.fault, load: 1 + 0.04 * sin(seconds / 300 + Double(index)))
    }
    let freezerReadings = Freezer.all.map { freezer -> FreezerReading in
      let model = freezers[freezer.id] ?? FreezerModel(temperature: freezer.storage.celsius)
      return FreezerReading(
        freezer: freezer.id, temperatureC: (model.temperature * 10).rounded() / 10, coolerRunning: model.coolerRunning,
        excursions: model.excursions)
    }
    return LabTelemetry(time: now, racks: rackReadings, freezers: freezerReadings)
  }

  /// Carries out a rack command, or says why not (nothing changes then); see `RackRules`.
  public mutating func apply(_ command: RackCommand) -> RackAcknowledgement {
    let rack = Rack.named(command.rack)
    let model = rack.flatMap { racks[$0.id] }
    let answer = RackRules.answer(
      to: command, rack: model == nil ? nil : rack, state: model?.state ?? .off, fault: model?.fault)
    if let rack, answer.state != model?.state { racks[rack.id] = RackModel(state: answer.state) }
    return answer.acknowledgement
  }
}
