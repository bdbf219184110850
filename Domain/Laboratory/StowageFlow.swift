import CosmonautServiceInterface
import LaboratoryServiceInterface
import Localization
import UIComponents

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
    try context.show(try await report(), as: LabScreens.stowage)
  }

  func logIn(freezer: String, label: String, experiment: String?) async throws {
    let crew = try await cosmonaut.profile().name
    let sample = try await lab.logIn(
      SampleLogIn(label: label, freezer: freezer, experiment: experiment), crew: crew.isEmpty ? nil : crew)
    try context.show(sample, as: LabScreens.sample)
  }

  func logOut(_ sample: String) async throws {
    try context.show(try await lab.logOut(sample), as: LabScreens.sample)
  }

  func runInteractive() async {
    let (theme, translator) = (context.theme, context.translator)
    let screen = InteractiveScreen(
      menu: Menu<StowageChoice>(Strings.menuStowage),
      load: { try await report() }, render: { LabScreens.stowage($0, theme: theme, translator: translator) })
    await screen.run(in: context) { choice, _ in
      switch choice {
      case .logIn:
        guard
          let freezer = context.ask(
            Strings.askFreezer(freezers: Freezer.all.map(\.id).joined(separator: ", ")),
            reading: LaboratoryRoute.freezer.format),
          let label = context.ask(Strings.askLabel, reading: LaboratoryRoute.label.format)
        else { return .stay }
        await context.presentingErrors { try await logIn(freezer: freezer, label: label, experiment: nil) }
      case .logOut:
        guard let sample = context.ask(Strings.askSample, reading: LaboratoryRoute.sample.format) else { return .stay }
        await context.presentingErrors { try await logOut(sample) }
      case .refresh: break
      case .back: return .leave
      }
      return .stay
    }
  }
}
