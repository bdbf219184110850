import CommandLineKit
import CosmonautServiceInterface
import LaboratoryServiceInterface
import Localization
import UIComponents

/// Prints a value as text or, for `--json`, as the command's one JSON document.
@MainActor
struct Output {
  let context: FlowContext

  func show<Value: Encodable>(_ value: Value, _ text: (Value, Theme, Translator) -> String) throws {
    if context.json {
      try context.printJSON(value)
    } else {
      context.terminal.print(text(value, context.theme, context.translator))
    }
  }

  /// Asks for a value read by `argument`'s format; nil when cancelled (Enter, Ctrl-D, Ctrl-C).
  func ask<Value>(_ argument: Argument<Value>, _ question: LocalizedText) -> Value? {
    Prompt<Value>(Strings.askQuestion(question: question), emptyAnswerCancels: true) { answer in
      argument.format.read(answer).map { .success($0) }
        ?? .failure(ValidationError(Strings.promptNotValid(answer: answer, expectation: argument.format.expectation)))
    }.ask(on: context.terminal)
  }

  /// Asks for a required option's value (e.g. a reason); nil when cancelled.
  func ask<Value>(_ option: Option<Value>, _ question: LocalizedText) -> Value? {
    ask(Argument(option.name, option.format, help: ""), question)
  }
}

/// The labs: racks and freezers; switching racks. Faults are alerts, recorded.
@MainActor
struct LabsFlow {
  let context: FlowContext
  let lab: any LaboratoryClient

  func show() async throws {
    let telemetry = try await lab.telemetry()
    record(telemetry)
    try Output(context: context).show(telemetry, LabScreens.labs)
  }

  func switchRack(_ rack: String, to state: RackState) async throws {
    let answer = try await lab.send(RackCommand(rack: rack, state: state))
    try Output(context: context).show(answer) { answer, theme, translator in
      theme.apply(.ok, to: translator(Strings.rackDone(message: answer.message)))
    }
  }

  func runInteractive() async {
    let (lab, theme, translator, output) = (lab, context.theme, context.translator, Output(context: context))
    let screen = InteractiveScreen(
      menu: context.menu(
        Strings.menuLabs, [("r", Strings.menuRefresh), ("w", Strings.menuSwitchRack), ("b", Strings.menuBack)]),
      load: { try await lab.telemetry() }, render: { LabScreens.labs($0, theme: theme, translator: translator) })
    await screen.run(in: context) { choice, telemetry in
      record(telemetry)
      switch choice.key {
      case "w":
        guard
          let rack = output.ask(
            LaboratoryRoute.rackID, Strings.askRack(racks: Rack.all.map(\.id).joined(separator: ", "))),
          let state = output.ask(LaboratoryRoute.rackState, Strings.askState)
        else { return .stay }
        await context.presentingErrors { try await switchRack(rack, to: state) }
      case "r": break
      default: return .leave
      }
      return .stay
    }
  }

  private func record(_ telemetry: LabTelemetry) {
    for reading in telemetry.racks where reading.state == .fault {
      context.analytics.track("lab.alert", ["rack": reading.rack, "message": reading.fault ?? "fault"])
    }
  }
}

/// The cold stowage: freezers, samples in and out, excursion alerts.
@MainActor
struct StowageFlow {
  let context: FlowContext
  let lab: any LaboratoryClient
  let cosmonaut: any CosmonautClient

  func report() async throws -> StowageReport {
    let report = try await lab.stowage()
    for alert in report.alerts {
      context.analytics.track(
        "lab.alert", ["freezer": alert.freezer, "message": alert.message, "atRisk": String(alert.samplesAtRisk.count)])
      context.logger.warning("alert: \(alert.message)")
    }
    return report
  }

  func show() async throws {
    try Output(context: context).show(try await report(), LabScreens.stowage)
  }

  func logIn(freezer: String, label: String, experiment: String?) async throws {
    let crew = try await cosmonaut.profile().name
    let sample = try await lab.logIn(
      SampleLogIn(label: label, freezer: freezer, experiment: experiment), crew: crew.isEmpty ? nil : crew)
    try Output(context: context).show(sample, LabScreens.sample)
  }

  func logOut(_ sample: String) async throws {
    try Output(context: context).show(try await lab.logOut(sample), LabScreens.sample)
  }

  func runInteractive() async {
    let (theme, translator) = (context.theme, context.translator)
    let output = Output(context: context)
    let screen = InteractiveScreen(
      menu: context.menu(
        Strings.menuStowage,
        [
          ("r", Strings.menuRefresh), ("i", Strings.menuLogIn), ("o", Strings.menuLogOut), ("b", Strings.menuBack),
        ]),
      load: { try await report() }, render: { LabScreens.stowage($0, theme: theme, translator: translator) })
    await screen.run(in: context) { choice, _ in
      switch choice.key {
      case "i":
        guard
          let freezer = output.ask(
            LaboratoryRoute.freezer, Strings.askFreezer(freezers: Freezer.all.map(\.id).joined(separator: ", "))),
          let label = output.ask(LaboratoryRoute.label, Strings.askLabel)
        else { return .stay }
        await context.presentingErrors { try await logIn(freezer: freezer, label: label, experiment: nil) }
      case "o":
        guard let sample = output.ask(LaboratoryRoute.sample, Strings.askSample) else { return .stay }
        await context.presentingErrors { try await logOut(sample) }
      case "r": break
      default: return .leave
      }
      return .stay
    }
  }
}

/// The experiment catalogue and the crew's run schedule, from Houston or the kept copies.
@MainActor
struct ExperimentsFlow {
  let context: FlowContext
  let lab: any LaboratoryClient

  /// The experiment `id` from the catalogue.
  func experiment(_ id: String) async throws -> Experiment {
    let catalogue = try await lab.catalogue().document
    guard let experiment = catalogue.experiment(id) else {
      throw LaboratoryFlowError.unknownExperiment(id, known: catalogue.experiments.map(\.id))
    }
    return experiment
  }

  func showCatalogue() async throws {
    try Output(context: context).show(try await lab.catalogue(), LabScreens.catalogue)
  }

  func show(_ id: String) async throws {
    try Output(context: context).show(try await experiment(id), LabScreens.experiment)
  }

  func showSchedule() async throws {
    try Output(context: context).show(try await lab.schedule(), LabScreens.schedule)
  }

  func runInteractive(runs: RunFlow) async {
    let (lab, theme, translator, output) = (lab, context.theme, context.translator, Output(context: context))
    let screen = InteractiveScreen(
      menu: context.menu(
        Strings.menuExperiments,
        [
          ("v", Strings.menuViewProcedure), ("s", Strings.menuStartRun), ("c", Strings.menuCrewSchedule),
          ("b", Strings.menuBack),
        ]),
      load: { try await lab.catalogue() }, render: { LabScreens.catalogue($0, theme: theme, translator: translator) })
    await screen.run(in: context) { choice, catalogue in
      let ids = catalogue.document.experiments.map(\.id).joined(separator: ", ")
      switch choice.key {
      case "v":
        guard let id = output.ask(LaboratoryRoute.experimentID, Strings.askExperiment(experiments: ids)) else {
          return .stay
        }
        await context.presentingErrors { try await show(id) }
      case "s":
        guard let id = output.ask(LaboratoryRoute.experimentID, Strings.askExperiment(experiments: ids)) else {
          return .stay
        }
        await runs.start(id)
      case "c": await context.presentingErrors { try await showSchedule() }
      default: return .leave
      }
      return .stay
    }
  }
}

/// Results waiting for the ground, and sending them.
@MainActor
struct ResultsFlow {
  let context: FlowContext
  let lab: any LaboratoryClient

  func show() async throws {
    try Output(context: context).show(try await lab.results(), LabScreens.results)
  }

  func send() async throws {
    let lab = lab
    guard let report = try await context.interruptible({ try await lab.sendResults() }) else { return }
    context.analytics.track("lab.results.sent", ["delivered": String(report.delivered.count)])
    try Output(context: context).show(report, LabScreens.results)
  }

  func runInteractive() async {
    let (lab, theme, translator) = (lab, context.theme, context.translator)
    let screen = InteractiveScreen(
      menu: context.menu(
        Strings.menuResults, [("s", Strings.menuSend), ("r", Strings.menuRefresh), ("b", Strings.menuBack)]),
      load: { try await lab.results() }, render: { LabScreens.results($0, theme: theme, translator: translator) })
    await screen.run(in: context) { choice, _ in
      switch choice.key {
      case "s": await context.presentingErrors { try await send() }
      case "r": break
      default: return .leave
      }
      return .stay
    }
  }
}

extension FlowContext {
  /// A menu titled `title` with `items` (key, title), in the terminal's language.
  func menu(_ title: LocalizedText, _ items: [(key: String, title: LocalizedText)]) -> Menu {
    Menu(title: translator(title), items: items.map { Menu.Item(key: $0.key, title: translator($0.title)) })
  }
}
