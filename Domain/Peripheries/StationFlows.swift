import CommandLineKit
import DockingPortServiceInterface
import Foundation
import HeatRadiatorServiceInterface
import Localization
import SolarArrayServiceInterface
import UIComponents

/// The steps that change the station: each checks the rules that span services, is sent to its
/// service, and prints the acknowledgement (text or JSON). A refusal throws (exit 65) and changes nothing.
@MainActor
struct StationCommands {
  let context: FlowContext
  let reader: StationReader

  func perform(_ route: PeripheriesRoute) async throws {
    let outcome: LocalizedText
    let document: any Encodable & Sendable
    switch route {
    case .wing(let channel, let mode):
      if let refusal = StationRules.refusal(of: channel, mode: mode, docking: try await reader.docking.status()) {
        throw refusal
      }
      let command = PowerCommand.wing(channel, mode)
      (outcome, document) = (command.outcome, try await reader.power.send(command))
    case .joint(let joint, let mode):
      let command = PowerCommand.joint(joint, mode)
      (outcome, document) = (command.outcome, try await reader.power.send(command))
    case .radiator(let command):
      (outcome, document) = (command.outcome, try await reader.thermal.send(command))
    case .dock(let step):
      let port = try await reader.docking.status().port(step.port)
      if let refusal = StationRules.refusal(of: step, at: port, power: try await reader.power.status()) {
        throw refusal
      }
      let answer = try await reader.docking.send(step)
      (outcome, document) = (answer.outcome, answer)
    case .status, .power, .thermal, .docking, .schedule:
      return
    }
    context.analytics.track("station.command", ["route": route.link.description])
    if context.json {
      try context.printJSON(document)
    } else {
      context.terminal.print(context.theme.apply(.ok, to: context.translator(Strings.commandDone(outcome: outcome))))
    }
  }

  /// Performs `route` from a screen: errors are shown, the screen goes on.
  func performShowingErrors(_ route: PeripheriesRoute) async {
    await context.presentingErrors { try await perform(route) }
  }

  /// Asks for a value read by `argument`'s format; nil when input ends.
  func ask<Value>(_ argument: Argument<Value>, _ question: LocalizedText) -> Value? {
    Prompt<Value>(question) { answer in
      argument.format.read(answer).map { .success($0) }
        ?? .failure(ValidationError(Strings.promptNotValid(answer: answer, expectation: argument.format.expectation)))
    }.ask(on: context.terminal)
  }
}

/// The overview: power, thermal, docking, alerts and position, once, watched, or as a screen.
@MainActor
struct OverviewFlow {
  let context: FlowContext
  let reader: StationReader
  let alerts: AlertRecorder

  static let defaultInterval = 2000

  func document() async throws -> StationDocument {
    let document = try await reader.document()
    alerts.record(document.alerts)
    return document
  }

  func printOnce() async throws {
    let document = try await document()
    if context.json {
      try context.printJSON(document)
    } else {
      context.terminal.print(StationScreens.overview(document, theme: context.theme, translator: context.translator))
    }
  }

  /// Draws the overview `count` times (nil: until Ctrl-C): in place on a terminal, one line per
  /// sample when the output is piped, one JSON array with `--json`.
  func watch(_ watch: PeripheriesRoute.Watch) async throws {
    if context.json && watch.count == nil { throw PeripheriesError.jsonNeedsCount }
    let interval = Duration.milliseconds(watch.intervalMilliseconds ?? Self.defaultInterval)
    let redraws = context.theme.usesColor
    var samples: [StationDocument] = []
    var drawn = 0
    while watch.count.map({ drawn < $0 }) ?? true {
      if drawn > 0 { try await Task.sleep(for: interval) }
      let document = try await document()
      drawn += 1
      if context.json {
        samples.append(document)
      } else if redraws {
        context.terminal.clearScreen()
        context.terminal.print(StationScreens.overview(document, theme: context.theme, translator: context.translator))
        context.terminal.print(context.theme.apply(.dim, to: context.translator(Strings.watchSample(number: drawn))))
      } else {
        context.terminal.print(StationScreens.watchLine(document, translator: context.translator))
      }
    }
    if context.json { try context.printJSON(samples) }
  }

  func runInteractive(power: PowerFlow, thermal: ThermalFlow, docking: DockingFlow) async {
    let (theme, translator) = (context.theme, context.translator)
    let screen = InteractiveScreen(
      menu: context.menu(
        Strings.menuOverview,
        [
          ("r", Strings.menuRefresh), ("w", Strings.menuWatch), ("p", Strings.menuPower), ("t", Strings.menuThermal),
          ("d", Strings.menuDocking), ("b", Strings.menuBack),
        ]),
      load: { try await document() }, render: { StationScreens.overview($0, theme: theme, translator: translator) })
    await screen.run(in: context) { choice, _ in
      switch choice.key {
      case "w":
        await context.presentingErrors { try await watch(.init(count: 5, intervalMilliseconds: nil)) }
      case "p": await power.runInteractive()
      case "t": await thermal.runInteractive()
      case "d": await docking.runInteractive()
      case "r": break
      default: return .leave
      }
      return .stay
    }
  }
}

/// The power screen: wings, joints, batteries; driving gimbals and joints.
@MainActor
struct PowerFlow {
  let view: SystemView<PowerStatus>
  let commands: StationCommands

  init(context: FlowContext, reader: StationReader, alerts: AlertRecorder, commands: StationCommands) {
    view = SystemView(
      context: context, alerts: alerts, load: { try await reader.power.status() },
      classify: StationReader.alerts(power:),
      render: StationScreens.power)
    self.commands = commands
  }

  func printOnce() async throws { try await view.printOnce() }

  func runInteractive() async {
    let menu = view.context.menu(
      Strings.menuPower,
      [
        ("r", Strings.menuRefresh), ("w", Strings.menuDriveWing), ("s", Strings.menuDriveJoint),
        ("f", Strings.menuFeatherNearPort), ("b", Strings.menuBack),
      ])
    await view.screen(menu).run(in: view.context) { choice, _ in
      switch choice.key {
      case "w":
        guard let wing = commands.ask(PeripheriesRoute.channel, Strings.askWing),
          let mode = commands.ask(PeripheriesRoute.wingMode, Strings.askWingMode)
        else { return .leave }
        await commands.performShowingErrors(.wing(wing, mode))
      case "s":
        guard let joint = commands.ask(PeripheriesRoute.joint, Strings.askJoint),
          let mode = commands.ask(PeripheriesRoute.jointMode, Strings.askJointMode)
        else { return .leave }
        await commands.performShowingErrors(.joint(joint, mode))
      case "f":
        guard let port = commands.ask(PeripheriesRoute.port, Strings.askPort) else { return .leave }
        for wing in StationRules.wingsNear(port) { await commands.performShowingErrors(.wing(wing, .feather)) }
      case "r": break
      default: return .leave
      }
      return .stay
    }
  }
}

/// The thermal screen: loops and radiators; deploying, retracting and rotating radiators.
@MainActor
struct ThermalFlow {
  let view: SystemView<ThermalStatus>
  let commands: StationCommands

  init(context: FlowContext, reader: StationReader, alerts: AlertRecorder, commands: StationCommands) {
    view = SystemView(
      context: context, alerts: alerts, load: { try await reader.thermal.status() },
      classify: StationReader.alerts(thermal:), render: StationScreens.thermal)
    self.commands = commands
  }

  func printOnce() async throws { try await view.printOnce() }

  func runInteractive() async {
    let menu = view.context.menu(
      Strings.menuThermal,
      [
        ("r", Strings.menuRefresh), ("d", Strings.menuDeploy), ("x", Strings.menuRetract), ("o", Strings.menuRotate),
        ("b", Strings.menuBack),
      ])
    await view.screen(menu).run(in: view.context) { choice, _ in
      guard choice.key != "r" else { return .stay }
      guard ["d", "x", "o"].contains(choice.key) else { return .leave }
      guard let wing = commands.ask(PeripheriesRoute.radiator, Strings.askRadiator) else { return .leave }
      switch choice.key {
      case "d": await commands.performShowingErrors(.radiator(.deploy(wing)))
      case "x": await commands.performShowingErrors(.radiator(.retract(wing)))
      default:
        guard let pointing = commands.ask(PeripheriesRoute.pointing, Strings.askAngle) else {
          return .leave
        }
        await commands.performShowingErrors(.radiator(.rotate(wing, pointing)))
      }
      return .stay
    }
  }
}

/// The docking screen: ports, vehicles, the schedule; the steps of the procedure.
@MainActor
struct DockingFlow {
  let context: FlowContext
  let reader: StationReader
  let commands: StationCommands
  var features = PeripheriesFeatures()

  func printOnce() async throws {
    let docking = try await reader.docking.status()
    if context.json {
      try context.printJSON(docking)
    } else {
      context.terminal.print(
        StationScreens.docking(
          docking, schedule: await keptSchedule(), theme: context.theme, translator: context.translator))
    }
  }

  func printSchedule() async throws {
    let reading = try await reader.schedule.schedule()
    if context.json {
      try context.printJSON(reading)
    } else {
      context.terminal.print(StationScreens.schedule(reading, theme: context.theme, translator: context.translator))
    }
  }

  /// The schedule for the docking screen (none when the partner leaves it out: Houston is not
  /// asked); its absence is logged, not an error of the screen.
  private func keptSchedule() async -> ScheduleReading? {
    guard features.showsVehicleSchedule else { return nil }
    do { return try await reader.schedule.schedule() } catch {
      context.logger.info("docking screen without a schedule: \(error)")
      return nil
    }
  }

  func runInteractive() async {
    let (theme, translator) = (context.theme, context.translator)
    var items: [(key: String, title: LocalizedText)] = [
      ("r", Strings.menuRefresh), ("a", Strings.menuApproach), ("s", Strings.menuNextStep), ("n", Strings.menuUndock),
    ]
    // Cross-domain: unloading a cargo vehicle means updating the supplies, where the app has them.
    if context.navigator.canNavigate(to: .supplies) { items.append(("u", Strings.menuSupplies)) }
    items.append(("b", Strings.menuBack))
    let screen = InteractiveScreen(
      menu: context.menu(Strings.menuDocking, items),
      load: { () async throws -> (DockingStatus, ScheduleReading?) in
        (try await reader.docking.status(), await keptSchedule())
      },
      render: { StationScreens.docking($0.0, schedule: $0.1, theme: theme, translator: translator) })
    await screen.run(in: context) { choice, shown in
      switch choice.key {
      case "a":
        guard let port = commands.ask(PeripheriesRoute.port, Strings.askPort),
          let vehicle = commands.ask(PeripheriesRoute.vehicle, Strings.askVehicle)
        else { return .leave }
        await commands.performShowingErrors(.dock(.approach(port, vehicle)))
      case "s":
        guard let port = commands.ask(PeripheriesRoute.port, Strings.askPort) else { return .leave }
        guard let step = Self.nextStep(at: shown.0.port(port)) else {
          context.terminal.printError(Strings.dockingNothingToDo(port: port.rawValue))
          return .stay
        }
        await commands.performShowingErrors(.dock(step))
      case "n":
        guard let port = commands.ask(PeripheriesRoute.port, Strings.askPort) else { return .leave }
        await commands.performShowingErrors(.dock(.undock(port)))
      case "u": await context.navigate(to: .supplies)
      case "r": break
      default: return .leave
      }
      return .stay
    }
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

extension FlowContext {
  /// A menu titled `title` with `items` (key, title), in the terminal's language.
  func menu(_ title: LocalizedText, _ items: [(key: String, title: LocalizedText)]) -> Menu {
    Menu(title: translator(title), items: items.map { Menu.Item(key: $0.key, title: translator($0.title)) })
  }
}
