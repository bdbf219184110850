// untranslated-file: the fake labs answer as their equipment does, in English
import FoundationEssentials
import LaboratoryServiceInterface

/// The labs for tests: every rack and freezer as on a nominal day, on a stopped clock that moves
/// only through `advance(by:)`, with the failures a test asks for — simpler than the simulated
/// labs and just as deterministic. A cooler that fails lets its freezer reach the cabin's
/// temperature at once (an excursion from that moment on); a rack that faults draws nothing.
public struct FakeLabs: Sendable {
  /// Something that breaks `afterSeconds` after the start.
  public typealias Failure = LabFailure

  /// The labs' clock.
  public private(set) var now: Date
  private let start: Date
  private let coolerFailure: Failure?
  private let rackFault: Failure?
  private var racks: [String: (state: RackState, fault: String?)] = [:]

  /// Labs at `start`, a cooler failing and a rack faulting when the test says so.
  public init(start: Date, coolerFailure: Failure? = nil, rackFault: Failure? = nil) {
    now = start
    self.start = start
    self.coolerFailure = coolerFailure
    self.rackFault = rackFault
    for rack in Rack.all { racks[rack.id] = (RackRules.initialState(of: rack), nil) }
  }

  /// Moves the clock on by `seconds`.
  public mutating func advance(by seconds: Double) {
    now += max(0, seconds)
    if let fault = happened(rackFault), racks[fault.id]?.state != .fault {
      racks[fault.id] = (.fault, "air outlet over temperature; the rack shut itself down")
    }
  }

  /// The labs now.
  public var telemetry: LabTelemetry {
    let racks = Rack.all.map { rack in
      let model = self.racks[rack.id] ?? (.off, nil)
      return RackRules.reading(of: rack, state: model.state, fault: model.fault)
    }
    let failed = happened(coolerFailure)
    let freezers = Freezer.all.map { freezer in
      guard freezer.id == failed?.id, let failed else {
        return FreezerReading(freezer: freezer.id, temperatureC: freezer.storage.celsius, coolerRunning: true)
      }
      let since = start + failed.afterSeconds
      return FreezerReading(
        freezer: freezer.id, temperatureC: RackRules.cabinC, coolerRunning: false,
        excursions: [Excursion(start: since, peakC: RackRules.cabinC)])
    }
    return LabTelemetry(time: now, racks: racks, freezers: freezers)
  }

  /// Carries out a rack command, or says why not; see `RackRules`.
  public mutating func apply(_ command: RackCommand) -> RackAcknowledgement {
    let rack = Rack.named(command.rack)
    let model = rack.flatMap { racks[$0.id] }
    let answer = RackRules.answer(to: command, rack: rack, state: model?.state ?? .off, fault: model?.fault)
    if let rack { racks[rack.id] = (answer.state, answer.state == .fault ? model?.fault : nil) }
    return answer.acknowledgement
  }

  /// `failure` when it has happened by now.
  private func happened(_ failure: Failure?) -> Failure? {
    guard let failure, now.timeIntervalSince(start) >= failure.afterSeconds else { return nil }
    return failure
  }
}
