import AppAnalytics
import DockingPortServiceInterface
import Localization
import SolarArrayServiceInterface

/// The rules that span the station's services (which never link each other): a vehicle moves near
/// a port only while the solar array wings near that port are feathered, and those wings stay
/// feathered until it has docked or left.
enum StationRules {
  /// The wings whose beta gimbals the docking procedure feathers before a vehicle moves near `port`
  /// (our model: the inboard wings for the Harmony ports, the outboard wings over the aft corridor,
  /// the wings on the side of the Russian modules' ports).
  static func wingsNear(_ port: DockingPort) -> [PowerChannel] {
    switch port {
    case .harmonyForward, .harmonyZenith: [.c1A, .c2A, .c3A, .c4A]
    case .zvezdaAft: [.c1B, .c2B, .c3B, .c4B]
    case .poiskZenith, .prichalNadir: [.c2A, .c4A]
    case .rassvetNadir: [.c1A, .c3A]
    }
  }

  /// Why `step` may not start now, or nil: an approach to a free port, or an undocking from hard
  /// dock, needs the wings near the port feathered. (A step the port itself refuses, e.g. an
  /// approach to an occupied port, is left to the docking system, which says why.)
  static func refusal(of step: DockingCommand, at port: PortStatus?, power: PowerStatus) -> PeripheriesError? {
    switch (step, port?.phase) {
    case (.approach(let port, let vehicle), .free) where vehicle.mechanism == port.mechanism: break
    case (.undock, .hardDock): break
    default: return nil
    }
    let unfeathered = wingsNear(step.port).filter { power.wing($0)?.isFeathered != true }
    guard !unfeathered.isEmpty else { return nil }
    return .refused(
      Strings.ruleWingsNotFeathered(
        port: step.port.rawValue, wings: unfeathered.map(\.rawValue).joined(separator: ", "),
        wing: unfeathered[0].rawValue))
  }

  /// Why wing `channel` may not leave feather now, or nil: a vehicle moves near a port it guards.
  static func refusal(of channel: PowerChannel, mode: PointingMode, docking: DockingStatus) -> PeripheriesError? {
    guard mode != .feather else { return nil }
    let moving = docking.ports.first { status in
      (status.phase == .approach || status.phase == .departing || status.phase == .softCapture)
        && wingsNear(status.port).contains(channel)
    }
    guard let moving else { return nil }
    return .refused(
      Strings.ruleWingStaysFeathered(
        wing: channel.rawValue, vehicle: moving.vehicle?.localizedName ?? Strings.ruleAVehicle,
        phase: moving.phase.localizedName, port: moving.port.rawValue))
  }

  /// The step that moves a port on towards an open hatch, or from an open hatch back to hard dock.
  static func nextStep(at port: PortStatus?) -> DockingCommand? {
    guard let port else { return nil }
    switch port.phase {
    case .approach: return .capture(port.port)
    case .softCapture: return .hardDock(port.port)
    case .hardDock: return .openHatch(port.port)
    case .hatchOpen: return .closeHatch(port.port)
    case .free, .departing: return nil
    }
  }
}
