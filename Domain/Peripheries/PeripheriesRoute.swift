import CommandLineKit
import DockingPortServiceInterface
import HeatRadiatorServiceInterface
import Localization
import Navigation
import SolarArrayServiceInterface
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
  static let watch = Flag("watch", help: Strings.helpWatch)
  static let count = Option(
    "count", .integer(in: 1...1_000_000), placeholder: "n", help: Strings.helpCount)
  static let interval = Option(
    "interval-ms", .integer(in: 100...3_600_000), placeholder: "ms",
    help: Strings.helpInterval)
  static let channel = Argument(
    "wing", ValueFormat<PowerChannel>.choice, help: Strings.helpWing)
  static let wingMode = Argument(
    "mode",
    ValueFormat<PointingMode>(
      expectation: Strings.formatWingMode, completion: .values(["track", "feather"]),
      documentsValues: true, read: { PointingMode(text: $0, in: $1) }, write: \.description),
    help: Strings.helpWingMode)
  static let joint = Argument("joint", ValueFormat<AlphaJoint>.choice, help: Strings.helpJoint)
  static let jointMode = Argument(
    "mode",
    ValueFormat<PointingMode>(
      expectation: Strings.formatJointMode, completion: .values(["track"]), documentsValues: true,
      read: { text, language in PointingMode(text: text, in: language).flatMap { $0 == .feather ? nil : $0 } },
      write: \.description),
    help: Strings.helpJointMode)
  static let radiator = Argument(
    "radiator", ValueFormat<RadiatorWing>.choice,
    help: Strings.helpRadiator)
  static let pointing = Argument(
    "angle",
    ValueFormat<RadiatorPointing>(
      expectation: Strings.formatRadiatorAngle, completion: .values(["track"]), documentsValues: true,
      read: { text, language in
        RadiatorPointing(text: text, in: language).flatMap { pointing in
          if case .angle(let degrees) = pointing, abs(degrees) > 105 { return nil }
          return pointing
        }
      }, write: \.description),
    help: Strings.helpRadiatorAngle)
  static let port = Argument(
    "port", ValueFormat<DockingPort>.choice, help: Strings.helpPort)
  static let vehicle = Argument(
    "vehicle", ValueFormat<VehicleKind>.choice, help: Strings.helpVehicle)

  // Commands.
  static let statusCommand = Command(
    "status", aliases: ["overview"], abstract: Strings.commandStatus, discussion: Strings.commandStatusDiscussion,
    parameters: [watch, count, interval], json: true
  ) { values in
    guard values[watch] || (values[count] == nil && values[interval] == nil) else {
      throw UsageError(Strings.errorCountNeedsWatch)
    }
    return PeripheriesRoute.status(
      watch: values[watch] ? Watch(count: values[count], intervalMilliseconds: values[interval]) : nil)
  }
  static let powerCommand = Command(
    "power", abstract: Strings.commandPower, json: true
  ) { _ in PeripheriesRoute.power }
  static let wingCommand = Command(
    // untranslated: command words
    "power wing", abstract: Strings.commandWing, discussion: Strings.commandWingDiscussion,
    parameters: [channel, wingMode], json: true
  ) { values in PeripheriesRoute.wing(values[channel], values[wingMode]) }
  static let jointCommand = Command(
    // untranslated: command words
    "power sarj", abstract: Strings.commandJoint,
    parameters: [joint, jointMode], json: true
  ) { values in PeripheriesRoute.joint(values[joint], values[jointMode]) }
  static let thermalCommand = Command(
    "thermal", abstract: Strings.commandThermal, json: true
  ) { _ in PeripheriesRoute.thermal }
  static let deployCommand = Command(
    // untranslated: command words
    "thermal deploy", abstract: Strings.commandDeploy, parameters: [radiator], json: true
  ) { values in PeripheriesRoute.radiator(.deploy(values[radiator])) }
  static let retractCommand = Command(
    // untranslated: command words
    "thermal retract", abstract: Strings.commandRetract, parameters: [radiator], json: true
  ) { values in PeripheriesRoute.radiator(.retract(values[radiator])) }
  static let rotateCommand = Command(
    // untranslated: command words
    "thermal rotate", abstract: Strings.commandRotate,
    parameters: [radiator, pointing], json: true
  ) { values in PeripheriesRoute.radiator(.rotate(values[radiator], values[pointing])) }
  static let dockingCommand = Command(
    "docking", abstract: Strings.commandDocking, json: true
  ) { _ in PeripheriesRoute.docking }
  static let approachCommand = Command(
    // untranslated: command words
    "docking approach", abstract: Strings.commandApproach, discussion: Strings.commandApproachDiscussion,
    parameters: [port, vehicle], json: true
  ) { values in PeripheriesRoute.dock(.approach(values[port], values[vehicle])) }
  static let scheduleCommand = Command(
    // untranslated: command words
    "docking schedule", abstract: Strings.commandSchedule, json: true
  ) { _ in PeripheriesRoute.schedule }

  /// The steps that name only a port, in procedure order.
  static let portSteps: [PortStep] = [
    PortStep("capture", Strings.commandCapture, DockingCommand.capture),
    PortStep("hard-dock", Strings.commandHardDock, DockingCommand.hardDock),
    PortStep("open-hatch", Strings.commandOpenHatch, DockingCommand.openHatch),
    PortStep("close-hatch", Strings.commandCloseHatch, DockingCommand.closeHatch),
    PortStep("undock", Strings.commandUndock, DockingCommand.undock),
    PortStep("abort", Strings.commandAbort, DockingCommand.abort),
  ]

  /// A docking step that takes only a port.
  struct PortStep: Sendable {
    let command: Command<PeripheriesRoute>
    let make: @Sendable (DockingPort) -> DockingCommand

    init(_ word: String, _ abstract: LocalizedText, _ make: @escaping @Sendable (DockingPort) -> DockingCommand) {
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
    MenuEntry(Strings.menuOverview, key: "o", choice: PeripheriesRoute.status(watch: nil)),
    MenuEntry(Strings.menuPower, key: "p", choice: PeripheriesRoute.power),
    MenuEntry(Strings.menuThermal, key: "t", choice: PeripheriesRoute.thermal),
    MenuEntry(Strings.menuDocking, key: "d", choice: PeripheriesRoute.docking),
  ]

  /// The station's screens are no other domain's destination.
  public init?(destination: Destination) { nil }

  public var change: LocalizedText? {
    switch self {
    case .wing(let channel, let mode): Strings.changeWing(wing: channel.rawValue, mode: mode.localizedName)
    case .joint(let joint, let mode): Strings.changeJoint(joint: joint.localizedName, mode: mode.localizedName)
    case .radiator(let command): Strings.changeStep(step: command.localizedDescription)
    case .dock(let step): Strings.changeStep(step: step.localizedDescription)
    case .status, .power, .thermal, .docking, .schedule: nil
    }
  }
}
