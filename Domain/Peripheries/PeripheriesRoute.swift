import CommandLineKit
import DockingPortService
import HeatRadiatorService
import Localization
import SolarArrayService
import UIComponents

/// Every destination of the Peripheries domain, declared once: its command-line words, deep link,
/// help, value constraints and main-menu entries.
///
/// `iss-overview docking approach harmony-forward starliner`,
/// `iss-overview open "docking/approach?port=harmony-forward&vehicle=starliner"` and
/// `.dock(.approach(.harmonyForward, .starliner))` are the same route.
public enum PeripheriesRoute: Hashable, Sendable {
  /// Power, thermal, docking, alerts and position on one screen; `watch` redraws it.
  case status(watch: Watch?)
  /// The power system: wings, alpha joints, batteries, orbit.
  case power
  /// Drive one wing's beta gimbal.
  case wing(PowerChannel, PointingMode)
  /// Drive one solar alpha rotary joint (`track` or an angle).
  case joint(AlphaJoint, PointingMode)
  /// The thermal control system: loops and radiators.
  case thermal
  /// Deploy, retract or rotate a radiator.
  case radiator(ThermalCommand)
  /// The docking ports and the next visiting vehicles.
  case docking
  /// One step of the docking procedure.
  case dock(DockingCommand)
  /// The visiting-vehicle schedule from Houston (the kept copy when offline).
  case schedule

  /// How often, and how many times, the overview is drawn.
  public struct Watch: Hashable, Sendable {
    /// Samples before stopping; nil: until Ctrl-C.
    public var count: Int?
    /// Milliseconds between samples; nil: the default (2000).
    public var intervalMilliseconds: Int?

    /// A watch of `count` samples, `intervalMilliseconds` apart.
    public init(count: Int? = nil, intervalMilliseconds: Int? = nil) {
      self.count = count
      self.intervalMilliseconds = intervalMilliseconds
    }
  }
}

// MARK: - Command line and deep links

extension PeripheriesRoute: CommandRoute {
  public static let commands: [Command<PeripheriesRoute>] =
    [statusCommand, powerCommand, wingCommand, jointCommand, thermalCommand, deployCommand, retractCommand]
    + [rotateCommand, dockingCommand, approachCommand] + portSteps.map(\.command) + [scheduleCommand]

  public var invocation: CommandInvocation {
    switch self {
    case .status(let watch):
      Self.statusCommand.invocation(
        Self.watch(watch != nil), Self.count(watch?.count), Self.interval(watch?.intervalMilliseconds))
    case .power: Self.powerCommand.invocation()
    case .wing(let channel, let mode): Self.wingCommand.invocation(Self.channel(channel), Self.wingMode(mode))
    case .joint(let joint, let mode): Self.jointCommand.invocation(Self.joint(joint), Self.jointMode(mode))
    case .thermal: Self.thermalCommand.invocation()
    case .radiator(.deploy(let wing)): Self.deployCommand.invocation(Self.radiator(wing))
    case .radiator(.retract(let wing)): Self.retractCommand.invocation(Self.radiator(wing))
    case .radiator(.rotate(let wing, let pointing)):
      Self.rotateCommand.invocation(Self.radiator(wing), Self.pointing(pointing))
    case .docking: Self.dockingCommand.invocation()
    case .dock(.approach(let port, let vehicle)):
      Self.approachCommand.invocation(Self.port(port), Self.vehicle(vehicle))
    case .dock(let step):
      Self.portSteps.first { $0.matches(step) }.map { $0.command.invocation(Self.port(step.port)) }
        ?? Self.dockingCommand.invocation()
    case .schedule: Self.scheduleCommand.invocation()
    }
  }

  // Parameters.
  static let watch = Flag("watch", help: "Redraw the overview in place on a terminal; one line per sample when piped.")
  static let count = Option(
    "count", .integer(in: 1...1_000_000), placeholder: "n", help: "With --watch: stop after <n> samples.")
  static let interval = Option(
    "interval-ms", .integer(in: 100...3_600_000), placeholder: "ms",
    help: "With --watch: time between samples; default 2000.")
  static let channel = Argument(
    "wing", ValueFormat<PowerChannel>.choice, help: "The wing, by the power channel it feeds.")
  static let wingMode = Argument(
    "mode",
    ValueFormat<PointingMode>(
      expectation: "track, feather or an angle from -180 to 180", completion: .values(["track", "feather"]),
      documentsValues: true, read: { PointingMode(text: $0) }, write: \.description),
    help: "track (follow the sun), feather (edge-on for dockings) or a beta gimbal angle in degrees.")
  static let joint = Argument("joint", ValueFormat<AlphaJoint>.choice, help: "The alpha joint: port or starboard.")
  static let jointMode = Argument(
    "mode",
    ValueFormat<PointingMode>(
      expectation: "track or an angle from -180 to 180", completion: .values(["track"]), documentsValues: true,
      read: { text in PointingMode(text: text).flatMap { $0 == .feather ? nil : $0 } }, write: \.description),
    help: "track (turn with the sun) or an angle in degrees to park at.")
  static let radiator = Argument(
    "radiator", ValueFormat<RadiatorWing>.choice,
    help: "The radiator wing: starboard (S1, loop A) or port (P1, loop B).")
  static let pointing = Argument(
    "angle",
    ValueFormat<RadiatorPointing>(
      expectation: "track or an angle from -105 to 105", completion: .values(["track"]), documentsValues: true,
      read: { text in
        RadiatorPointing(text: text).flatMap { pointing in
          if case .angle(let degrees) = pointing, abs(degrees) > 105 { return nil }
          return pointing
        }
      }, write: \.description),
    help: "track (edge-on to the sun) or the rotary joint's angle in degrees.")
  static let port = Argument(
    "port", ValueFormat<DockingPort>.choice, help: "The docking port.")
  static let vehicle = Argument(
    "vehicle", ValueFormat<VehicleKind>.choice, help: "The visiting vehicle.")

  // Commands.
  static let statusCommand = Command(
    "status", aliases: ["overview"], abstract: "Power, thermal, docking, alerts and the station's position.",
    discussion: "With --watch --json, give --count: the output is one JSON array of the samples.",
    parameters: [watch, count, interval], json: true
  ) { values in
    guard values[watch] || (values[count] == nil && values[interval] == nil) else {
      throw UsageError("--count and --interval-ms go with --watch, e.g. 'status --watch --count 5'")
    }
    return PeripheriesRoute.status(
      watch: values[watch] ? Watch(count: values[count], intervalMilliseconds: values[interval]) : nil)
  }
  static let powerCommand = Command(
    "power", abstract: "The eight solar array wings, the alpha joints, the batteries and the orbit.", json: true
  ) { _ in PeripheriesRoute.power }
  static let wingCommand = Command(
    "power wing", abstract: "Drive a wing's beta gimbal: track the sun, feather, or hold an angle.",
    discussion: "A wing near a port where a vehicle approaches or departs stays feathered (exit 65).",
    parameters: [channel, wingMode], json: true
  ) { values in PeripheriesRoute.wing(values[channel], values[wingMode]) }
  static let jointCommand = Command(
    "power sarj", abstract: "Drive a solar alpha rotary joint: track the sun or park at an angle.",
    parameters: [joint, jointMode], json: true
  ) { values in PeripheriesRoute.joint(values[joint], values[jointMode]) }
  static let thermalCommand = Command(
    "thermal", abstract: "Ammonia loops A and B and the radiator wings: temperatures, pumps, heat rejected.",
    json: true
  ) { _ in PeripheriesRoute.thermal }
  static let deployCommand = Command(
    "thermal deploy", abstract: "Extend a radiator's panels (about ten minutes).", parameters: [radiator], json: true
  ) { values in PeripheriesRoute.radiator(.deploy(values[radiator])) }
  static let retractCommand = Command(
    "thermal retract", abstract: "Retract a radiator's panels (about ten minutes).", parameters: [radiator],
    json: true
  ) { values in PeripheriesRoute.radiator(.retract(values[radiator])) }
  static let rotateCommand = Command(
    "thermal rotate", abstract: "Turn a radiator's rotary joint to an angle, or let it track.",
    parameters: [radiator, pointing], json: true
  ) { values in PeripheriesRoute.radiator(.rotate(values[radiator], values[pointing])) }
  static let dockingCommand = Command(
    "docking", abstract: "The docking ports, the vehicles at them and the next visiting vehicles.", json: true
  ) { _ in PeripheriesRoute.docking }
  static let approachCommand = Command(
    "docking approach", abstract: "Start a vehicle's final approach to a free port.",
    discussion: "Refused (exit 65, nothing changes) when the port is occupied, the vehicle does not fit the "
      + "port, another vehicle is moving, or the wings near the port are not feathered "
      + "('power wing <wing> feather').",
    parameters: [port, vehicle], json: true
  ) { values in PeripheriesRoute.dock(.approach(values[port], values[vehicle])) }
  static let scheduleCommand = Command(
    "docking schedule", abstract: "The visiting-vehicle schedule from Houston (the kept copy when offline).",
    json: true
  ) { _ in PeripheriesRoute.schedule }

  /// The steps that name only a port, in procedure order.
  static let portSteps: [PortStep] = [
    PortStep("capture", "Capture the vehicle at contact (soft capture).", DockingCommand.capture),
    PortStep("hard-dock", "Close the hooks: hard dock.", DockingCommand.hardDock),
    PortStep("open-hatch", "Open the hatch of a hard-docked vehicle.", DockingCommand.openHatch),
    PortStep("close-hatch", "Close the hatch.", DockingCommand.closeHatch),
    PortStep("undock", "Open the hooks: the vehicle departs (the hatch must be closed).", DockingCommand.undock),
    PortStep("abort", "Wave off an approach: the vehicle backs away.", DockingCommand.abort),
  ]

  /// A docking step that takes only a port.
  struct PortStep: Sendable {
    let command: Command<PeripheriesRoute>
    let make: @Sendable (DockingPort) -> DockingCommand

    init(_ word: String, _ abstract: String, _ make: @escaping @Sendable (DockingPort) -> DockingCommand) {
      self.make = make
      command = Command("docking \(word)", abstract: abstract, parameters: [PeripheriesRoute.port], json: true) {
        values in PeripheriesRoute.dock(make(values[PeripheriesRoute.port]))
      }
    }

    func matches(_ step: DockingCommand) -> Bool { make(step.port) == step }
  }
}

// MARK: - Interactive app

extension PeripheriesRoute: DomainRoute {
  public static let mainMenu = [
    MenuEntry("Overview", key: "o", route: PeripheriesRoute.status(watch: nil)),
    MenuEntry("Power", key: "p", route: PeripheriesRoute.power),
    MenuEntry("Thermal", key: "t", route: PeripheriesRoute.thermal),
    MenuEntry("Docking", key: "d", route: PeripheriesRoute.docking),
  ]

  public init?(destination: Destination) {
    switch destination {
    case .profile, .supplies, .missionControlSync, .spacesuit, .health: return nil
    }
  }

  public var change: LocalizedText? { changeSentence.map { .verbatim($0) } }

  /// What the route changes, in English (until the domain has string tables).
  var changeSentence: String? {
    switch self {
    case .wing(let channel, let mode): "drive wing \(channel.rawValue)'s beta gimbal to \(mode)."
    case .joint(let joint, let mode): "drive the \(joint.rawValue) alpha joint to \(mode)."
    case .radiator(let command): "\(command.description)."
    case .dock(let step): "\(step.description)."
    case .status, .power, .thermal, .docking, .schedule: nil
    }
  }
}
