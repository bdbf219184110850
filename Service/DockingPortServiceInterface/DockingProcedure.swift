import DeviceServiceInterface

/// The docking procedure: what each step does to its port, and what it refuses. Every docking
/// system applies it alike (the simulator, a test's fake), so a refusal means the same everywhere.
///
/// free → approach → soft capture → hard dock → hatch open, and back: close hatch → hard dock →
/// undock → departing → free. Only one vehicle moves near the station at a time.
public enum DockingProcedure {
  /// Where an approach starts and a departure ends, m.
  public static let keepOutSphereMeters = 200.0
  /// Within this range the vehicle is in contact and can be captured, m.
  public static let contactMeters = 0.1

  /// What a step does: the port's next status, or why it is refused (nothing changes then).
  public enum Step: Sendable, Equatable {
    /// The port's status once the step is carried out.
    case next(PortStatus)
    /// Why the step is refused.
    case refused(DockingRefusal)
  }

  /// What `command` does to its port while the ports are as `ports` says.
  public static func step(_ command: DockingCommand, ports: [DockingPort: PortStatus]) -> Step {
    let port = command.port
    guard let current = ports[port] else { return .refused(.noSuchPort) }
    func require(_ phase: PortPhase, _ rule: DockingRule) -> DockingRefusal? {
      current.phase == phase ? nil : .outOfOrder(current, rule)
    }
    func moved(_ phase: PortPhase, range: Double? = nil) -> PortStatus {
      PortStatus(port: port, phase: phase, vehicle: current.vehicle, rangeMeters: range)
    }
    switch command {
    case .approach(_, let vehicle):
      if current.phase != .free { return .refused(.occupied(current)) }
      if vehicle.mechanism != port.mechanism { return .refused(.mechanismMismatch(vehicle, port)) }
      if let moving = ports.values.first(where: { $0.phase == .approach || $0.phase == .departing }) {
        return .refused(.oneVehicleAtATime(moving))
      }
      return .next(PortStatus(port: port, phase: .approach, vehicle: vehicle, rangeMeters: keepOutSphereMeters))
    case .capture:
      if let refusal = require(.approach, .captureNeedsContact) { return .refused(refusal) }
      if let range = current.rangeMeters, range > contactMeters { return .refused(.notInContact(current)) }
      return .next(moved(.softCapture))
    case .hardDock:
      if let refusal = require(.softCapture, .hardDockFollowsCapture) { return .refused(refusal) }
      return .next(moved(.hardDock))
    case .openHatch:
      if let refusal = require(.hardDock, .hatchOpensAtHardDock) { return .refused(refusal) }
      return .next(moved(.hatchOpen))
    case .closeHatch:
      if let refusal = require(.hatchOpen, .noOpenHatch) { return .refused(refusal) }
      return .next(moved(.hardDock))
    case .undock:
      if current.phase == .hatchOpen { return .refused(.outOfOrder(current, .closeHatchFirst)) }
      if let refusal = require(.hardDock, .undockNeedsHardDock) { return .refused(refusal) }
      return .next(moved(.departing, range: 0))
    case .abort:
      if let refusal = require(.approach, .onlyApproachAborts) { return .refused(refusal) }
      return .next(moved(.departing, range: current.rangeMeters ?? 0))
    }
  }
}

extension DeviceAcknowledgement where Refusal == DockingRefusal, Result == PortStatus {
  /// The docking system's answer to `command`, which did `step`: refused with its reason, or
  /// carried out with the port's new status.
  public init(answering command: DockingCommand, with step: DockingProcedure.Step) {
    switch step {
    case .refused(let refusal): self.init(answering: command, refusal: refusal, outcome: refusal.text)
    case .next(let next): self.init(answering: command, refusal: nil, outcome: Self.outcome(of: next), result: next)
    }
  }
}
